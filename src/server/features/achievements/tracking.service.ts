import type { Db } from "../../db/client.ts";
import { type ActivitySource, trackingRepo } from "./tracking.repo.ts";

/**
 * SPEC §7 tracking calls. For now they only record what happened, for the signed-in student, in the
 * activity log; the achievement and stats rules read that log when they arrive.
 */
export function createTrackingService({ db }: { db: Db }) {
  return {
    record: (
      userId: number,
      event: {
        source: ActivitySource;
        activityType: string;
        value: number;
        metadata: Record<string, unknown>;
      },
    ) => trackingRepo.record(db, userId, event),
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
