import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notificationEndpoints, pushEndpoints } from "#shared/notifications/contract.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";

/** Subscription changes a student may make a minute: a browser makes one a visit; each costs a DNS lookup. */
export const PUSH_SUBSCRIBE_PER_MINUTE = 20;

export async function notificationsRoutes(app: FastifyInstance) {
  const { notifications } = app.services;

  route(app, notificationEndpoints.list, async ({ user, query }) => notifications.list(user.id, query));
  route(app, notificationEndpoints.unreadCount, async ({ user }) => notifications.unreadCount(user.id));
  route(app, notificationEndpoints.markRead, async ({ user, params }) =>
    notifications.markRead(user.id, params.id),
  );
  route(app, notificationEndpoints.markAllRead, async ({ user }) => notifications.markAllRead(user.id));

  route(app, pushEndpoints.publicKey, async () => notifications.publicKey());
  route(app, pushEndpoints.devices, async ({ user }) => notifications.devices(user.id));
  route(app, pushEndpoints.remove, async ({ user, params }) => {
    await notifications.removeDevice(user.id, params.id);
    return { ok: true as const };
  });

  const perStudent = app.createRateLimit({
    max: PUSH_SUBSCRIBE_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `push-subscribe:${req.user?.id ?? req.ip}`,
  });
  const limited = async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await perStudent(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("Retry-After", "60");
      throw tooManyRequests("Too many subscription changes. Try again in a minute.");
    }
  };
  route(app, pushEndpoints.subscribe, async ({ user, body, req, reply }) => {
    await limited(req, reply);
    return notifications.subscribe(user.id, body, req.headers["user-agent"]);
  });
  route(app, pushEndpoints.unsubscribe, async ({ user, body, req, reply }) => {
    await limited(req, reply);
    await notifications.unsubscribe(user.id, body.endpoint);
    return { ok: true as const };
  });
}
