import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config.ts";
import { tooManyRequests } from "./errors.ts";

/** Heavy requests (uploads read by a parser, summaries) one student may start a minute, per kind. */
export const WORK_PER_MINUTE = 30;

const MESSAGES = {
  upload: "You have uploaded many files in the last minute. Please wait a minute before uploading more.",
  summary: "You have asked for many summaries in the last minute. Please wait a minute before asking again.",
} as const;

type Checker = ReturnType<FastifyInstance["createRateLimit"]>;
// One limiter per app and kind; the app's config object stands for the app (every plugin context shares it).
const limiters = new WeakMap<AppConfig, Map<keyof typeof MESSAGES, Checker>>();

/**
 * The per-student rate limit of heavy work (issue 27, faults 2 and 3), beside the workers' per-student
 * queue caps: a student who floods uploads or summaries gets a 429 with Retry-After instead of work that
 * others then wait behind. Counted in Redis with REDIS_URL like the other limits.
 */
export async function checkWorkLimit(req: FastifyRequest, kind: keyof typeof MESSAGES, reply?: FastifyReply) {
  const app = req.server;
  let byKind = limiters.get(app.config);
  if (!byKind) {
    byKind = new Map();
    limiters.set(app.config, byKind);
  }
  let check = byKind.get(kind);
  if (!check) {
    check = app.createRateLimit({
      max: app.config.workPerMinute ?? WORK_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (r) => `${kind}:${r.user?.id ?? r.ip}`,
    });
    byKind.set(kind, check);
  }
  const limit = await check(req);
  if (!limit.isAllowed && limit.isExceeded) {
    reply?.header("Retry-After", String(limit.ttlInSeconds));
    throw tooManyRequests(MESSAGES[kind]);
  }
}
