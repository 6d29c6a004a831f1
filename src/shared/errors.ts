import { z } from "zod";
import { ERROR_CODES, type ErrorBody } from "./error-codes.ts";

export { ERROR_CODES, type ErrorBody, type ErrorCode, readErrorBody } from "./error-codes.ts";

export const errorCodeSchema = z.enum(ERROR_CODES);

/** The body of every error answer: `{ error, code, details? }`. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  details: z.unknown().optional(),
}) satisfies z.ZodType<ErrorBody>; // the zod-free type (error-codes.ts) must stay what this accepts
