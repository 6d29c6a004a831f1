import { formatDistanceToNowStrict, parseISO } from "date-fns";
import { useEffect, useState } from "react";
import { formatDate } from "#shared/date-format.ts";

/** Longest wait the browser's timer holds reliably; later cards are caught by the next refresh. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * 'All caught up' with a learning card still coming back today (issue 25 §3): says when, counts down,
 * and calls `onDue` when it is due so the card comes back without a reload.
 */
export function NextCardNotice({ nextDue, onDue }: { nextDue: string; onDue: () => void }) {
  const at = parseISO(nextDue);
  const [, tick] = useState(0);
  useEffect(() => {
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(nextDue) - Date.now()) + 250);
    const due = window.setTimeout(onDue, wait);
    const clock = window.setInterval(() => tick((n) => n + 1), 15_000);
    return () => {
      window.clearTimeout(due);
      window.clearInterval(clock);
    };
  }, [nextDue, onDue]);
  const left = at.getTime() - Date.now();
  const wait =
    left < 60_000
      ? "less than a minute"
      : left < 3_600_000
        ? `${Math.ceil(left / 60_000)} min`
        : formatDistanceToNowStrict(at);
  return (
    <p className="text-sm text-muted" data-testid="next-card" aria-live="polite">
      Next card in {wait} (at {formatDate(at, "h:mm a")}). It will appear here by itself.
    </p>
  );
}
