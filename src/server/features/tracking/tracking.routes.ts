import type { FastifyInstance } from "fastify";
import { trackingEndpoints } from "#shared/tracking.ts";
import { route } from "../../lib/route.ts";

export async function trackingRoutes(app: FastifyInstance) {
  const { tracking, progress } = app.services;
  route(app, trackingEndpoints.checkAchievements, async ({ user, body, req }) => {
    await tracking.record(user.id, {
      source: "achievements_check",
      activityType: body.activityType,
      value: body.value,
      metadata: body.metadata,
    });
    // A hint to re-evaluate now: the awards come from recorded facts, never from body.value.
    await progress.evaluate(user.id).catch((err: unknown) => {
      req.log.error({ err }, "achievement re-evaluation failed");
    });
    return { recorded: true as const };
  });
  route(app, trackingEndpoints.trackStudyStats, async ({ user, body }) => {
    await tracking.record(user.id, {
      source: "study_stats_track",
      activityType: body.action,
      value: 1,
      metadata: body.metadata,
    });
    return { recorded: true as const };
  });
}
