import type { ErrorCode } from "#shared/errors.ts";

/**
 * The error catalogue: every failure a user can cause is one of these, rendered by the error plugin as
 * `{ error, code, details? }`. Anything else is a bug and becomes a logged 500. Codes are the closed list
 * in src/shared/errors.ts.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, "bad_request", message, details);
/**
 * A rule a zod schema cannot check alone (it needs the stored row) broken by one field: answered as the
 * request validation answers, so a client shows it the same way whichever side found it.
 */
export const invalidField = (path: string, message: string) =>
  new AppError(400, "validation", message, [{ path, message }]);
export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError(401, "unauthorized", message);
/** A token was sent but names no live session (expired, signed out elsewhere, or made up). */
export const sessionExpired = () =>
  new AppError(401, "session_expired", "Your session has expired. Please sign in again.");
export const forbidden = (message = "You can only access your own data.") =>
  new AppError(403, "forbidden", message);
export const notFound = (what = "Resource") => new AppError(404, "not_found", `${what} not found.`);
export const conflict = (message: string, code: ErrorCode = "conflict") => new AppError(409, code, message);
export const gone = (message: string) => new AppError(410, "gone", message);
export const tooManyRequests = (message = "Too many attempts. Please wait a minute and try again.") =>
  new AppError(429, "rate_limited", message);
export const unprocessable = (message: string, details?: unknown) =>
  new AppError(422, "unprocessable", message, details);

/** PostgreSQL unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  // Drizzle wraps driver errors; the PostgreSQL code sits on the cause.
  while (e && e.code !== "23505" && e.cause) e = e.cause as typeof e;
  if (e?.code !== "23505") return false;
  return constraint === undefined || e.constraint === constraint;
}
