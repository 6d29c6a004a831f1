import { FLASHCARD_MAX_LENGTH } from "#shared/constants.ts";
import {
  CARD_TYPES,
  type CardType,
  normaliseTags,
  type PortableCard,
} from "#shared/flashcards/card-model.ts";
import { type ClozeNode, parseCloze, plainOf } from "#shared/flashcards/card-sides.ts";
import type { ImportOptions } from "#shared/flashcards/contract.ts";
import {
  delimiterForFile,
  excerptOf,
  notTextReason,
  type ParsedCard,
  type ParseResult,
  type ProblemCode,
  parseAnkiText,
  parseCsv,
  toAnkiText,
  toSpreadsheetCsv,
} from "#shared/flashcards/text-formats.ts";
import { badRequest } from "../../lib/errors.ts";

/**
 * Flashcard import and export (issue 25 §5). CSV (RFC 4180) and Anki's "Notes in Plain Text" are read
 * and written by the shared text formats; this module adds Quizlet's export and paste box (`text`), and
 * picks the delimiter: the student's choice, else the file type's, else comma for pasted CSV. It is never
 * guessed from the content.
 */
export function parseImport(text: string, options: ImportOptions, fileName?: string): ParseResult {
  if (options.format === "csv") {
    const fromFile = fileName ? delimiterForFile(fileName) : ",";
    const delimiter = options.delimiter ?? fromFile;
    if (!delimiter)
      throw badRequest("Choose the delimiter: this file's type does not say (.csv is comma, .tsv is tab).");
    return parseCsv(text, { delimiter, header: options.header, columns: options.columns });
  }
  if (options.format === "anki") return parseAnkiText(text, { delimiter: options.delimiter });
  return parseQuizlet(text, options);
}

/** A source row of Quizlet text: where it starts and its raw text. */
type Row = { line: number; raw: string };

const newlines = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length;

function textRows(text: string, separator: Extract<ImportOptions, { format: "text" }>["rowSeparator"]) {
  const sep = separator === "newline" ? "\n" : separator === "semicolon" ? ";" : separator.custom;
  let line = 1;
  return text.split(sep).map((piece): Row => {
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

const HEADER_WORDS = new Set(["term", "definition", "question", "answer", "front", "back", "hint"]);
const isHeader = (cells: string[]) =>
  cells.length >= 2 && cells.every((c) => c.trim() === "" || HEADER_WORDS.has(c.trim().toLowerCase()));

type Problem = { code: ProblemCode; reason: string };

function quizletCard(cells: string[] | null): Omit<ParsedCard, "line"> | Problem {
  if (!cells) return { code: "no_delimiter", reason: "No separator between term and definition" };
  const [front = "", back = "", hint = "", ...extra] = cells.map((c) => c.trim());
  if (extra.some((c) => c !== ""))
    return { code: "extra_columns", reason: "More than 3 columns (term, definition, hint)" };
  if (!front) return { code: "empty_front", reason: "The term is empty" };
  if (!back) return { code: "empty_back", reason: "The definition is empty" };
  const tooLong = (reason: string): Problem => ({ code: "too_long", reason });
  if (front.length > FLASHCARD_MAX_LENGTH.question)
    return tooLong(`The term is longer than ${FLASHCARD_MAX_LENGTH.question} characters`);
  if (back.length > FLASHCARD_MAX_LENGTH.answer)
    return tooLong(`The definition is longer than ${FLASHCARD_MAX_LENGTH.answer} characters`);
  if (hint.length > FLASHCARD_MAX_LENGTH.hint)
    return tooLong(`The hint is longer than ${FLASHCARD_MAX_LENGTH.hint} characters`);
  return { front, back, hint: hint || null, tags: [], type: "basic", media: [] };
}

/** Quizlet's export and paste box: per line a card or a problem; text that is not text is refused. */
function parseQuizlet(input: string, options: Extract<ImportOptions, { format: "text" }>): ParseResult {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const split = splitTerm(options.termSeparator);
  const result: ParseResult = { cards: [], problems: [], columns: ["front", "back", "hint"], delimiter: "" };
  let first = true;
  for (const row of textRows(text, options.rowSeparator)) {
    if (row.raw.trim() === "" && !notTextReason(row.raw)) continue;
    const notText = notTextReason(row.raw);
    const cells = split(row.raw);
    if (first && cells && isHeader(cells)) {
      first = false;
      continue;
    }
    first = false;
    // Each problem keeps its own code: all were 'not_text', so the dialog could not tell a missing separator.
    const card: Omit<ParsedCard, "line"> | Problem = notText
      ? { code: "not_text", reason: notText }
      : quizletCard(cells);
    if ("code" in card) result.problems.push({ line: row.line, ...card, excerpt: excerptOf(row.raw) });
    else result.cards.push({ ...card, line: row.line });
  }
  return result;
}

type StoredCard = {
  question: string;
  answer: string;
  hint: string | null;
  tags: string[];
  type?: string;
  ord?: number;
  guid?: string | null;
};

const isCardType = (t: string | undefined): t is CardType => CARD_TYPES.includes(t as CardType);

const portable = (c: StoredCard): PortableCard => ({
  front: c.question,
  back: c.answer,
  hint: c.hint,
  tags: normaliseTags(c.tags),
  type: isCardType(c.type) ? c.type : "basic",
  media: [],
  guid: c.guid ?? undefined,
});

/** One card per note (decision 015): a note's sibling rows share a guid and its texts, so the first row speaks for all. */
export function notesOf<C extends StoredCard>(rows: readonly C[]): C[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (!row.guid) return true;
    if (seen.has(row.guid)) return false;
    seen.add(row.guid);
    return true;
  });
}

/**
 * CSV for spreadsheets (RFC 4180, a header row, UTF-8 with a byte order mark, and every cell a spreadsheet
 * would run as a formula, starting with = + - @, given a leading apostrophe: issue 27 fault 10). Our own
 * import removes that apostrophe again, so the cards come back the same.
 */
export const toCsv = (cards: readonly StoredCard[]) => toSpreadsheetCsv(notesOf(cards).map(portable));

/** Anki's "Notes in Plain Text", exact: no neutralising, quoted where Anki would misread a field. */
export const toAnkiTsv = (cards: readonly StoredCard[], deck?: string) =>
  toAnkiText(notesOf(cards).map(portable), deck ? { deck } : {});

/**
 * Tabs and line breaks cannot be written in Quizlet's text: a tab would start the definition and a line
 * break the next card. Each run of them becomes one space, so no card is split or merged.
 */
const quizletField = (text: string) => text.replace(/[\t\r\n]+/g, " ").trim();

const BLANK = "____";

/**
 * A cloze note as a Quizlet card, which has no cloze: the text with every deletion a blank (its hint in
 * brackets) as the term, the hidden answers, each once, as the definition, and the note's extra text after
 * them. Written as it was, `{{c1::...}}` showed as markup in Quizlet and the empty back (a cloze needs none)
 * made a line neither Quizlet nor our reader takes. A deletion numbered c0 is no blank (Anki makes no card
 * of it); one inside another is part of the outer answer.
 */
function quizletCloze(text: string, extra: string): { term: string; definition: string } {
  const answers: string[] = [];
  const blanked = (nodes: ClozeNode[]): string =>
    nodes
      .map((node) => {
        if (typeof node === "string") return node;
        if (!node.numbers.some((n) => n > 0)) return blanked(node.content);
        answers.push(quizletField(plainOf(node.content)));
        return node.hint ? `${BLANK} (${node.hint})` : BLANK;
      })
      .join("");
  const term = quizletField(blanked(parseCloze(text)));
  const seen = new Set<string>();
  const distinct = answers.filter((a) => {
    const key = a.normalize("NFC").toLowerCase();
    if (!a || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const definition = [distinct.join(", "), quizletField(extra)].filter(Boolean).join(" — ");
  // Our reader takes a definition up to the answer's limit; a text with no deletion left answers itself.
  const max = FLASHCARD_MAX_LENGTH.answer;
  const fitted = definition.length > max ? `${definition.slice(0, max - 1)}…` : definition;
  return { term, definition: fitted || quizletField(plainOf(parseCloze(text))) };
}

/**
 * Quizlet's import box default, which its own "Export" writes too: term, a tab, definition, one card per
 * line. Only front and back (Quizlet has no hint or tags); a cloze note as `quizletCloze` writes it.
 */
export const toQuizletText = (cards: readonly StoredCard[]) =>
  notesOf(cards)
    .map((c) => {
      const { term, definition } =
        c.type === "cloze"
          ? quizletCloze(c.question, c.answer)
          : { term: quizletField(c.question), definition: quizletField(c.answer) };
      return `${term}\t${definition}\n`;
    })
    .join("");
