import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CODES, type ErrorBody, readErrorBody } from "./errors.ts";

/** The body of every error answer, as a schema: what readErrorBody must accept, field for field. */
const errorBodySchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.unknown().optional(),
}) satisfies z.ZodType<ErrorBody>;

describe("readErrorBody (the client's zod-free reading of error answers)", () => {
  const cases: unknown[] = [
    { error: "Task not found", code: "not_found" },
    { error: "Invalid input", code: "validation", details: [{ path: ["title"], message: "Required" }] },
    { error: "Busy", code: "overloaded", details: null },
    { error: "x", code: "no_such_code" },
    { error: 5, code: "not_found" },
    { code: "not_found" },
    { error: "x" },
    "Not Found",
    null,
    undefined,
    [],
  ];

  it.each(cases.map((c) => [JSON.stringify(c) ?? "undefined", c]))(
    "accepts %s exactly when errorBodySchema does, with the same fields",
    (_, json) => {
      const parsed = errorBodySchema.safeParse(json);
      expect(readErrorBody(json)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
