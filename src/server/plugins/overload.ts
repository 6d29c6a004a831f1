import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
  const callers = callersInFlight(app);
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
      // Issue 27 (fairness): while one caller floods with requests in parallel, the lag is theirs, so only
      // callers with another request already in flight are shed; a student who waits for each answer
      // keeps being served. With no such caller, everyone is shed alike, as before.
      pressureHandler: async (req, reply) => {
        if (callers.crowded() > 0 && callers.of(req) <= 1) return;
        reply.header("Retry-After", String(OVERLOAD_RETRY_AFTER_SECONDS));
        throw overloaded();
      },
    });
  }
}

/** Students remembered by token: enough for every student signed in on a busy instance. */
const KNOWN_TOKENS = 10_000;

const credentialOf = (req: FastifyRequest) => req.headers.authorization ?? req.headers.cookie;

/**
 * API requests in flight per caller (this one included), and how many callers have two or more: counted
 * in an onRequest hook registered before the shedding's, so the pressure handler sees this request.
 * A caller is found without a database read: the student a bearer token (or cookie) was last answered
 * as, so one student flooding from several sessions is one caller; else the token itself; else the
 * address.
 */
function callersInFlight(app: FastifyInstance) {
  const counts = new Map<string, number>();
  const students = new Map<string, string>();
  const callerOf = new WeakMap<FastifyRequest, string>();
  let crowded = 0;
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith("/api/")) return;
    const credential = credentialOf(req);
    // Each kind of key has its own prefix: a header cannot pass for a student or an address.
    const student = credential ? students.get(credential) : undefined;
    const key = student ?? (credential ? `credential:${credential}` : `address:${req.ip}`);
    callerOf.set(req, key);
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n === 2) crowded++;
    reply.raw.once("close", () => {
      const left = (counts.get(key) ?? 1) - 1;
      if (left === 1) crowded--;
      if (left <= 0) counts.delete(key);
      else counts.set(key, left);
    });
  });
  // req.user is set by the auth plugin's onRequest hook, which runs after this plugin's hooks.
  app.addHook("onResponse", async (req) => {
    const credential = credentialOf(req);
    if (!req.user || !credential || students.has(credential)) return;
    students.set(credential, `student:${req.user.id}`);
    if (students.size > KNOWN_TOKENS) students.delete(students.keys().next().value!);
  });
  return {
    of: (req: FastifyRequest) => counts.get(callerOf.get(req) ?? "") ?? 0,
    crowded: () => crowded,
  };
}
