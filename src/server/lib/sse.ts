import type { FastifyReply } from "fastify";
import { AppError } from "./errors.ts";
import { serializeError } from "./log-redaction.ts";

export type SendEvent = (name: string, data: unknown) => void;

/**
 * Answers with server-sent events: `run` sends its events and returns the `done` event's data. Checks
 * that can fail with a status belong before this call, since the 200 status line is sent here; an error
 * after that is an `error` event carrying the status and message the JSON endpoint would have given
 * (an AppError's message; anything else is a generic message, its detail in the log only).
 *
 * When the client goes away, `signal` aborts (pass it on to the model call so it stops too), nothing more
 * is written, and what fails because of it is a debug line, not an error.
 */
export async function sendEventStream(
  reply: FastifyReply,
  run: (send: SendEvent, signal: AbortSignal) => Promise<unknown>,
): Promise<undefined> {
  reply.hijack();
  const res = reply.raw;
  const gone = new AbortController();
  const onClose = () => {
    if (!res.writableEnded) gone.abort(new Error("the client closed the connection"));
  };
  res.on("close", onClose);
  res.on("error", onClose); // a reset socket: same as a close, never an unhandled 'error'
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
  const send: SendEvent = (name, data) => {
    if (gone.signal.aborted || res.destroyed) return;
    res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    send("done", await run(send, gone.signal));
  } catch (err) {
    if (gone.signal.aborted) {
      reply.log.debug({ err: serializeError(err) }, "event stream ended: the client went away");
    } else {
      const known = err instanceof AppError;
      if (!known) reply.log.error({ err: serializeError(err) }, "event stream failed");
      send("error", {
        status: known ? err.status : 500,
        code: known ? err.code : "internal",
        error: known ? err.message : "Something went wrong. Please try again.",
      });
    }
  } finally {
    res.off("close", onClose);
  }
  if (!res.destroyed) res.end();
  return undefined;
}
