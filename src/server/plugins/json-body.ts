import type { FastifyInstance } from "fastify";
import { MAX_JSON_DEPTH } from "#shared/schema-primitives.ts";
import { AppError } from "../lib/errors.ts";

/** The largest JSON body any endpoint takes (a Canvas import is well under); uploads are multipart. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Whether `text` opens more than `limit` objects/arrays inside one another. One pass over the characters,
 * skipping strings, before JSON.parse: a body nested 10,000 deep would otherwise parse fine and then
 * overflow the stack of whatever walks it next (validation, Drizzle's jsonb mapping).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype-poisoning checks included) behind a size limit and a nesting limit.
 * The size is checked as the body streams in (413 body_too_large), so a 23 MB body is never buffered.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: MAX_JSON_BODY_BYTES },
    (req, body, done) => {
      const text = body.toString();
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(
          new AppError(
            400,
            "invalid_json",
            `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
          ),
          undefined,
        );
        return;
      }
      parse(req, text, done);
    },
  );
}
