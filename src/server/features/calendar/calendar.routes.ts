import type { FastifyInstance, FastifyRequest } from "fastify";
import { calendarFeedEndpoints, calendarTokenEndpoints, eventEndpoints } from "#shared/calendar.ts";
import { buildIcs } from "../../integrations/calendar-feed/ics.ts";
import { randomToken } from "../../lib/crypto.ts";
import { notFound } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { tasksRepo } from "../tasks/tasks.repo.ts";
import { calendarTokensRepo, eventsRepo, feedsRepo } from "./calendar.repo.ts";

/** Calendar apps subscribe from elsewhere, so the URL must be absolute, as this request reached us. */
const feedUrl = (req: FastifyRequest, token: string) =>
  `${req.protocol}://${req.host}/api/calendar-feed/${token}.ics`;

export async function calendarRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, eventEndpoints.list, async ({ user }) => eventsRepo.list(db, user.id));
  route(
    app,
    eventEndpoints.create,
    async ({ user, body }) =>
      eventsRepo.insert(db, user.id, {
        title: body.title,
        description: body.description,
        startsAt: new Date(body.date),
      }),
    { status: 201 },
  );
  route(app, eventEndpoints.remove, async ({ user, params }) => {
    if (!(await eventsRepo.remove(db, user.id, params.id))) throw notFound("Event");
    return { ok: true as const };
  });

  route(app, calendarFeedEndpoints.get, async ({ user, req }) => {
    const token = await feedsRepo.tokenOf(db, user.id);
    return { url: token ? feedUrl(req, token) : null };
  });
  route(app, calendarFeedEndpoints.regenerate, async ({ user, req }) => {
    const token = randomToken();
    await feedsRepo.replace(db, user.id, token);
    return { url: feedUrl(req, token) };
  });
  route(app, calendarFeedEndpoints.revoke, async ({ user }) => {
    await feedsRepo.remove(db, user.id);
    return { ok: true as const };
  });
  route(app, calendarFeedEndpoints.ics, async ({ params, reply }) => {
    const userId = await feedsRepo.ownerOf(db, params.token);
    if (userId === undefined) throw notFound("Calendar feed");
    const [tasks, events] = await Promise.all([tasksRepo.list(db, userId), eventsRepo.list(db, userId)]);
    reply
      .type("text/calendar; charset=utf-8")
      .header("Content-Disposition", 'inline; filename="studyhall.ics"')
      // The URL is a secret: keep the answer out of shared caches.
      .header("Cache-Control", "private, max-age=300");
    return buildIcs({ tasks, events });
  });

  route(app, calendarTokenEndpoints.get, async ({ user }) => {
    const row = await calendarTokensRepo.find(db, user.id);
    // SPEC §7: an OK answer means connected.
    if (!row) throw notFound("Calendar connection");
    return { connected: true as const, expiresAt: row.expiresAt.toISOString() };
  });
  route(app, calendarTokenEndpoints.save, async ({ user, body }) => {
    const row = await calendarTokensRepo.upsert(db, user.id, {
      accessToken: body.accessToken,
      refreshToken: body.refreshToken ?? null,
      expiresAt: new Date(body.expiresAt),
    });
    return { connected: true as const, expiresAt: row.expiresAt.toISOString() };
  });
}
