import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authEndpoints } from "#shared/auth/contract.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE } from "./login-throttle.ts";

const LIMITED_URLS = new Set([authEndpoints.register.path, authEndpoints.login.path]);

/** Sign-in limits, exactly as docs/operations.md ("Sign-in limits") states them. */
export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;
  const { perIp, perEmail, windowMs, ...slow } = app.config.authRateLimit;
  const seconds = String(Math.ceil(windowMs / 1000));
  // Per address, before the body is read: a flood of huge bodies costs one counter each, not a parse.
  const byIp = app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (r) => `ip:${r.ip}` });
  // Per (address, account), strictly: guessing one password from one place.
  const byIpAndEmail = app.createRateLimit({
    max: perEmail,
    timeWindow: windowMs,
    keyGenerator: (r) => `ip-email:${r.ip}:${emailOf(r)}`,
  });
  // Per account, from anywhere: slowed down, never refused, so the owner can still sign in.
  const throttle = createLoginThrottle({
    slowAfter: slow.slowAfterFailures ?? DEFAULT_LOGIN_THROTTLE.slowAfter,
    baseDelayMs: slow.failureDelayMs ?? DEFAULT_LOGIN_THROTTLE.baseDelayMs,
    maxDelayMs: slow.maxFailureDelayMs ?? DEFAULT_LOGIN_THROTTLE.maxDelayMs,
  });

  async function check(
    limiter: typeof byIp,
    req: FastifyRequest,
    reply: { header(k: string, v: string): unknown },
  ) {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("Retry-After", seconds);
      throw tooManyRequests();
    }
  }

  // This plugin's routes only (Fastify encapsulation): runs before the body is parsed.
  app.addHook("onRequest", async (req, reply) => {
    if (req.routeOptions.url && LIMITED_URLS.has(req.routeOptions.url)) await check(byIp, req, reply);
  });

  route(app, authEndpoints.register, async ({ body, req, reply }) => {
    await check(byIpAndEmail, req, reply);
    return auth.register(body);
  });
  route(app, authEndpoints.login, async ({ body, req, reply }) => {
    await check(byIpAndEmail, req, reply);
    const wait = throttle.delayMs(body.email);
    if (wait > 0) await sleep(wait);
    try {
      const answer = await auth.login(body);
      throttle.succeeded(body.email);
      return answer;
    } catch (err) {
      if (err instanceof AppError && err.code === "invalid_credentials") throttle.failed(body.email);
      throw err;
    }
  });
  route(app, authEndpoints.me, async ({ user }) => auth.getUser(user.id));
  route(app, authEndpoints.updateMe, async ({ user, body }) => auth.updateUsername(user.id, body.username));
  route(app, authEndpoints.completeOnboarding, async ({ user }) => auth.setOnboarded(user.id));
  route(app, authEndpoints.logout, async ({ user }) => {
    await auth.logout(user.sessionId);
    return { ok: true as const };
  });
}

const emailOf = (req: FastifyRequest) =>
  String((req.body as { email?: unknown })?.email ?? "")
    .trim()
    .toLowerCase();
