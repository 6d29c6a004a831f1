import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  calendarFeedEndpoints,
  calendarTokenEndpoints,
  eventEndpoints,
  subscriptionEndpoints,
} from "#shared/calendar/contract.ts";
import { sha256 } from "../../lib/crypto.ts";
import { route } from "../../lib/route.ts";
import { selfOrigin } from "../canvas/self-origin.ts";

/**
 * Calendar apps subscribe from elsewhere, so the URL must be absolute. Its origin is PUBLIC_URL; the
 * request's Host only behind a proxy we trust (TRUST_PROXY), since a client can send any Host and the
 * link would then point wherever it chose; otherwise the address this server listens on.
 */
function feedOrigin(app: FastifyInstance, req: FastifyRequest): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  if (app.config.trustProxy) return `${req.protocol}://${req.host}`;
  return selfOrigin(app) ?? "http://localhost";
}

/** Whether an If-None-Match header (a list, weak tags, or '*') names this ETag (RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

export async function calendarRoutes(app: FastifyInstance) {
  const { calendar } = app.services;
  const feedUrl = (req: FastifyRequest, token: string) =>
    `${feedOrigin(app, req)}/api/calendar-feed/${token}.ics`;

  route(app, eventEndpoints.list, async ({ user }) => calendar.events(user.id));
  route(app, eventEndpoints.create, async ({ user, body }) => calendar.createEvent(user.id, body));
  route(app, eventEndpoints.move, async ({ user, params, body }) =>
    calendar.moveEvent(user.id, params.id, body.date),
  );
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
  route(app, calendarFeedEndpoints.ics, async ({ params, req, reply }) => {
    const ics = await calendar.feedIcs(params.token);
    // DTSTAMP is the moment of the answer: left out, an unchanged calendar keeps its tag across polls.
    const etag = `"${sha256(ics.replace(/^DTSTAMP:[^\r\n]*\r\n/gm, "")).slice(0, 32)}"`;
    reply
      .type("text/calendar; charset=utf-8")
      .header("Content-Disposition", 'inline; filename="studyhall.ics"')
      // The URL is a secret: keep the answer out of shared caches.
      .header("Cache-Control", "private, max-age=300")
      .header("ETag", etag);
    if (matchesEtag(req.headers["if-none-match"], etag)) {
      reply.code(304);
      return "";
    }
    return ics;
  });

  route(app, subscriptionEndpoints.list, async ({ user }) => calendar.subscriptions(user.id));
  route(app, subscriptionEndpoints.add, async ({ user, body }) => calendar.subscribe(user.id, body));
  route(app, subscriptionEndpoints.remove, async ({ user, params }) => {
    await calendar.unsubscribe(user.id, params.id);
    return { ok: true as const };
  });
  route(app, subscriptionEndpoints.refresh, async ({ user, params }) =>
    calendar.refreshSubscription(user.id, params.id),
  );
  route(app, subscriptionEndpoints.events, async ({ user, query }) =>
    calendar.subscriptionEvents(user.id, new Date(query.from), new Date(query.to)),
  );

  route(app, calendarTokenEndpoints.get, async ({ user }) => calendar.tokenStatus(user.id));
  route(app, calendarTokenEndpoints.save, async ({ user, body }) => calendar.saveToken(user.id, body));
}
