import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden, sessionExpired, unauthorized } from "../lib/errors.ts";

// Exactly "Bearer <token>": a header with anything more (`Bearer <token> extra`) or another scheme is
// refused, not read for its first word.
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/** The session token; undefined without an Authorization header; a 401 for one that is malformed. */
function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = BEARER.exec(header);
  if (!match) throw unauthorized("Malformed Authorization header; send 'Bearer <token>'.");
  return match[1];
}

function mentionedUserIds(req: FastifyRequest): unknown[] {
  const out: unknown[] = [];
  for (const source of [req.query, req.body, req.params]) {
    if (source && typeof source === "object" && "userId" in source) {
      out.push((source as { userId: unknown }).userId);
    }
  }
  return out;
}

/**
 * The one gate for /api: every route needs a live session unless its endpoint is public, and a `userId`
 * anywhere in the request must be the signed-in user's (SPEC §7 sends it; the server never trusts it).
 * A token that names no live session is `session_expired` (the client signs out); no token is
 * `unauthorized`.
 */
export function registerAuth(app: FastifyInstance) {
  const { auth } = app.services;
  app.decorateRequest("user", null);

  app.addHook("onRequest", async (req) => {
    if (!req.url.startsWith("/api/")) return;
    const token = bearerToken(req);
    const session = token ? await auth.authenticate(token) : undefined;
    if (session) req.user = { id: session.userId, sessionId: session.id };
    else if (!req.routeOptions.config?.public && req.routeOptions.url) {
      throw token ? sessionExpired() : unauthorized();
    }
  });

  app.addHook("preHandler", async (req) => {
    if (!req.user) return;
    for (const id of mentionedUserIds(req)) {
      if (id !== undefined && id !== null && id !== "" && Number(id) !== req.user.id) throw forbidden();
    }
  });
}
