import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode } from "#shared/errors.ts";
import { AppError } from "../lib/errors.ts";

/** Fastify's own client errors, as codes of the shared list and messages a person can act on. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_json", message: "Request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "empty_body", message: "Request body is empty; send JSON." },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "body_too_large", message: "Request body is too large." },
  FST_UNDER_PRESSURE: {
    code: "overloaded",
    message: "The server is busy right now. Please try again in a few seconds.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "unsupported_media_type",
    message: "Unsupported content type; send JSON.",
  },
};

/**
 * PostgreSQL's refusals of a value (the same on PGlite and node-postgres): the shared schemas turn these
 * away first (schema-primitives.ts), so reaching here means a schema that does not use them yet. Still
 * the caller's input, so a 400, never a 500.
 */
const DATABASE_INPUT_ERRORS: Record<string, string> = {
  "22P05": "Text cannot contain NUL (\\u0000) characters.",
  "22021": "Text contains bytes that are not valid UTF-8 (or a NUL character).",
  "22003": "A number is out of range (ids stop at 2147483647).",
  "22008": "A date is out of range.",
  "22007": "A date is not valid.",
  "54001": "The input is nested too deeply.",
};

/** The SQLSTATE of a driver error, looking through Drizzle's wrapper (its `cause`). */
export function databaseErrorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let hops = 0; e && hops < 5; hops++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Seconds a client should wait before retrying a 429 or 503 that did not say already. */
const DEFAULT_RETRY_AFTER = { 429: "60", 503: "10" } as const;

function clientErrorCode(status: number): ErrorCode {
  if (status === 404) return "not_found";
  if (status === 413) return "body_too_large";
  if (status === 415) return "unsupported_media_type";
  if (status === 429) return "rate_limited";
  return "bad_request";
}

/** Renders every failure as `{ error, code, details? }`; only unexpected errors are 500s. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err instanceof AppError ? err.status : (err.statusCode ?? 500);
    if ((status === 429 || status === 503) && !reply.hasHeader("retry-after"))
      reply.header("Retry-After", DEFAULT_RETRY_AFTER[status]);
    if (err instanceof AppError) {
      return reply.code(err.status).send({ error: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", ".") || err.validationContext,
        message: v.message,
      }));
      return reply
        .code(400)
        .send({ error: details[0]?.message ?? "Invalid input", code: "validation", details });
    }
    if ((status >= 400 && status < 500) || err.code === "FST_UNDER_PRESSURE") {
      const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
      return reply
        .code(status)
        .send({ error: known?.message ?? err.message, code: known?.code ?? clientErrorCode(status) });
    }
    const dbCode = databaseErrorCode(err);
    const dbMessage = dbCode ? DATABASE_INPUT_ERRORS[dbCode] : undefined;
    if (dbMessage) return reply.code(400).send({ error: dbMessage, code: "validation" });
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ error: "Internal server error", code: "internal" });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: `No route for ${req.method} ${req.url.split("?")[0]}`, code: "not_found" });
  });
}
