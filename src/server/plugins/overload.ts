import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.ts";

/** Seconds a shed request is told to wait before trying again. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding: while the event loop lags more than `maxEventLoopDelayMs`, new requests are answered
 * 503 `overloaded` with Retry-After at once instead of queueing behind the backlog until they time out
 * (issue 8 §3: at 100 req/s hundreds of requests waited 30 s). Requests already running finish.
 */
export async function registerOverload(app: FastifyInstance, config: AppConfig) {
  const maxEventLoopDelay = config.maxEventLoopDelayMs ?? 0;
  if (maxEventLoopDelay <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    // Often enough to see a burst within the limit, but never near the histogram's 10 ms resolution:
    // an interval with no sample reads as an infinite delay and would shed everything.
    sampleInterval: Math.max(50, Math.min(250, Math.floor(maxEventLoopDelay / 2))),
  });
}
