import type { FastifyInstance, FastifyRequest } from "fastify";
import { tooManyRequests } from "../../lib/errors.ts";

const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_USERNAME_LOOKUPS_PER_DAY = 50;

type Check = (req: FastifyRequest) => Promise<void>;
// One budget per server, shared by every route that looks a username up (friend requests, group invites).
const checks = new WeakMap<object, Check>();

/**
 * Username lookups per account a day (issue 27 fault 12): a friend request or group invite answers 404
 * for an unknown username, so each is a probe; the day's budget bounds how many names one account can
 * test, whatever the per-hour friend-request limit allows (docs/operations.md).
 */
export function usernameLookupLimit(app: FastifyInstance): Check {
  const existing = checks.get(app.services);
  if (existing) return existing;
  const limiter = app.createRateLimit({
    max: app.config.usernameLookupsPerDay ?? DEFAULT_USERNAME_LOOKUPS_PER_DAY,
    timeWindow: DAY_MS,
    keyGenerator: (r) => `username-lookup:${r.user?.id ?? r.ip}`,
  });
  const check: Check = async (req) => {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) {
      throw tooManyRequests("You have looked up many usernames today. Please try again tomorrow.");
    }
  };
  checks.set(app.services, check);
  return check;
}
