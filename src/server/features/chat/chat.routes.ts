import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CHAT_RATE_LIMIT, chatEndpoints } from "#shared/chat/contract.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { sendEventStream } from "../../lib/sse.ts";
import type { SendInput } from "./chat.service.ts";

export async function chatRoutes(app: FastifyInstance) {
  const { chat } = app.services;
  // Per student, not per address (SPEC: 20 messages a minute), in Redis with REDIS_URL like the other
  // limits (plugins/rate-limit.ts), so every instance draws on one budget.
  const perStudent = app.createRateLimit({
    max: app.config.chatRateLimit ?? CHAT_RATE_LIMIT,
    timeWindow: 60_000,
    keyGenerator: (req) => `chat:${req.user?.id ?? req.ip}`,
  });

  /** A message's own checks, then the limit: a refused course or a bad body costs none of it. */
  async function admit(userId: number, body: SendInput, req: FastifyRequest, reply: FastifyReply) {
    await chat.admit(userId, body);
    const limit = await perStudent(req);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header("Retry-After", String(limit.ttlInSeconds));
      throw tooManyRequests(
        `You have sent ${limit.max} messages in the last minute. Please wait a minute before asking again.`,
      );
    }
  }

  route(app, chatEndpoints.send, async ({ user, body, req, reply }) => {
    await admit(user.id, body, req, reply);
    return chat.send(user.id, body, undefined, { admitted: true });
  });
  route(app, chatEndpoints.history, ({ user, query }) => chat.history(user.id, query));
  route(app, chatEndpoints.clear, async ({ user, query }) => {
    await chat.clear(user.id, query);
    return { ok: true as const };
  });
  route(app, chatEndpoints.provider, ({ user }) => chat.providerInfo(user.id));
  route(app, chatEndpoints.testProvider, ({ user }) => chat.testProvider(user.id));

  // Server-sent events: each `delta` is a piece of the answer as the model writes it; `done` carries
  // both stored messages (with citations). An error after the stream has started is an `error` event.
  route(app, chatEndpoints.stream, async ({ user, body, req, reply }) => {
    await admit(user.id, body, req, reply);
    return sendEventStream(reply, (send, signal) =>
      chat.send(user.id, body, (text) => send("delta", { text }), { admitted: true, signal }),
    );
  });
}
