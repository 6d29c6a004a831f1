import type { FastifyInstance } from "fastify";
import { achievementEndpoints as e } from "#shared/achievements.ts";
import { shareEndpoints } from "#shared/share.ts";
import { route } from "../../lib/route.ts";

export async function progressRoutes(app: FastifyInstance) {
  const { progress, settings } = app.services;
  route(app, e.list, ({ user }) => progress.catalogue(user.id));
  route(app, e.earned, ({ user }) => progress.earned(user.id));
  // The auth gate has already refused a userId that is not the caller's (403).
  route(app, e.studyStats, ({ user }) => progress.stats(user.id));
  route(app, e.heatmap, async ({ user }) => progress.heatmap(user.id, await settings.timeZone(user.id)));
  route(app, e.createShareLink, ({ user, body }) =>
    progress.createShareLink(user.id, body.shareSettings, body.expiresAt),
  );
  route(app, e.listShareLinks, ({ user }) => progress.listShareLinks(user.id));
  route(app, e.revokeShareLink, async ({ user, params }) => {
    await progress.revokeShareLink(user.id, params.id);
    return { ok: true as const };
  });
  route(app, shareEndpoints.get, ({ params }) => progress.shared(params.shareCode));
}
