import type { FastifyInstance } from "fastify";
import { inspectJson, MAX_JSON_DEPTH } from "#shared/schema-primitives.ts";
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

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

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
      // JSON can spell a lone surrogate only as an escape (raw bytes that are not UTF-8 read as U+FFFD):
      // only a body with such an escape is walked, and any string or key holding one is refused here,
      // for every field at once, instead of PostgreSQL storing U+FFFD in its place.
      if (!SURROGATE_ESCAPE.test(text)) return parse(req, text, done);
      parse(req, text, (err: Error | null, value?: unknown) => {
        if (err) return done(err, undefined);
        if (inspectJson(value).hasLoneSurrogate) {
          return done(
            new AppError(
              400,
              "invalid_json",
              "Request body contains a broken character (half of a surrogate pair); send well-formed Unicode.",
            ),
            undefined,
          );
        }
        done(null, value);
      });
    },
  );
}
