import type { FastifyReply } from "fastify";

export type SendEvent = (name: string, data: unknown) => void;

/**
 * Answers with server-sent events: `run` sends its events and returns the `done` event's data. Checks
 * that can fail with a status belong before this call, since the 200 status line is sent here; an error
 * after that is an `error` event carrying the status and message the JSON endpoint would have given.
 */
export async function sendEventStream(
  reply: FastifyReply,
  run: (send: SendEvent) => Promise<unknown>,
): Promise<undefined> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
  const send: SendEvent = (name, data) => res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  try {
    send("done", await run(send));
  } catch (err) {
    const e = err as { statusCode?: number; status?: number; code?: string; message?: string };
    send("error", {
      status: e.status ?? e.statusCode ?? 500,
      code: typeof e.code === "string" ? e.code : "internal",
      error: e.status ? e.message : "Something went wrong. Please try again.",
    });
  }
  res.end();
  return undefined;
}
