import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.ts";
import { AppError } from "../lib/errors.ts";

/** Seconds a shed request is told to wait before trying again. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

const overloaded = () =>
  new AppError(503, "overloaded", "The server is busy right now. Please try again in a few seconds.");

/**
 * Load shedding (issue 8 §3: at 100 req/s hundreds of requests waited 30 s and timed out). New requests
 * are answered 503 `overloaded` with Retry-After at once, instead of queueing behind a backlog:
 * - while more than `maxRequestsInFlight` API requests are already being served (a queue for the
 *   database does not lag the event loop, so this is the signal that catches it);
 * - while the event loop lags more than `maxEventLoopDelayMs` (@fastify/under-pressure), i.e. CPU-bound.
 * Requests already running finish.
 */
export async function registerOverload(app: FastifyInstance, config: AppConfig) {
  const maxInFlight = config.maxRequestsInFlight ?? 0;
  if (maxInFlight > 0) {
    let inFlight = 0;
    app.addHook("onRequest", async (req, reply) => {
      if (!req.url.startsWith("/api/")) return;
      if (inFlight >= maxInFlight) {
        reply.header("Retry-After", String(OVERLOAD_RETRY_AFTER_SECONDS));
        throw overloaded();
      }
      inFlight++;
      // 'close' fires once whether the answer was sent or the client went away.
      reply.raw.once("close", () => inFlight--);
    });
  }

  const maxEventLoopDelay = config.maxEventLoopDelayMs ?? 0;
  if (maxEventLoopDelay > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay,
      retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      // The mean lag over each interval. An interval with no sample at all (the loop blocked for all of
      // it) reads as infinite lag: intervals shorter than a garbage collection or a busy moment of a
      // shared machine would shed for nothing, so never under 250 ms.
      sampleInterval: Math.max(250, maxEventLoopDelay),
    });
  }
}
