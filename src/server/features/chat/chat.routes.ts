import type { FastifyInstance } from "fastify";
import { chatEndpoints } from "#shared/chat/contract.ts";
import { route } from "../../lib/route.ts";
import { sendEventStream } from "../../lib/sse.ts";

export async function chatRoutes(app: FastifyInstance) {
  const { chat } = app.services;
  route(app, chatEndpoints.send, ({ user, body }) => chat.send(user.id, body));
  route(app, chatEndpoints.history, ({ user, query }) => chat.history(user.id, query.courseId));
  route(app, chatEndpoints.clear, async ({ user, query }) => {
    await chat.clear(user.id, query.courseId);
    return { ok: true as const };
  });
  route(app, chatEndpoints.provider, ({ user }) => chat.providerInfo(user.id));
  route(app, chatEndpoints.testProvider, ({ user }) => chat.testProvider(user.id));

  // Server-sent events: each `delta` is a piece of the answer as the model writes it; `done` carries
  // both stored messages (with citations). An error after the stream has started is an `error` event.
  route(app, chatEndpoints.stream, async ({ user, body, reply }) => {
    await chat.admit(user.id, body);
    return sendEventStream(reply, (send) =>
      chat.send(user.id, body, (text) => send("delta", { text }), { admitted: true }),
    );
  });
}
