import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Endpoint, Infer } from "#shared/http.ts";
import { AppError, unauthorized } from "./errors.ts";
import { strictSchema } from "./strict-schema.ts";

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

/**
 * An answer already written as JSON (by the database), typed by what it holds: route() sends the text as
 * it is instead of parsing and re-serialising it.
 */
export class JsonText<T> {
  declare readonly holds: T;
  constructor(readonly text: string) {}
}

type Handler<E extends Endpoint> = (
  ctx: RouteContext<E>,
) => Promise<Infer<E["response"]> | JsonText<Infer<E["response"]>>>;

/**
 * Registers one endpoint of a feature's table. Input is validated by the endpoint's zod schemas before
 * the handler runs; the answer is typed by its response schema, sent with the endpoint's status and, when
 * `checkResponses` is on, checked strictly against that schema (see decision 005).
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: Handler<E>) {
  const name = `${e.method} ${e.path}`;
  const contract = app.config.checkResponses ? strictSchema(e.response) : null;
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
      const answer = await handler(ctx);
      const json = answer instanceof JsonText ? answer.text : undefined;
      if (contract) {
        const checked = contract.safeParse(json === undefined ? answer : JSON.parse(json));
        if (!checked.success) {
          // Paths and issue codes only: the offending values may be the very secret that leaked.
          const issues = checked.error.issues.map((i) => ({
            path: i.path.join("."),
            code: i.code,
            message: i.message,
          }));
          req.log.error({ endpoint: name, issues }, "answer outside its response schema");
          throw new AppError(500, "response_contract", "Internal server error");
        }
      }
      // A part of a file (a card sound asked for by Range) keeps the 206 its handler set.
      if (reply.statusCode !== 206) reply.code(e.status ?? 200);
      return json === undefined ? answer : reply.type("application/json; charset=utf-8").send(json);
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
