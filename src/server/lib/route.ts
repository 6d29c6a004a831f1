import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Endpoint, Infer } from "#shared/http.ts";
import { unauthorized } from "./errors.ts";

export interface SessionUser {
  id: number;
  sessionId: number;
}

export interface RouteContext<E extends Endpoint> {
  params: Infer<E["params"]>;
  query: Infer<E["query"]>;
  body: Infer<E["body"]>;
  /** The signed-in user; reading it on a public route without a session is a 401. */
  user: SessionUser;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<Infer<E["response"]>>;

/**
 * Registers one endpoint of a feature's table. Input is validated by the endpoint's zod schemas
 * before the handler runs; the answer is typed by its response schema.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  options: { status?: number } = {},
) {
  app.route({
    method: e.method,
    url: e.path,
    // Only the parts an endpoint defines: an absent schema means "nothing expected there".
    schema: Object.fromEntries(
      Object.entries({ params: e.params, querystring: e.query, body: e.body }).filter(([, v]) => v),
    ),
    config: { public: e.public ?? false },
    handler: async (req, reply) => {
      const ctx = {
        params: req.params,
        query: req.query,
        body: req.body,
        req,
        reply,
        get user(): SessionUser {
          if (!req.user) throw unauthorized();
          return req.user;
        },
      } as RouteContext<E>;
      const result = await handler(ctx);
      if (options.status) reply.code(options.status);
      return result;
    },
  });
}

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}
