import { useQuery } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { DeferredDialog } from "#client/components/deferred-dialog.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { levelFor, STREAK_RULE } from "#shared/achievements/progress.ts";
import { localDay } from "#shared/local-day.ts";
import { achievementQueries } from "./achievements.api.ts";
import { AchievementCard } from "./components/achievement-card.tsx";
import { StudyHeatmap } from "./components/heatmap.tsx";
import { ShareProgressButton } from "./components/share-button.tsx";
import { shareDialog } from "./components/share-dialog.lazy.ts";

/** These sections add no wording of their own to a failure: errorMessage's default. */
const ERROR_FALLBACK = "Request failed";

function Summary({ userId, earned, total }: { userId: number; earned: number; total: number }) {
  const stats = useQuery(achievementQueries.stats(userId));
  const percent = total ? Math.round((earned / total) * 100) : 0;
  const level = levelFor(stats.data?.totalPoints ?? 0);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Card className="grid gap-2 p-4">
        <CardTitle className="text-sm font-medium text-muted">Achievements Earned</CardTitle>
        <p className="text-2xl font-semibold tabular-nums" data-testid="earned-count">
          {earned}/{total}
        </p>
        <div
          role="progressbar"
          aria-label="Achievements earned"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-border"
        >
          <div className="h-full bg-accent-strong" style={{ width: `${percent}%` }} />
        </div>
        {/* Its line is kept while the stats load, so the cards below do not move when they arrive. */}
        <p className="text-xs text-muted" aria-hidden={!stats.data}>
          {stats.data ? `Level ${level.level} · ${stats.data.totalPoints} pts` : "\u00a0"}
        </p>
      </Card>
      <Card className="grid gap-2 p-4">
        <CardTitle className="text-sm font-medium text-muted">Study Time</CardTitle>
        <p className="text-2xl font-semibold tabular-nums">
          {stats.data ? `${(stats.data.totalStudyTime / 60).toFixed(1)} h` : "..."}
        </p>
      </Card>
      <Card className="grid gap-2 p-4">
        <CardTitle className="text-sm font-medium text-muted">Study Streak</CardTitle>
        <p className="text-2xl font-semibold tabular-nums" data-testid="streak">
          {stats.data
            ? `${stats.data.currentStudyStreak} ${stats.data.currentStudyStreak === 1 ? "day" : "days"}`
            : "..."}
        </p>
        <p className="text-xs text-muted">{STREAK_RULE}</p>
      </Card>
    </div>
  );
}

function Heatmap() {
  const heatmap = useQuery(achievementQueries.heatmap());
  return (
    <Card className="grid min-w-0 gap-3">
      <CardTitle>Study activity</CardTitle>
      <QueryView query={heatmap} pending={<Skeleton className="h-24" />} error={ERROR_FALLBACK}>
        {(data) => <StudyHeatmap data={data} today={localDay(new Date(), data.timeZone)} />}
      </QueryView>
    </Card>
  );
}

/** `extra`: more progress from other features, drawn under the heatmap (the page adds focus time). */
export function AchievementsView({ userId, extra }: { userId: number; extra?: ReactNode }) {
  const catalogue = useQuery(achievementQueries.catalogue());
  const list = catalogue.data ?? [];
  const earned = list.filter((a) => a.earned).length;
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Achievements"
        subtitle="Earn points and level up as you study."
        actions={<DeferredDialog dialog={shareDialog} props={{}} trigger={<ShareProgressButton />} />}
      />
      <Summary userId={userId} earned={earned} total={list.length} />
      <Heatmap />
      {extra}
      <section aria-labelledby="all-achievements" className="grid gap-3">
        <h2 id="all-achievements" className="text-lg font-semibold">
          All achievements
        </h2>
        <QueryView
          query={catalogue}
          pending={
            <div role="status" className="text-muted">
              Loading...
            </div>
          }
          error={ERROR_FALLBACK}
        >
          {(all) => (
            <>
              {earned === 0 && (
                <Card className="grid justify-items-center gap-2 py-10 text-center">
                  <Trophy aria-hidden className="h-10 w-10 text-muted" />
                  <p className="font-semibold">No achievements yet</p>
                  <p className="text-sm text-muted">Start studying to unlock your first achievement!</p>
                </Card>
              )}
              {all.length > 0 && (
                <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                  {all.map((a) => (
                    <AchievementCard key={a.id} a={a} />
                  ))}
                </div>
              )}
            </>
          )}
        </QueryView>
      </section>
    </div>
  );
}
