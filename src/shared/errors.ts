import { z } from "zod";

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
  // Canvas (decision 003): the client picks its notices by these.
  "canvas_auth",
  "canvas_domain",
  "canvas_not_connected",
  "canvas_throttled",
  "canvas_unreachable",
  "canvas_unavailable",
  "canvas_demo_unavailable",
  // Uploaded files (integrations/documents): the reason a file could not be read.
  "file_too_large",
  "unsupported_file_type",
  "legacy_ppt",
  "file_empty",
  "pdf_no_text",
  "pdf_protected",
  "not_plain_text",
  "file_corrupt",
  "extraction_timeout",
  "file_too_complex",
  "extraction_busy",
  // The server's own failures.
  "upstream_error",
  "response_contract",
  "internal",
  // Load shedding: the server is too busy right now; Retry-After says when to come back.
  "overloaded",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z.enum(ERROR_CODES);

/** The body of every error answer: `{ error, code, details? }`. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
