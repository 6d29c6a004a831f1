import { AchievementsView } from "#client/features/achievements/achievements-view.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";

/** The summary cards need the signed-in student's id for the study-stats call (SPEC §7). */
export function AchievementsPage() {
  const me = useMe();
  return me.data ? <AchievementsView userId={me.data.id} /> : null;
}
