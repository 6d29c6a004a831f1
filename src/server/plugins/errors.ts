import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";

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
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const message =
        err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Unsupported content type; send JSON."
          : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "Request body is too large."
            : err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
              ? "Request body is empty; send JSON."
              : err.message;
      return reply.code(status).send({ error: message, code: (err.code ?? "bad_request").toLowerCase() });
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ error: "Internal server error", code: "internal" });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: `No route for ${req.method} ${req.url.split("?")[0]}`, code: "not_found" });
  });
}
