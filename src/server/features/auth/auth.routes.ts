import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authEndpoints } from "#shared/auth/contract.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE } from "./login-throttle.ts";

const PASSWORD_CHECKS_PER_MINUTE = 10;
/**
 * "Download all my data" builds a ZIP of every record and document in one transaction: a student needs it
 * now and then, a loop of it would hold the database and a core. Per student, from any device.
 */
export const EXPORTS_PER_WINDOW = 5;
const EXPORT_WINDOW_MS = 10 * 60_000;
export const DEFAULT_SIGNUP_LIMIT = { perAddressPerHour: 5, perMinute: 20 } as const;

const LIMITED_URLS = new Set([
  authEndpoints.register.path,
  authEndpoints.login.path,
  authEndpoints.requestPasswordReset.path,
  authEndpoints.confirmPasswordReset.path,
]);
export const DEFAULT_PASSWORD_RESET_LIMIT = { perAddressPerHour: 10, perAccountPerHour: 3 } as const;

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
  // Account creation (issue 27 fault 12): per address an hour, each attempt past the limit doubling the
  // wait; and for the whole server a minute, so many addresses together cannot mint accounts at speed.
  const signup = app.config.signupLimit ?? DEFAULT_SIGNUP_LIMIT;
  const signupsByIp = app.createRateLimit({
    max: signup.perAddressPerHour,
    timeWindow: 60 * 60_000,
    // Each attempt while refused doubles the wait (@fastify/rate-limit; missing from its option types).
    ...({ exponentialBackoff: true } as object),
    keyGenerator: (r) => `signup-ip:${r.ip}`,
  });
  const signupsEverywhere = app.createRateLimit({
    max: signup.perMinute,
    timeWindow: 60_000,
    keyGenerator: () => "signup-all",
  });
  async function checkSignup(
    limiter: typeof byIp,
    req: FastifyRequest,
    reply: { header(k: string, v: string): unknown },
  ) {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("Retry-After", String(Math.max(1, result.ttlInSeconds)));
      throw tooManyRequests("Too many new accounts right now. Please try again later.");
    }
  }
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
    await checkSignup(signupsByIp, req, reply);
    await checkSignup(signupsEverywhere, req, reply);
    return auth.register(body, req.headers["user-agent"]);
  });
  route(app, authEndpoints.login, async ({ body, req, reply }) => {
    await check(byIpAndEmail, req, reply);
    const wait = throttle.delayMs(body.email);
    if (wait > 0) await sleep(wait);
    try {
      const answer = await auth.login(body, req.headers["user-agent"]);
      throttle.succeeded(body.email);
      return answer;
    } catch (err) {
      if (err instanceof AppError && err.code === "invalid_credentials") throttle.failed(body.email);
      throw err;
    }
  });
  // Reset links (docs/operations.md, "Password reset by email"): per address an hour, and per account
  // an hour whatever address asks, so no one can fill a student's inbox. Counted for unknown emails too:
  // a refusal says nothing about whether an account exists.
  const resetLimit = app.config.passwordResetLimit ?? DEFAULT_PASSWORD_RESET_LIMIT;
  const resetsByIp = app.createRateLimit({
    max: resetLimit.perAddressPerHour,
    timeWindow: 60 * 60_000,
    keyGenerator: (r) => `reset-ip:${r.ip}`,
  });
  const resetsByAccount = app.createRateLimit({
    max: resetLimit.perAccountPerHour,
    timeWindow: 60 * 60_000,
    keyGenerator: (r) => `reset-account:${emailOf(r)}`,
  });
  async function checkResets(
    limiter: typeof byIp,
    req: FastifyRequest,
    reply: { header(k: string, v: string): unknown },
  ) {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("Retry-After", String(Math.max(1, result.ttlInSeconds)));
      throw tooManyRequests("Too many reset emails asked for. Please try again later.");
    }
  }
  route(app, authEndpoints.passwordResetAvailability, async () => ({
    available: auth.passwordResetAvailable(),
  }));
  route(app, authEndpoints.requestPasswordReset, async ({ body, req, reply }) => {
    if (auth.passwordResetAvailable()) {
      await checkResets(resetsByIp, req, reply);
      await checkResets(resetsByAccount, req, reply);
    }
    await auth.requestPasswordReset(body.email);
    return { ok: true as const };
  });
  route(app, authEndpoints.confirmPasswordReset, async ({ body }) => {
    await auth.confirmPasswordReset(body);
    return { ok: true as const };
  });
  route(app, authEndpoints.me, async ({ user }) => auth.getUser(user.id));
  route(app, authEndpoints.updateMe, async ({ user, body }) => auth.updateUsername(user.id, body.username));
  route(app, authEndpoints.completeOnboarding, async ({ user }) => auth.setOnboarded(user.id));
  route(app, authEndpoints.logout, async ({ user }) => {
    await auth.logout(user.sessionId);
    return { ok: true as const };
  });

  // Account controls (issue 27). A password check with a stolen session is still guessing: a student
  // gets PASSWORD_CHECKS_PER_MINUTE of them.
  const passwordChecks = app.createRateLimit({
    max: PASSWORD_CHECKS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (r) => `password-check:${r.user?.id ?? r.ip}`,
  });
  async function checkPasswordBudget(req: FastifyRequest, reply: { header(k: string, v: string): unknown }) {
    const result = await passwordChecks(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("Retry-After", "60");
      throw tooManyRequests();
    }
  }
  route(app, authEndpoints.changePassword, async ({ user, body, req, reply }) => {
    await checkPasswordBudget(req, reply);
    await auth.changePassword(user.id, user.sessionId, body);
    return { ok: true as const };
  });
  route(app, authEndpoints.sessions, async ({ user }) => auth.sessions(user.id, user.sessionId));
  route(app, authEndpoints.revokeSession, async ({ user, params }) => {
    await auth.revokeSession(user.id, params.id);
    return { ok: true as const };
  });
  route(app, authEndpoints.revokeOtherSessions, async ({ user }) => {
    await auth.revokeOtherSessions(user.id, user.sessionId);
    return { ok: true as const };
  });
  const exports = app.createRateLimit({
    max: EXPORTS_PER_WINDOW,
    timeWindow: EXPORT_WINDOW_MS,
    keyGenerator: (r) => `export:${r.user?.id ?? r.ip}`,
  });
  route(app, authEndpoints.exportData, async ({ user, req, reply }) => {
    const allowed = await exports(req);
    if (!allowed.isAllowed && allowed.isExceeded) {
      reply.header("Retry-After", String(Math.max(1, allowed.ttlInSeconds)));
      throw tooManyRequests(
        "You downloaded your data several times just now. Please try again in a few minutes.",
      );
    }
    const zip = await auth.exportData(user.id);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .type("application/zip")
      .header("Content-Disposition", `attachment; filename="studyhall-data-${day}.zip"`);
    // A Buffer (a Uint8Array) is sent as the bytes it holds.
    return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) as Uint8Array<ArrayBuffer>;
  });
  route(app, authEndpoints.deleteAccount, async ({ user, body, req, reply }) => {
    await checkPasswordBudget(req, reply);
    await auth.deleteAccount(user.id, body.password);
    return { ok: true as const };
  });
}

const emailOf = (req: FastifyRequest) =>
  String((req.body as { email?: unknown })?.email ?? "")
    .trim()
    .toLowerCase();
