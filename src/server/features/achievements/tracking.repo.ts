import type { DbOrTx } from "../../db/client.ts";
import { activityEvents } from "../../db/schema/tracking.ts";

export type ActivitySource = "achievements_check" | "study_stats_track";

export const trackingRepo = {
  async record(
    db: DbOrTx,
    userId: number,
    event: { source: ActivitySource; activityType: string; value: number; metadata: Record<string, unknown> },
  ): Promise<void> {
    await db.insert(activityEvents).values({ userId, ...event });
  },
};
