import { neutraliseFormula, unneutralise } from "#shared/flashcards/text-formats.ts";

/**
 * CSV meant for spreadsheets, for every export that writes one (issue 27 fault 10, OWASP "CSV
 * injection"): a spreadsheet runs a cell starting with = + - @ (or a tab or carriage return before one)
 * as a formula, so such a cell gets a leading apostrophe, which spreadsheets hide and read as "this is
 * text". A cell that already starts with apostrophes before such a character gets one more, so
 * `unneutraliseCell` undoes exactly this and nothing else (the flashcard import does, so an exported set
 * reads back the same). Exports for programs that are not spreadsheets (Anki's text, JSON) stay exact and
 * must not use this.
 *
 * One rule for both sides: the flashcard text formats (shared, used by the import preview too) own it, and
 * this module is the server's one place to reach it.
 */
export const neutraliseCell = neutraliseFormula;
export const unneutraliseCell = unneutralise;

/**
 * Rows as RFC 4180 CSV for spreadsheets: CRLF line ends, a field quoted when it holds the delimiter, a
 * quote or a line break (quotes doubled), every cell neutralised, and a UTF-8 byte order mark so Excel
 * reads the text as UTF-8.
 */
export function toSpreadsheetRows(
  rows: readonly (readonly string[])[],
  options: { delimiter?: string; bom?: boolean } = {},
): string {
  const delimiter = options.delimiter ?? ",";
  if (delimiter.length !== 1 || /["\r\n]/.test(delimiter))
    throw new RangeError("The delimiter is one character other than a quote or a line break");
  const quote = (cell: string) =>
    cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  const body = rows.map((row) => row.map((c) => quote(neutraliseCell(c))).join(delimiter)).join("\r\n");
  return `${options.bom === false ? "" : "\uFEFF"}${body}${rows.length ? "\r\n" : ""}`;
}
