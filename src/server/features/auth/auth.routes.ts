import type { FastifyInstance, FastifyRequest } from "fastify";
import { authEndpoints } from "#shared/auth.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;
  const { perIp, perEmail, windowMs } = app.config.authRateLimit;
  // Two budgets: per IP stops spraying many accounts, per email stops guessing one password from many IPs.
  const byIp = app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (r) => `ip:${r.ip}` });
  const byEmail = app.createRateLimit({
    max: perEmail,
    timeWindow: windowMs,
    keyGenerator: (r) => `email:${String((r.body as { email?: unknown })?.email ?? "").toLowerCase()}`,
  });
  async function limit(req: FastifyRequest) {
    for (const check of [byIp, byEmail]) {
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests();
    }
  }

  route(app, authEndpoints.register, async ({ body, req }) => {
    await limit(req);
    return auth.register(body);
  });
  route(app, authEndpoints.login, async ({ body, req }) => {
    await limit(req);
    return auth.login(body);
  });
  route(app, authEndpoints.me, async ({ user }) => auth.getUser(user.id));
  route(app, authEndpoints.updateMe, async ({ user, body }) => auth.updateUsername(user.id, body.username));
  route(app, authEndpoints.completeOnboarding, async ({ user }) => auth.setOnboarded(user.id));
  route(app, authEndpoints.logout, async ({ user }) => {
    await auth.logout(user.sessionId);
    return { ok: true as const };
  });
}
