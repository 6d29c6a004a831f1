import type { FastifyInstance, FastifyRequest } from "fastify";
import { calendarFeedEndpoints, calendarTokenEndpoints, eventEndpoints } from "#shared/calendar.ts";
import { route } from "../../lib/route.ts";

/** Calendar apps subscribe from elsewhere, so the URL must be absolute, as this request reached us. */
const feedUrl = (req: FastifyRequest, token: string) =>
  `${req.protocol}://${req.host}/api/calendar-feed/${token}.ics`;

export async function calendarRoutes(app: FastifyInstance) {
  const { calendar } = app.services;

  route(app, eventEndpoints.list, async ({ user }) => calendar.events(user.id));
  route(app, eventEndpoints.create, async ({ user, body }) => calendar.createEvent(user.id, body));
  route(app, eventEndpoints.remove, async ({ user, params }) => {
    await calendar.removeEvent(user.id, params.id);
    return { ok: true as const };
  });

  route(app, calendarFeedEndpoints.get, async ({ user, req }) => {
    const token = await calendar.feedToken(user.id);
    return { url: token ? feedUrl(req, token) : null };
  });
  route(app, calendarFeedEndpoints.regenerate, async ({ user, req }) => ({
    url: feedUrl(req, await calendar.regenerateFeed(user.id)),
  }));
  route(app, calendarFeedEndpoints.revoke, async ({ user }) => {
    await calendar.revokeFeed(user.id);
    return { ok: true as const };
  });
  route(app, calendarFeedEndpoints.ics, async ({ params, reply }) => {
    const ics = await calendar.feedIcs(params.token);
    reply
      .type("text/calendar; charset=utf-8")
      .header("Content-Disposition", 'inline; filename="studyhall.ics"')
      // The URL is a secret: keep the answer out of shared caches.
      .header("Cache-Control", "private, max-age=300");
    return ics;
  });

  route(app, calendarTokenEndpoints.get, async ({ user }) => calendar.tokenStatus(user.id));
  route(app, calendarTokenEndpoints.save, async ({ user, body }) => calendar.saveToken(user.id, body));
}
