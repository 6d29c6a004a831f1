import { AchievementsView } from "#client/features/achievements/achievements-view.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";
import { FocusStatsCard } from "#client/features/study/components/focus/focus-stats.tsx";

/**
 * The summary cards need the signed-in student's id for the study-stats call (SPEC §7); the study
 * feature adds the focus timer's time per course and per task (issue 26 §6).
 */
export function AchievementsPage() {
  const me = useMe();
  return me.data ? <AchievementsView userId={me.data.id} extra={<FocusStatsCard />} /> : null;
}
