/**
 * CSV meant for spreadsheets (issue 27 fault 10, OWASP "CSV injection"): a spreadsheet runs a cell that
 * starts with = + - @ (or a tab or carriage return before one) as a formula, so every CSV export for
 * spreadsheets passes its cells through `neutraliseFormula`: such a cell gets a leading apostrophe, which
 * spreadsheets hide and read as "this is text". A cell already starting with apostrophes before such a
 * character gets one more, so `unneutralise` (for reading our own CSV back) undoes exactly this and nothing
 * else. Formats that are not for spreadsheets (Anki's text) keep their text exact and do not use this.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export const neutraliseFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const unneutralise = (cell: string) => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

/** One RFC 4180 cell: quoted when it holds the delimiter, a quote or a line break. */
export const quoteCsvCell = (cell: string, delimiter = ",") =>
  cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

/**
 * A CSV document for spreadsheets: RFC 4180 (CRLF, quoting), every cell formula-neutralised, and a byte
 * order mark so Excel reads UTF-8 (unless `bom: false`).
 */
export function toSpreadsheetCsvRows(
  rows: readonly (readonly string[])[],
  options: { delimiter?: string; bom?: boolean } = {},
): string {
  const delimiter = options.delimiter ?? ",";
  const lines = rows.map((cells) =>
    cells.map((c) => quoteCsvCell(neutraliseFormula(c), delimiter)).join(delimiter),
  );
  return `${options.bom === false ? "" : "\uFEFF"}${lines.join("\r\n")}\r\n`;
}
