import { z } from "zod";
import type {
  DuplicatePolicyName,
  ImportColumnRole,
  ImportOptions,
  ImportOptionsInput,
} from "#shared/flashcards/contract.ts";
import { delimiterForFile } from "#shared/flashcards/text-formats.ts";

/** The import form's fields (react-hook-form values); `importOptions` turns them into the API's options. */
export const importFormSchema = z
  .object({
    format: z.enum(["text", "csv", "anki"]),
    term: z.enum(["tab", "comma", "dash", "custom"]),
    termCustom: z.string(),
    row: z.enum(["newline", "semicolon", "custom"]),
    rowCustom: z.string(),
    delimiter: z.enum([",", ";", "\t", "|"]),
    badLines: z.enum(["refuse", "skip"]),
    duplicates: z.enum(["skip", "update", "keep"]),
    text: z.string(),
  })
  .refine((v) => v.format !== "text" || v.term !== "custom" || v.termCustom !== "", {
    path: ["termCustom"],
    message: "Enter a custom separator",
  })
  .refine((v) => v.format !== "text" || v.row !== "custom" || v.rowCustom !== "", {
    path: ["rowCustom"],
    message: "Enter a custom separator",
  });
export type ImportFormValues = z.infer<typeof importFormSchema>;

export const emptyImportForm: ImportFormValues = {
  format: "text",
  term: "tab",
  termCustom: "",
  row: "newline",
  rowCustom: "",
  delimiter: ",",
  badLines: "refuse",
  duplicates: "skip",
  text: "",
};

export const DUPLICATE_LABELS: Record<DuplicatePolicyName, string> = {
  skip: "Skip them",
  update: "Update the card in the set",
  keep: "Keep both",
};

/**
 * The API's options for these values. CSV sends the delimiter chosen (never guessed from the content) and
 * the columns' roles once the student has seen them in a preview.
 */
export function importOptions(
  v: ImportFormValues,
  columns?: readonly ImportColumnRole[] | null,
): ImportOptions {
  const choices = { badLines: v.badLines, duplicates: v.duplicates };
  const input: ImportOptionsInput =
    v.format === "text"
      ? {
          format: "text",
          termSeparator: v.term === "custom" ? { custom: v.termCustom } : v.term,
          rowSeparator: v.row === "custom" ? { custom: v.rowCustom } : v.row,
          ...choices,
        }
      : v.format === "csv"
        ? { format: "csv", delimiter: v.delimiter, ...(columns ? { columns: [...columns] } : {}), ...choices }
        : { format: "anki", ...choices };
  return input as ImportOptions;
}

/** What a chosen file implies: .csv and .tsv are CSV with their delimiter; other files keep the choice. */
export function choicesForFile(name: string): Partial<ImportFormValues> {
  const delimiter = delimiterForFile(name);
  if (delimiter === "," || delimiter === "\t") return { format: "csv", delimiter };
  return {};
}
