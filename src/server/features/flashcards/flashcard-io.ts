import Papa from "papaparse";
import { FLASHCARD_MAX_LENGTH } from "#shared/constants.ts";
import type { ImportOptions } from "#shared/flashcards/contract.ts";
import { excerpt } from "#shared/schema-primitives.ts";
import { plainText } from "#shared/tasks/task-rules.ts";

/**
 * Flashcard import and export (issue 11): Quizlet-style pasted text, CSV and Anki's plain-text notes in;
 * CSV and Anki-importable TSV out. Parsing answers a preview (cards plus the lines it could not use)
 * and never throws on user text.
 */

export type ImportedCard = { question: string; answer: string; hint: string | null };
export type ImportError = { line: number; text: string; reason: string };
export type ImportResult = { cards: ImportedCard[]; errors: ImportError[] };

/** Header rows other tools write; a first row made of these is skipped, not imported as a card. */
const HEADER_WORDS = new Set([
  "term",
  "definition",
  "question",
  "answer",
  "front",
  "back",
  "hint",
  "word",
  "meaning",
  "vocabulary",
]);

export function parseFlashcards(input: string, options: ImportOptions): ImportResult {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (options.format === "csv") return collect(csvRows(text, ""), {});
  if (options.format === "anki") return parseAnki(text);
  return collect(textRows(text, options.rowSeparator), { split: splitTerm(options.termSeparator) });
}

/** A source row: its cells (or the raw text still to split), where it starts, and a parser complaint. */
type Row = { line: number; raw: string; cells?: string[]; problem?: string };

const newlines = (text: string) => text.split("\n").length - 1;

function textRows(
  text: string,
  separator: Extract<ImportOptions, { format: "text" }>["rowSeparator"],
): Row[] {
  const sep = separator === "newline" ? "\n" : separator === "semicolon" ? ";" : separator.custom;
  let line = 1;
  return text.split(sep).map((piece) => {
    // A row that starts after a line break is reported on the line its text is on.
    const lead = /^\n*/.exec(piece)![0].length;
    const row = { line: line + lead, raw: piece.slice(lead).replace(/\n+$/, "") };
    line += newlines(piece) + newlines(sep);
    return row;
  });
}

/**
 * Comma and dash split at their first occurrence only: definitions are full of commas and hyphens.
 * Tab and custom separators may carry a third column, the hint. A dash prefers one with spaces around
 * it, so 'well-known - famous' splits where a student means it to.
 */
function splitTerm(separator: Extract<ImportOptions, { format: "text" }>["termSeparator"]) {
  return (raw: string): string[] | null => {
    if (separator === "tab" || typeof separator === "object") {
      const parts = raw.split(separator === "tab" ? "\t" : separator.custom);
      return parts.length < 2 ? null : parts;
    }
    const match = separator === "comma" ? /,/.exec(raw) : (/\s+[-–—]\s+/.exec(raw) ?? /[-–—]/.exec(raw));
    return match ? [raw.slice(0, match.index), raw.slice(match.index + match[0].length)] : null;
  };
}

function csvRows(text: string, delimiter: string): Row[] {
  const rows: Row[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter,
    step(result) {
      const end = result.meta.cursor;
      const raw = text.slice(start, end);
      const problem = result.errors.find((e) => e.type !== "Delimiter");
      rows.push({
        line,
        raw: raw.replace(/\n$/, ""),
        cells: result.data,
        ...(problem
          ? { problem: problem.code === "MissingQuotes" ? "A quote is never closed" : problem.message }
          : {}),
      });
      start = end;
      line += newlines(raw);
    },
  });
  return rows;
}

const check = (value: string, max: number, name: string) =>
  value.length > max ? `The ${name} is longer than ${max} characters` : null;

/** One row to a card or a reason; `clean` turns a cell into the text stored (Anki's HTML, for one). */
function toCard(cells: string[], clean: (cell: string) => string): ImportedCard | string {
  const [question = "", answer = "", hint = "", ...extra] = cells.map((c) => clean(c).trim());
  if (extra.some((c) => c !== "")) return "More than 3 columns (term, definition, hint)";
  if (!question) return "The term is empty";
  if (!answer)
    return cells.length < 2 ? "No separator between term and definition" : "The definition is empty";
  const tooLong =
    check(question, FLASHCARD_MAX_LENGTH.question, "term") ??
    check(answer, FLASHCARD_MAX_LENGTH.answer, "definition") ??
    check(hint, FLASHCARD_MAX_LENGTH.hint, "hint");
  return tooLong ?? { question, answer, hint: hint || null };
}

const isHeader = (cells: string[]) =>
  cells.length >= 2 && cells.every((c) => c.trim() === "" || HEADER_WORDS.has(c.trim().toLowerCase()));

/**
 * Rows to cards and errors. `split` cuts a raw text row into cells (CSV rows come split), `keep` drops
 * columns, `cell` turns a cell into the stored text (Anki's HTML, for one). Blank rows are skipped.
 */
function collect(
  rows: Row[],
  how: {
    split?: (raw: string) => string[] | null;
    keep?: (cells: string[]) => string[];
    cell?: (cell: string) => string;
  },
): ImportResult {
  const result: ImportResult = { cards: [], errors: [] };
  let first = true;
  for (const row of rows) {
    if (row.raw.trim() === "") continue;
    const split = row.cells ?? how.split?.(row.raw) ?? [row.raw];
    const cells = how.keep ? how.keep(split) : split;
    if (first && isHeader(cells)) {
      first = false;
      continue;
    }
    first = false;
    const card = row.problem ?? toCard(cells, how.cell ?? ((c) => c));
    if (typeof card === "string")
      result.errors.push({ line: row.line, text: excerpt(row.raw), reason: card });
    else result.cards.push(card);
  }
  return result;
}

const ANKI_SEPARATORS: Record<string, string> = {
  tab: "\t",
  comma: ",",
  semicolon: ";",
  space: " ",
  pipe: "|",
  colon: ":",
};

/**
 * Anki's 'Notes in Plain Text': '#key:value' header lines, then one note per line, quoted like CSV.
 * Honours #separator and #html; columns Anki names as guid, notetype, deck or tags are dropped.
 */
function parseAnki(text: string): ImportResult {
  const lines = text.split("\n");
  let separator = "\t";
  let html = false;
  const dropped = new Set<number>();
  let body = 0;
  for (; body < lines.length && lines[body]!.startsWith("#"); body++) {
    const [, key = "", value = ""] = /^#([^:]+):(.*)$/.exec(lines[body]!) ?? [];
    const k = key.trim().toLowerCase();
    if (k === "separator") separator = ANKI_SEPARATORS[value.trim().toLowerCase()] ?? value;
    else if (k === "html") html = value.trim().toLowerCase() === "true";
    else if (/^(guid|notetype|deck|tags) column$/.test(k)) dropped.add(Number.parseInt(value, 10) - 1);
  }
  const header = lines.slice(0, body).join("\n");
  const offset = body === 0 ? 0 : header.length + 1;
  const rows = csvRows(text.slice(offset), separator).map((r) => ({ ...r, line: r.line + body }));
  const keep = (cells: string[]) => cells.filter((_, i) => !dropped.has(i));
  return collect(rows, { keep, ...(html ? { cell: ankiHtmlToText } : {}) });
}

const ankiHtmlToText = (cell: string) => plainText(cell.replace(/\[sound:[^\]]*\]/g, ""));

const rowsOf = (cards: readonly ImportedCard[]) => cards.map((c) => [c.question, c.answer, c.hint ?? ""]);

/** RFC 4180 CSV (quoted where needed, CRLF) with a header row that parseFlashcards skips. */
export function toCsv(cards: readonly ImportedCard[]): string {
  return Papa.unparse({ fields: ["question", "answer", "hint"], data: rowsOf(cards) }, { newline: "\r\n" });
}

/** Anki-importable TSV: the headers tell Anki the separator and that the fields are plain text. */
export function toAnkiTsv(cards: readonly ImportedCard[]): string {
  const body = Papa.unparse(rowsOf(cards), { delimiter: "\t", newline: "\n" });
  return `#separator:tab\n#html:false\n${body}\n`;
}
