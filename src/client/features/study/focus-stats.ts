export type { FocusStats } from "#shared/study/contract.ts";

/** Focus time as '1 h 05 min', '25 min' or '45 s' (a block shorter than a minute is never recorded). */
export function formatFocus(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}
