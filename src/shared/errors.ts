// The error contract, without zod: the client's request path (lib/api.ts, in the entry chunk) reads error
// bodies with readErrorBody, so zod stays off the signed-out landing page.

/**
 * Every `code` an error answer can carry: a closed list, so the client can switch on it and the compiler
 * catches a code that does not exist. Add a code here before throwing it.
 */
export const ERROR_CODES = [
  // Input the server could not read or accept.
  "validation",
  "bad_request",
  "invalid_json",
  "empty_body",
  "body_too_large",
  "unsupported_media_type",
  // Who is asking.
  "unauthorized",
  "session_expired",
  "invalid_credentials",
  "forbidden",
  "rate_limited",
  // What was asked for.
  "not_found",
  "conflict",
  "username_taken",
  "email_taken",
  "gone",
  "unprocessable",
  // A feature this deployment has not set up (password reset without SMTP_URL).
  "not_configured",
  // Canvas (decision 003): the client picks its notices by these.
  "canvas_auth",
  "canvas_domain",
  "canvas_not_connected",
  "canvas_throttled",
  "canvas_unreachable",
  "canvas_unavailable",
  "canvas_demo_unavailable",
  // Calendar subscriptions (iCal feeds in): why a feed could not be added or refreshed.
  "calendar_feed_refused",
  "calendar_feed_unreachable",
  "calendar_feed_invalid",
  "calendar_feed_too_large",
  "calendar_feed_limit",
  "calendar_feed_busy",
  // Uploaded files (integrations/documents): the reason a file could not be read.
  "file_too_large",
  "unsupported_file_type",
  "legacy_ppt",
  "file_empty",
  "pdf_no_text",
  "image_no_text",
  "pdf_protected",
  "not_plain_text",
  "file_corrupt",
  "extraction_timeout",
  "file_too_complex",
  "extraction_busy",
  "extraction_limit",
  "too_many_pages",
  "too_many_scanned_pages",
  // The server's own failures.
  "upstream_error",
  "response_contract",
  "internal",
  // Load shedding: the server is too busy right now; Retry-After says when to come back.
  "overloaded",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer: `{ error, code, details? }` . */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** The error body in a parsed answer, or null when it is not one (errors.test.ts holds it equal to a strict zod schema). */
export function readErrorBody(json: unknown): ErrorBody | null {
  if (typeof json !== "object" || json === null) return null;
  const { error, code, details } = json as Record<string, unknown>;
  if (typeof error !== "string" || typeof code !== "string" || !KNOWN_CODES.has(code)) return null;
  return { error, code: code as ErrorCode, ...(details === undefined ? {} : { details }) };
}
