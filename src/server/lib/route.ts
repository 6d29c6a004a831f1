import { promisify } from "node:util";
import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
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

export const MISSING_BODY = "This request needs a JSON object in its body.";

/**
 * The zod validator of fastify-type-provider-zod, but a request that sent no body at all, or JSON that is
 * not an object (null, a list, a string), to an endpoint that wants one is told so: zod's own words for it,
 * "Invalid input: expected object, received null", name neither the body nor what to send.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== "body") return validate;
  return (data: unknown) => {
    const result = validate(data) as { error?: Error | FastifySchemaValidationError[]; value?: unknown };
    const notAnObject = data === null || typeof data !== "object" || Array.isArray(data);
    if (!notAnObject || !Array.isArray(result.error)) return result;
    // Only the issue about the body as a whole; the issues keep the library's marker (a symbol key,
    // copied by the spread) that the error handler reads.
    const error = result.error.map((issue) =>
      issue.instancePath === "/" ? { ...issue, message: MISSING_BODY } : issue,
    );
    return { error };
  };
};

/** Answers smaller than this go out uncompressed: the encoding would cost more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality for answers (what @fastify/compress uses by default): fast, most of the saving. */
export const BROTLI_QUALITY = 4;
const brotli = promisify(zlib.brotliCompress);

/**
 * An answer already written as JSON (by the database), typed by what it holds: route() sends it as it is
 * instead of parsing and re-serialising it.
 */
export class JsonText<T> {
  declare readonly holds: T;
  constructor(
    /** The JSON as text, or as UTF-8 bytes for an answer kept and sent many times (JsonText.kept). */
    readonly body: string | Buffer,
    /** The same bytes in Brotli (JsonText.kept). */
    readonly brotli?: Buffer,
  ) {}

  get text(): string {
    return typeof this.body === "string" ? this.body : this.body.toString();
  }

  /**
   * An answer to keep and send many times (the task list): its UTF-8 bytes and its Brotli form are made
   * now, once (Brotli on libuv's thread pool), and each request is sent those bytes as they are. Encoding
   * a 2,000-task list's megabyte of text for the socket was half of the CPU of each request for it, and
   * compressing it again on each read a tenth of the soak's.
   */
  static async kept<T>(text: string): Promise<JsonText<T>> {
    const utf8 = Buffer.from(text);
    if (utf8.length < COMPRESS_MIN_BYTES) return new JsonText(utf8);
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: utf8.length,
    };
    return new JsonText(utf8, await brotli(utf8, { params }));
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
      const written = answer instanceof JsonText ? answer : undefined;
      if (contract) {
        const checked = contract.safeParse(written ? JSON.parse(written.text) : answer);
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
      // A part of a file (a card sound asked for by Range) keeps the 206 its handler set, and an answer
      // the client already holds (If-None-Match) its 304.
      if (reply.statusCode !== 206 && reply.statusCode !== 304) reply.code(e.status ?? 200);
      if (!written) return answer;
      reply.type("application/json; charset=utf-8");
      if (written.brotli && takesBrotli(req)) {
        // Marked as encoded, so @fastify/compress lets the bytes through as they are.
        return reply.header("content-encoding", "br").header("vary", "accept-encoding").send(written.brotli);
      }
      return reply.send(written.body);
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
