/**
 * What may reach a log line. A failing query must never log its parameters: Drizzle's error message
 * embeds them (a new user's argon2 hash, a calendar access token), PostgreSQL's `detail` can quote the
 * whole failing row, and pino's default error serializer copies every enumerable field.
 */

/** Keys whose values are censored wherever pino meets them in a logged object. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "password",
  "passwordHash",
  "token",
  "accessToken",
  "refreshToken",
  "*.password",
  "*.passwordHash",
  "*.token",
  "*.accessToken",
  "*.refreshToken",
  "*.authorization",
  "*.cookie",
];

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  /** The SQL text only (placeholders, no values). */
  query?: string;
  cause?: LoggedError;
}

const FAILED_QUERY = /^Failed query: /;

/** An error as a log line may show it: message, type, code, stack and (SQL only) query, down its causes. */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: "" };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown; cause?: unknown };
  // Drizzle: "Failed query: <sql>\nparams: <values>": keep the first line only.
  const message = FAILED_QUERY.test(e.message) ? (e.message.split("\n")[0] ?? "") : e.message;
  const stack = e.stack?.startsWith(`${e.name}: ${e.message}`)
    ? `${e.name}: ${message}${e.stack.slice(e.name.length + 2 + e.message.length)}`
    : FAILED_QUERY.test(e.message)
      ? ""
      : (e.stack ?? "");
  const out: LoggedError = { type: e.name, message, stack };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (typeof e.query === "string") out.query = e.query;
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
