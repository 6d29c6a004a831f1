import type { FastifyInstance } from "fastify";
import { trackingEndpoints } from "#shared/achievements/tracking.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";

/** Tracking calls a student may make a minute: far above what the app sends, far below a flood. */
export const DEFAULT_TRACKING_PER_MINUTE = 120;

export async function trackingRoutes(app: FastifyInstance) {
  const { achievements } = app.services;
  const perStudent = app.createRateLimit({
    max: app.config.trackingPerMinute ?? DEFAULT_TRACKING_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `tracking:${req.user?.id ?? req.ip}`,
  });
  // This plugin's routes only, after the auth gate has named the student and before the body is read.
  app.addHook("onRequest", async (req, reply) => {
    const result = await perStudent(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("Retry-After", "60");
      throw tooManyRequests("Too many tracking calls. Please slow down.");
    }
  });
  // SPEC §7 keeps both calls; the app itself makes neither (decision 011): achievements are evaluated on
  // the domain event of the write that changed a fact, once.
  route(app, trackingEndpoints.checkAchievements, async ({ user, req }) => {
    // A hint to re-evaluate now: the awards come from recorded facts, never from the body's value.
    await achievements.evaluate(user.id).catch((err: unknown) => {
      req.log.error({ err }, "achievement re-evaluation failed");
    });
    return { recorded: true as const };
  });
  // Checked and acknowledged; nothing is stored: the stats are computed from the facts themselves
  // (sessions, tasks, reviews), and a log nothing read was dropped (migration drop_activity_events).
  route(app, trackingEndpoints.trackStudyStats, async () => ({ recorded: true as const }));
}
