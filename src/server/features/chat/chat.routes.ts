import type { FastifyInstance } from "fastify";
import { chatEndpoints } from "#shared/chat.ts";
import { route } from "../../lib/route.ts";

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
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
    const event = (name: string, data: unknown) =>
      res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    try {
      const result = await chat.send(user.id, body, (text) => event("delta", { text }), { admitted: true });
      event("done", result);
    } catch (err) {
      const e = err as { statusCode?: number; status?: number; code?: string; message?: string };
      event("error", {
        status: e.status ?? e.statusCode ?? 500,
        code: typeof e.code === "string" ? e.code : "internal",
        error: e.status ? e.message : "Something went wrong. Please try again.",
      });
    }
    res.end();
    return undefined;
  });
}
