import type { FastifyInstance } from "fastify";
import { friendEndpoints as e, FRIEND_REQUESTS_PER_HOUR } from "#shared/friends/contract.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { usernameLookupLimit } from "./username-lookups.ts";

const ok = { ok: true as const };

export async function friendsRoutes(app: FastifyInstance) {
  const { friends } = app.services;
  // Per student, not per IP: the budget follows the account, so usernames cannot be probed at speed.
  const perUser = app.createRateLimit({
    max: FRIEND_REQUESTS_PER_HOUR,
    timeWindow: 60 * 60 * 1000,
    keyGenerator: (r) => `friend-request:${r.user?.id ?? r.ip}`,
  });

  const lookups = usernameLookupLimit(app);

  route(app, e.list, ({ user }) => friends.list(user.id));
  route(app, e.progress, ({ user }) => friends.progress(user.id));
  route(app, e.requests, ({ user }) => friends.incoming(user.id));
  route(app, e.sent, ({ user }) => friends.sent(user.id));
  route(app, e.request, async ({ user, body, req }) => {
    const limit = await perUser(req);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests("Too many friend requests. Please try again in an hour.");
    }
    await lookups(req);
    return friends.request(user.id, body.username);
  });
  route(app, e.accept, async ({ user, params }) => {
    await friends.accept(user.id, params.id);
    return ok;
  });
  route(app, e.reject, async ({ user, params }) => {
    await friends.reject(user.id, params.id);
    return ok;
  });
  route(app, e.remove, async ({ user, params }) => {
    await friends.remove(user.id, params.id);
    return ok;
  });
}
