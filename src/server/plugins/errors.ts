import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode } from "#shared/errors.ts";
import { AppError } from "../lib/errors.ts";

/** Fastify's own client errors, as codes of the shared list and messages a person can act on. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_json", message: "Request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "empty_body", message: "Request body is empty; send JSON." },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "body_too_large", message: "Request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "unsupported_media_type",
    message: "Unsupported content type; send JSON.",
  },
};

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
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
      return reply
        .code(status)
        .send({ error: known?.message ?? err.message, code: known?.code ?? clientErrorCode(status) });
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ error: "Internal server error", code: "internal" });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: `No route for ${req.method} ${req.url.split("?")[0]}`, code: "not_found" });
  });
}
