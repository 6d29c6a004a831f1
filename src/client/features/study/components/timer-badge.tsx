import { cn } from "#client/lib/cn.ts";
import { formatClock } from "#shared/study/study-stats.ts";
import { useStudyTimer } from "../study-timer.tsx";

/** SPEC §2.7 header timer: a green pulsing dot and 'Studying', or a grey one and 'Inactive'. */
export function TimerBadge() {
  const { state } = useStudyTimer();
  const active = state.status === "active";
  return (
    <div
      className="inline-flex h-10 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm"
      data-testid="study-timer"
    >
      <span
        aria-hidden
        className={cn("h-2.5 w-2.5 rounded-full", active ? "animate-pulse bg-green-500" : "bg-slate-400")}
      />
      <span className="font-medium">{active ? "Studying" : "Inactive"}</span>
      <span className="sr-only">Session time</span>
      <span className="font-mono tabular-nums text-muted">{formatClock(active ? state.seconds : 0)}</span>
    </div>
  );
}
