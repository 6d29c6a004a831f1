import type { FastifyInstance } from "fastify";
import { trackingEndpoints } from "#shared/tracking.ts";
import { route } from "../../lib/route.ts";
import { trackingRepo } from "./tracking.repo.ts";

/**
 * SPEC §7 tracking calls. For now they only record what happened, for the signed-in student, in the
 * activity log; the achievement and stats rules read that log when they arrive.
 */
export async function trackingRoutes(app: FastifyInstance) {
  route(
    app,
    trackingEndpoints.checkAchievements,
    async ({ user, body }) => {
      await trackingRepo.record(app.db, user.id, {
        source: "achievements_check",
        activityType: body.activityType,
        value: body.value,
        metadata: body.metadata,
      });
      return { recorded: true as const };
    },
    { status: 201 },
  );
  route(
    app,
    trackingEndpoints.trackStudyStats,
    async ({ user, body }) => {
      await trackingRepo.record(app.db, user.id, {
        source: "study_stats_track",
        activityType: body.action,
        value: 1,
        metadata: body.metadata,
      });
      return { recorded: true as const };
    },
    { status: 201 },
  );
}
