import { useEffect } from "react";
import { Card } from "#client/components/ui/card.tsx";
import type { StudyStats } from "#shared/study-stats.ts";
import { studyStatCards } from "#shared/study-stats.ts";

const WEEKLY_KEY = "weeklyStudyTime";

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
  const items = [
    { label: "Total Hours", value: cards.totalHours },
    { label: "Sessions", value: cards.sessions },
    { label: "Avg Session", value: cards.avgSession },
    { label: "This Week", value: cards.thisWeek },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <Card key={item.label} className="grid gap-1 p-4">
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid={`stat-${item.label}`}>
            {item.value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
