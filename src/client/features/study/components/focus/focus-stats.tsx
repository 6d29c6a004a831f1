import { Timer } from "lucide-react";
import { EmptyState, QueryView } from "#client/components/query-view.tsx";
import { Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { type FocusStats, formatFocus } from "../../focus-stats.ts";
import { useFocusStats } from "../../study.api.ts";

function Rows({
  label,
  rows,
}: {
  label: string;
  rows: Array<{ key: number; title: string; seconds: number }>;
}) {
  if (rows.length === 0) return null;
  return (
    <section className="grid min-w-0 gap-2" aria-label={label}>
      <h3 className="text-sm font-medium text-muted">{label}</h3>
      <dl className="grid gap-1">
        {rows.map((r) => (
          <div key={r.key} className="flex min-w-0 items-baseline justify-between gap-3">
            <dt className="min-w-0 break-words">{r.title}</dt>
            <dd className="shrink-0 font-mono tabular-nums">{formatFocus(r.seconds)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function FocusBreakdown({ stats }: { stats: FocusStats }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="sm:col-span-2">
        <span className="text-2xl font-semibold tabular-nums" data-testid="focus-total">
          {formatFocus(stats.totalSeconds)}
        </span>{" "}
        <span className="text-sm text-muted">of focus in all</span>
      </p>
      <Rows label="By course" rows={stats.byCourse.map((c) => ({ key: c.courseId, ...c }))} />
      <Rows label="By task" rows={stats.byTask.map((t) => ({ key: t.taskId, ...t }))} />
    </div>
  );
}

/** Pomodoro focus time per course and per task (issue 26 §6), for the progress screen. */
export function FocusStatsCard() {
  const stats = useFocusStats();
  return (
    <Card className="grid min-w-0 gap-3" data-testid="focus-stats">
      <CardTitle>Focus time</CardTitle>
      <QueryView
        query={stats}
        pending={<Skeleton role="status" aria-label="Loading focus time" className="h-16" />}
        error="Could not load your focus time."
        isEmpty={(s) => s.totalSeconds === 0}
        empty={
          <EmptyState icon={<Timer className="h-8 w-8 text-muted" aria-hidden />} title="No focus time yet">
            <p className="text-sm text-muted">Start the focus timer in the Study Center.</p>
          </EmptyState>
        }
      >
        {(s) => <FocusBreakdown stats={s} />}
      </QueryView>
    </Card>
  );
}
