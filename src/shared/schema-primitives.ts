import { z } from "zod";
import { isTimeZone } from "./time-zone.ts";

/**
 * The input rules every schema shares, so a value the database cannot store is a 400 at the door and
 * never a 500 from PostgreSQL. Every new schema builds its strings, ids, dates and free-form JSON from
 * these (docs/architecture.md, "Input primitives").
 */

/** PostgreSQL `integer` (int4): every serial id and foreign key is one. */
export const INT4_MAX = 2_147_483_647;
/** Dates a student can mean: PostgreSQL rejects year 0, and nothing in a study planner is older or later. */
export const SENSIBLE_YEARS = { min: 1900, max: 2200 } as const;
/** Serialized size of free-form `metadata` objects (tracking): enough for a few labels and numbers. */
export const MAX_METADATA_BYTES = 2048;
/** Nesting of any JSON value (also enforced by the server's JSON parser for whole bodies). */
export const MAX_JSON_DEPTH = 32;

const NUL_MESSAGE = "Text cannot contain NUL (\\u0000) characters";
const NUL = String.fromCharCode(0);
const SURROGATE_MESSAGE =
  "Text contains a broken character (half of a surrogate pair); send well-formed Unicode";
const INVISIBLE_MESSAGE = "Text must contain a visible character, not only spaces or invisible characters";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Nothing a reader can see: white space, default-ignorable code points (zero-width space and joiners,
 * word joiner, BOM, variation selectors, Hangul fillers), other controls and format characters, combining
 * marks with no base, and the blank Braille pattern.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\u2800]*$/u;

/** Half of a UTF-16 surrogate pair with no other half: not Unicode, and PostgreSQL would store U+FFFD. */
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);
/** Whether `s` has at least one character a reader can see (a letter, digit, symbol, emoji...). */
export const hasVisibleCharacter = (s: string) => !INVISIBLE_ONLY.test(s);

/** The longest excerpt of a student's input that a preview or an error message quotes back. */
export const EXCERPT_MAX = 80;
/**
 * At most `max` characters (code points) of `text` for quoting back in a preview or an error message,
 * line breaks and control characters other than tab shown as spaces, '…' when cut: a 900 KB line is never echoed.
 */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const chars: string[] = [];
  for (const ch of text) {
    if (chars.length === max) return `${chars.slice(0, max - 1).join("")}…`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: hiding them is the point
    chars.push(/^[\u0000-\u0008\u000A-\u001F\u007F-\u009F]$/.test(ch) || hasLoneSurrogate(ch) ? " " : ch);
  }
  return chars.join("");
}

/**
 * safeText's three rules as one check, each failure its own issue as three `.refine`s gave. Every
 * `.refine`, `.int()` or `.min()` clones the schema, and in zod 4 a clone costs about as much as building
 * a small object schema: the contracts a page loads are built on the phone's main thread, before its
 * first render.
 */
const textRules: z.core.CheckFn<string> = (ctx) => {
  const text = ctx.value;
  const fail = (message: string) => ctx.issues.push({ code: "custom", message, input: text, continue: true });
  if (text.includes(NUL)) fail(NUL_MESSAGE);
  if (hasLoneSurrogate(text)) fail(SURROGATE_MESSAGE);
  if (text.trim() !== "" && !hasVisibleCharacter(text)) fail(INVISIBLE_MESSAGE);
};

/**
 * The one rule for text from a student: a string PostgreSQL can store and a person can read. No NUL
 * (text and jsonb both reject it); well-formed Unicode (a lone surrogate is a 400, never silently stored
 * as U+FFFD); and text that is not blank has a visible character (a title of zero-width spaces is refused;
 * blank text is left to `.trim().min(1)` of required fields, and stays allowed in optional ones). Chain
 * .trim(), .min(), .max() on it as on z.string(); `params` is z.string()'s (e.g. the "is required" message).
 */
export const safeText = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(textRules);

/**
 * safeText a form field must fill: `message` when it is missing or empty, after trimming unless
 * `trim: false` (a password keeps its spaces).
 */
export const filledText = (message: string, { trim = true } = {}) =>
  (trim ? safeText(message).trim() : safeText(message)).min(1, message);

/**
 * safeText that must not be blank, kept as sent (not trimmed: a pasted document or message keeps its
 * spacing); `message` when it is missing or blank.
 */
export const requiredText = (message: string) =>
  z.string(message).check(textRules, (ctx) => {
    if (ctx.value.trim() === "") ctx.issues.push({ code: "custom", message, input: ctx.value });
  });

/** An id of a row (int4, 1..2147483647) in a JSON body. */
export const dbId = (message = "Must be an id (a positive whole number)") =>
  z.int(message).check(z.gte(1, message), z.lte(INT4_MAX, `${message}; ids stop at ${INT4_MAX}`));

/** The same id read from a path or query string ("42" -> 42). */
export const dbIdParam = (message = "Must be an id (a positive whole number)") =>
  z.coerce
    .number(message)
    .check(z.int(message), z.gte(1, message), z.lte(INT4_MAX, `${message}; ids stop at ${INT4_MAX}`));

const yearOf = (iso: string) => new Date(iso).getUTCFullYear();

/** An ISO 8601 date-time with an offset, in the years 1900..2200. */
export const sensibleDate = (message = "Must be an ISO 8601 date-time") =>
  z.iso.datetime({ offset: true, error: message }).refine((iso) => {
    const year = yearOf(iso);
    return year >= SENSIBLE_YEARS.min && year <= SENSIBLE_YEARS.max;
  }, `${message} between the years ${SENSIBLE_YEARS.min} and ${SENSIBLE_YEARS.max}`);

/** What a walk of a parsed JSON value found. Iterative: a hostile value cannot blow the stack. */
export function inspectJson(value: unknown): { depth: number; hasNul: boolean; hasLoneSurrogate: boolean } {
  let depth = 0;
  let hasNul = false;
  let loneSurrogate = false;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > depth) depth = d;
    if (depth > MAX_JSON_DEPTH) break;
    if (typeof v === "string") {
      hasNul ||= v.includes(NUL);
      loneSurrogate ||= hasLoneSurrogate(v);
    } else if (v && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        hasNul ||= key.includes(NUL);
        loneSurrogate ||= hasLoneSurrogate(key);
        stack.push([child, d + 1]);
      }
    }
  }
  return { depth, hasNul, hasLoneSurrogate: loneSurrogate };
}

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * A free-form JSON object stored as jsonb (tracking metadata): at most `maxBytes` serialized, nested at
 * most MAX_JSON_DEPTH deep, with no NUL in any key or string.
 */
export const boundedJsonObject = (maxBytes = MAX_METADATA_BYTES) =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const { depth, hasNul, hasLoneSurrogate: broken } = inspectJson(value);
    if (depth > MAX_JSON_DEPTH) {
      ctx.addIssue({ code: "custom", message: `Nested too deeply (at most ${MAX_JSON_DEPTH} levels)` });
      return;
    }
    if (hasNul) ctx.addIssue({ code: "custom", message: NUL_MESSAGE });
    if (broken) ctx.addIssue({ code: "custom", message: SURROGATE_MESSAGE });
    if (utf8Length(JSON.stringify(value)) > maxBytes) {
      ctx.addIssue({ code: "custom", message: `Must be at most ${maxBytes} bytes as JSON` });
    }
  });

/** The WHATWG URL parser, a global in browsers and Node alike; the contracts' ES2023 lib does not declare it. */
export const WebUrl = (
  globalThis as unknown as {
    URL: new (input: string) => { protocol: string; hostname: string; port: string };
  }
).URL;

/**
 * The browser's IANA zone sent with a read that counts days (a week's start, today's reviews); UTC when
 * absent. Here, not in one feature's contract, so a table that takes it drags no other feature's table.
 */
export const timeZoneQuery = z
  .string()
  .max(64)
  .refine(isTimeZone, "timeZone must be an IANA time zone like Europe/Paris")
  .optional();
