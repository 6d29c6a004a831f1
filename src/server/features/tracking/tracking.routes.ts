import type { FastifyInstance } from "fastify";
import { trackingEndpoints } from "#shared/tracking.ts";
import { route } from "../../lib/route.ts";

export async function trackingRoutes(app: FastifyInstance) {
  const { tracking } = app.services;
  route(app, trackingEndpoints.checkAchievements, async ({ user, body }) => {
    await tracking.record(user.id, {
      source: "achievements_check",
      activityType: body.activityType,
      value: body.value,
      metadata: body.metadata,
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
