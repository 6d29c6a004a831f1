import type { FastifyInstance } from "fastify";
import { achievementEndpoints as e } from "#shared/achievements/contract.ts";
import { shareEndpoints } from "#shared/achievements/share.ts";
import { route } from "../../lib/route.ts";

export async function achievementsRoutes(app: FastifyInstance) {
  const { achievements, settings } = app.services;
  route(app, e.list, ({ user }) => achievements.catalogue(user.id));
  route(app, e.earned, ({ user }) => achievements.earned(user.id));
  // The auth gate has already refused a userId that is not the caller's (403).
  route(app, e.studyStats, ({ user }) => achievements.stats(user.id));
  route(app, e.heatmap, async ({ user }) => achievements.heatmap(user.id, await settings.timeZone(user.id)));
  route(app, e.createShareLink, ({ user, body }) =>
    achievements.createShareLink(user.id, body.shareSettings, body.expiresAt),
  );
  route(app, e.listShareLinks, ({ user }) => achievements.listShareLinks(user.id));
  route(app, e.revokeShareLink, async ({ user, params }) => {
    await achievements.revokeShareLink(user.id, params.id);
    return { ok: true as const };
  });
  route(app, shareEndpoints.get, ({ params }) => achievements.shared(params.shareCode));
}
