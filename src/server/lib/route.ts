import { promisify } from "node:util";
import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
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

/** Answers smaller than this go out uncompressed: the encoding would cost more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality for answers (what @fastify/compress uses by default): fast, most of the saving. */
export const BROTLI_QUALITY = 4;
const brotli = promisify(zlib.brotliCompress);

/**
 * An answer already written as JSON (by the database), typed by what it holds: route() sends the text as
 * it is instead of parsing and re-serialising it.
 */
export class JsonText<T> {
  declare readonly holds: T;
  constructor(
    readonly text: string,
    /** The text in Brotli, for an answer that is kept and sent many times (JsonText.compressed). */
    readonly brotli?: Buffer,
  ) {}

  /**
   * The answer with its Brotli form made now, once, on libuv's thread pool: a kept answer (the task list)
   * is then sent as those bytes to every client that accepts br, instead of being compressed again on
   * each request (at 100 requests/s that was a tenth of the server's CPU and most of its garbage).
   */
  static async compressed<T>(text: string): Promise<JsonText<T>> {
    const bytes = Buffer.byteLength(text);
    if (bytes < COMPRESS_MIN_BYTES) return new JsonText(text);
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    };
    return new JsonText(text, await brotli(text, { params }));
  }
}

/** Whether the client takes br (Accept-Encoding with its q-values) and did not ask for no compression. */
const takesBrotli = (req: FastifyRequest) => {
  const accepted = req.headers["accept-encoding"];
  return !!accepted && req.headers["x-no-compression"] === undefined && negotiate(accepted, ["br"]) === "br";
};

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
      if (json === undefined) return answer;
      reply.type("application/json; charset=utf-8");
      if (answer instanceof JsonText && answer.brotli && takesBrotli(req)) {
        // Marked as encoded, so @fastify/compress lets the bytes through as they are.
        return reply.header("content-encoding", "br").header("vary", "accept-encoding").send(answer.brotli);
      }
      return reply.send(json);
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
