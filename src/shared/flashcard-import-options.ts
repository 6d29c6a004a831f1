import { z } from "zod";

const customSeparator = z.object({
  custom: z.string().min(1, "Enter a custom separator").max(20, "A separator is at most 20 characters"),
});

/** The import form's choices; Quizlet's names, plus dash. */
export const importOptionsSchema = z.discriminatedUnion("format", [
  z.object({
    format: z.literal("text"),
    termSeparator: z.union([z.enum(["tab", "comma", "dash"]), customSeparator]),
    rowSeparator: z.union([z.enum(["newline", "semicolon"]), customSeparator]),
  }),
  z.object({ format: z.literal("csv") }),
  z.object({ format: z.literal("anki") }),
]);
export type ImportOptions = z.infer<typeof importOptionsSchema>;
