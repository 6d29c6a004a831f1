import { FLASHCARD_MAX_LENGTH } from "../constants.ts";
import { neutraliseFormula, quoteCsvCell, unneutralise } from "../csv.ts";
import { ankiHtmlToText, ankiPlainTextToText, looksLikeHtml } from "./anki-html.ts";
import {
  type CardType,
  hasCloze,
  importedTags,
  mediaRefsOf,
  normaliseFront,
  normaliseTags,
  type PortableCard,
} from "./card-model.ts";
import type { ImportColumnRole } from "./contract.ts";

/**
 * Flashcards as text files (issue 25 §5), pure so the import dialog can preview what the server will
 * import: CSV by RFC 4180 and Anki's "Notes in Plain Text", in and out.
 *
 * Reading never throws on the student's text: it answers the cards it could read and one problem per
 * line it could not (line number, a short reason, an excerpt), so the caller can skip the bad lines with
 * a report or refuse the import. The delimiter is never guessed from the content: it is the student's
 * choice, the file type's (`delimiterForFile`), or the Anki file's own `#separator:` header.
 */

// ---------------------------------------------------------------------------------------------------------
// Results

export type ProblemCode =
  | "not_text"
  | "unclosed_quote"
  | "text_after_quote"
  | "no_delimiter"
  | "empty_front"
  | "empty_back"
  | "no_cloze"
  | "extra_columns"
  | "too_long";

export type LineProblem = {
  /** The line the record starts on, counted from 1 in the file as the student sees it. */
  line: number;
  code: ProblemCode;
  reason: string;
  /** The start of the line, at most EXCERPT_LENGTH characters, control characters shown as spaces. */
  excerpt: string;
};

/** A card read from text: text has no masks, so never an occlusion card. */
export type ParsedCard = PortableCard & { type: CardType; line: number };

/** What a column holds: one list of roles, the import contract's (IMPORT_COLUMN_ROLES). */
export type ColumnRole = ImportColumnRole;

export type ParseResult = {
  cards: ParsedCard[];
  problems: LineProblem[];
  /** What each column was read as (from a header, the file's headers, or the defaults), for the preview. */
  columns: ColumnRole[];
  /** The delimiter used. */
  delimiter: string;
  /** CSV: the most cells a row has, so the dialog can offer a choice for columns beyond `columns`. */
  width?: number;
};

export const EXCERPT_LENGTH = 80;

// ---------------------------------------------------------------------------------------------------------
// Text that is not text

/** C0 and C1 control characters other than tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a piece of text is not text, or null: a NUL or another control character (a binary file, or
 * junk), U+FFFD (bytes that were not UTF-8 when the file was read), or half of a surrogate pair.
 */
export function notTextReason(text: string): string | null {
  if (text.includes("\u0000")) return "Contains NUL characters: this is not a text file";
  if (CONTROL.test(text)) return "Contains control characters: this does not look like text";
  if (text.includes("\uFFFD"))
    return "Contains characters that could not be read (�): save the file as UTF-8 and try again";
  if (LONE_SURROGATE.test(text)) return "Contains broken characters (half of a surrogate pair)";
  return null;
}

/** The start of a line for a report: at most EXCERPT_LENGTH characters, line breaks and controls as spaces. */
export function excerptOf(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to hide them
  const flat = raw.replace(/[\u0000-\u001F\u007F-\u009F\uFFFD]/g, " ");
  const chars = [...flat];
  return chars.length <= EXCERPT_LENGTH ? flat : `${chars.slice(0, EXCERPT_LENGTH - 1).join("")}…`;
}

// ---------------------------------------------------------------------------------------------------------
// Records: RFC 4180, plus Anki's comment lines

type RawRecord = {
  line: number;
  fields: string[];
  /** The record's source text (all its lines), for the excerpt and the text check. */
  raw: string;
  problem?: { code: ProblemCode; reason: string };
};

/**
 * Splits text into records. RFC 4180: a field that starts with a double quote runs to the matching
 * quote, with "" for a quote inside, and may hold delimiters and line breaks; records end at CRLF, LF or
 * CR. Empty lines are skipped (as Anki's reader and spreadsheets do). With `comments`, a line starting
 * with '#' is a comment (Anki's reader: a quoted field starting with '#' is data). A quote that is never
 * closed is reported on its line, and reading goes on from the next line rather than swallowing the file.
 */
function readRecords(text: string, delimiter: string, comments: boolean, firstLine: number): RawRecord[] {
  const records: RawRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = firstLine;
  const endOfLine = (from: number) => {
    let j = from;
    while (j < n && text[j] !== "\n" && text[j] !== "\r") j++;
    return j;
  };
  const skipTerminator = (j: number) => (text[j] === "\r" && text[j + 1] === "\n" ? j + 2 : j + 1);

  while (i < n) {
    const c = text[i];
    if (c === "\n" || c === "\r") {
      i = skipTerminator(i);
      line++;
      continue;
    }
    if (comments && c === "#") {
      i = skipTerminator(endOfLine(i));
      line++;
      continue;
    }
    const start = i;
    const startLine = line;
    const fields: string[] = [];
    let problem: RawRecord["problem"];
    let unclosed = false;
    for (;;) {
      let field = "";
      if (text[i] === '"') {
        i++;
        let closed = false;
        let from = i;
        while (i < n) {
          const q = text.indexOf('"', i);
          if (q === -1) {
            i = n;
            break;
          }
          if (text[q + 1] === '"') {
            field += `${text.slice(from, q)}"`;
            i = q + 2;
            from = i;
            continue;
          }
          field += text.slice(from, q);
          i = q + 1;
          closed = true;
          break;
        }
        if (!closed) {
          unclosed = true;
          break;
        }
        if (i < n && text[i] !== delimiter && text[i] !== "\n" && text[i] !== "\r") {
          const end = nextStop(text, i, delimiter);
          field += text.slice(i, end);
          i = end;
          problem ??= { code: "text_after_quote", reason: "Text follows a closing quote in the same field" };
        }
      } else {
        const end = nextStop(text, i, delimiter);
        field = text.slice(i, end);
        i = end;
      }
      fields.push(field);
      if (i < n && text[i] === delimiter) {
        i++;
        continue;
      }
      break;
    }
    if (unclosed) {
      // Report the line the quote opened on and read on from the next one.
      const stop = endOfLine(start);
      records.push({
        line: startLine,
        fields: [],
        raw: text.slice(start, stop),
        problem: { code: "unclosed_quote", reason: "A quote is never closed" },
      });
      i = stop < n ? skipTerminator(stop) : n;
      line = startLine + 1;
      continue;
    }
    const raw = text.slice(start, i);
    line = startLine + lineBreaksIn(raw);
    if (i < n) {
      i = skipTerminator(i);
      line++;
    }
    records.push({ line: startLine, fields, raw, ...(problem ? { problem } : {}) });
  }
  return records;
}

/** Where an unquoted field ends: the delimiter, a line break, or the end. */
function nextStop(text: string, from: number, delimiter: string): number {
  let j = from;
  while (j < text.length) {
    const c = text[j];
    if (c === delimiter || c === "\n" || c === "\r") return j;
    j++;
  }
  return j;
}

const lineBreaksIn = (s: string) => (s.match(/\r\n|\r|\n/g) ?? []).length;

// ---------------------------------------------------------------------------------------------------------
// Cells to cards

const ROLE_WORDS: Record<string, ColumnRole> = {
  front: "front",
  term: "front",
  question: "front",
  word: "front",
  text: "front",
  vocabulary: "front",
  back: "back",
  definition: "back",
  answer: "back",
  meaning: "back",
  "back extra": "back",
  extra: "back",
  hint: "hint",
  tags: "tags",
  tag: "tags",
  type: "type",
  "card type": "type",
  notetype: "type",
  "note type": "type",
  guid: "guid",
  deck: "deck",
};

const roleOfLabel = (label: string): ColumnRole | undefined => ROLE_WORDS[label.trim().toLowerCase()];

/** Anki's stock note type names, which Anki's importer looks up by name in a `#notetype column`. */
export const ANKI_NOTETYPE_NAMES: Record<CardType, string> = {
  basic: "Basic",
  reversed: "Basic (and reversed card)",
  cloze: "Cloze",
};

/** A type cell or Anki note type name as a card type: "Cloze" and "Basic (and reversed card)" included. */
export function cardTypeOf(value: string): CardType | null {
  const v = value.trim().toLowerCase();
  if (!v) return null;
  if (v.includes("cloze")) return "cloze";
  if (v === "reversed" || v.includes("and reversed")) return "reversed";
  return "basic";
}

const DEFAULT_ROLES: ColumnRole[] = ["front", "back", "hint"];

type CellReader = {
  roles: ColumnRole[];
  /** Roles came from the defaults: a non-empty cell beyond them is a problem, not silently dropped. */
  strict: boolean;
  html: boolean;
  /** Fields are text Anki shows as typed (`#html:false`): Markdown's characters are escaped. */
  literal?: boolean;
  unneutralise: boolean;
  type?: CardType | undefined;
  deck?: string | undefined;
  extraTags: string[];
  delimiterName: string;
};

function cellText(cell: string, how: CellReader): string {
  let value = how.unneutralise ? unneutralise(cell) : cell;
  if (how.literal) value = ankiPlainTextToText(value);
  else if (how.html) value = ankiHtmlToText(value);
  return value.trim();
}

function recordToCard(
  record: RawRecord,
  how: CellReader,
): ParsedCard | { code: ProblemCode; reason: string } {
  const notText = notTextReason(record.raw);
  if (notText) return { code: "not_text", reason: notText };
  if (record.problem) return record.problem;

  const byRole: Partial<Record<ColumnRole, string[]>> = {};
  let extra = false;
  record.fields.forEach((cell, index) => {
    const role = how.roles[index] ?? (how.strict ? undefined : "ignore");
    if (role === undefined) {
      if (cell.trim() !== "") extra = true;
      return;
    }
    if (role === "ignore") return;
    // Tags and guids are never HTML (Anki reads them as they are); a spreadsheet may have protected them.
    const raw = how.unneutralise ? unneutralise(cell) : cell;
    const cells = byRole[role] ?? [];
    cells.push(role === "tags" || role === "guid" ? raw : cellText(cell, how));
    byRole[role] = cells;
  });
  const join = (role: ColumnRole) => (byRole[role] ?? []).filter((v) => v !== "").join("\n");

  const front = join("front");
  const back = join("back");
  const hint = join("hint");
  const typeCell = join("type");
  const type: CardType =
    (typeCell && cardTypeOf(typeCell)) || how.type || (hasCloze(front) ? "cloze" : "basic");

  if (extra)
    return {
      code: "extra_columns",
      reason: `More columns than ${how.roles.join(", ")}: choose what each column holds`,
    };
  if (!front) {
    if (record.fields.length < 2)
      return { code: "no_delimiter", reason: `No ${how.delimiterName} between front and back` };
    return { code: "empty_front", reason: "The front is empty" };
  }
  if (type === "cloze" && !hasCloze(front))
    return { code: "no_cloze", reason: "A cloze card needs a deletion like {{c1::answer}} in its text" };
  if (!back && type !== "cloze") {
    if (record.fields.length < 2)
      return { code: "no_delimiter", reason: `No ${how.delimiterName} between front and back` };
    return { code: "empty_back", reason: "The back is empty" };
  }
  const tooLong =
    front.length > FLASHCARD_MAX_LENGTH.question
      ? `The front is longer than ${FLASHCARD_MAX_LENGTH.question} characters`
      : back.length > FLASHCARD_MAX_LENGTH.answer
        ? `The back is longer than ${FLASHCARD_MAX_LENGTH.answer} characters`
        : hint.length > FLASHCARD_MAX_LENGTH.hint
          ? `The hint is longer than ${FLASHCARD_MAX_LENGTH.hint} characters`
          : null;
  if (tooLong) return { code: "too_long", reason: tooLong };
  // The decoded text is checked too: an HTML file can spell a control character as &#1;.
  const decodedNotText = notTextReason(front + back + hint);
  if (decodedNotText) return { code: "not_text", reason: decodedNotText };

  const guid = join("guid").trim();
  const deck = join("deck") || how.deck;
  return {
    line: record.line,
    front,
    back,
    hint: hint || null,
    tags: importedTags([...(byRole.tags ?? []), ...how.extraTags]),
    type,
    media: mediaRefsOf(front, back, hint),
    ...(guid ? { guid } : {}),
    ...(deck ? { deck } : {}),
  };
}

function collect(records: RawRecord[], how: CellReader, delimiter: string): ParseResult {
  const result: ParseResult = { cards: [], problems: [], columns: how.roles, delimiter };
  for (const record of records) {
    if (record.fields.every((f) => f.trim() === "") && !record.problem && !notTextReason(record.raw))
      continue;
    const card = recordToCard(record, how);
    if ("code" in card) result.problems.push({ line: record.line, ...card, excerpt: excerptOf(record.raw) });
    else result.cards.push(card);
  }
  return result;
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

// ---------------------------------------------------------------------------------------------------------
// CSV

const FILE_DELIMITERS: Record<string, string> = { csv: ",", tsv: "\t", tab: "\t" };

/**
 * The delimiter a file's type implies: .csv comma, .tsv/.tab tab; null for anything else (.txt), where
 * the student must choose. Never guessed from the content.
 */
export function delimiterForFile(fileName: string): string | null {
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (ext && FILE_DELIMITERS[ext]) ?? null;
}

const DELIMITER_NAMES: Record<string, string> = {
  ",": "comma",
  ";": "semicolon",
  "\t": "tab",
  " ": "space",
  "|": "pipe",
  ":": "colon",
};
const delimiterName = (d: string) => DELIMITER_NAMES[d] ?? `"${d}"`;

function checkDelimiter(delimiter: string) {
  if ([...delimiter].length !== 1 || delimiter.length !== 1 || /["\r\n]/.test(delimiter))
    throw new RangeError("The delimiter is one character other than a quote or a line break");
}

export type CsvOptions = {
  /** The student's choice or the file type's (`delimiterForFile`); required. An Excel "sep=" line wins. */
  delimiter: string;
  /** What each column holds. Default: a header row's names if the first row is one, else front, back, hint. */
  columns?: ColumnRole[] | undefined;
  /**
   * Whether the first row names the columns. Default: it does when it names a front and a back column
   * (its unknown names are ignored columns), or when every cell is a known name.
   */
  header?: boolean | undefined;
};

/**
 * Excel's "sep=;" first line: Excel writes it (and reads it) to say which delimiter the file uses, as a
 * European Excel saves with semicolons. It is the file declaring its delimiter, as Anki's `#separator:`
 * does, so it wins over the chosen one; read as a record it would be a bad first line stopping the import.
 */
const EXCEL_SEP_LINE = /^sep=([^"\r\n])(?:\r\n|\r|\n|$)/i;

/**
 * A CSV (RFC 4180) of cards. The first row is a header when it names a front and a back column, or
 * when every cell in it is a column name this reader knows (Front, Back, Hint, Tags, Type, Term,
 * Definition, ...), and then decides the columns, a name it does not know being a column it ignores;
 * otherwise the columns are front, back, hint. A cell a spreadsheet export protected with a leading
 * apostrophe ('=1+1, see `toSpreadsheetCsv`) loses that apostrophe.
 */
export function parseCsv(input: string, options: CsvOptions): ParseResult {
  checkDelimiter(options.delimiter);
  const text = stripBom(input);
  const declared = EXCEL_SEP_LINE.exec(text);
  const delimiter = declared ? declared[1]! : options.delimiter;
  const records = readRecords(
    declared ? text.slice(declared[0].length) : text,
    delimiter,
    false,
    declared ? 2 : 1,
  );
  let roles = options.columns;
  let body = records;
  const first = records[0];
  const headerRoles = first && !first.problem ? first.fields.map(roleOfLabel) : [];
  // A spreadsheet's header often has a column of its own ("Front,Back,Notes", "Term,Definition,Source"):
  // naming both a front and a back column makes a row a header whatever its other cells say.
  const looksLikeHeader =
    headerRoles.length >= 2 &&
    ((headerRoles.includes("front") && headerRoles.includes("back")) ||
      (first!.fields.every((f, i) => f.trim() === "" || headerRoles[i] !== undefined) &&
        headerRoles.some((r) => r === "front" || r === "back")));
  if (options.header ?? looksLikeHeader) {
    body = records.slice(1);
    roles ??= headerRoles.map((r) => r ?? "ignore");
  }
  const how: CellReader = {
    roles: roles ?? DEFAULT_ROLES,
    strict: !roles,
    html: false,
    unneutralise: true,
    extraTags: [],
    delimiterName: delimiterName(delimiter),
  };
  const width = body.reduce((most, r) => Math.max(most, r.fields.length), 0);
  return { ...collect(body, how, delimiter), width };
}

// ---------------------------------------------------------------------------------------------------------
// Anki's "Notes in Plain Text"

/** Anki's separator names (rslib/src/import_export/text/csv/metadata.rs, Delimiter). */
const ANKI_SEPARATORS: Record<string, string> = {
  comma: ",",
  semicolon: ";",
  tab: "\t",
  space: " ",
  pipe: "|",
  colon: ":",
};

export type AnkiTextHeaders = {
  separator?: string;
  html?: boolean;
  /**
   * `#markdown:true`, which Studyhall's export writes beside `#html:false` (Anki ignores keys it does not
   * know): the fields are the cards' Markdown, to be read back as written, not text to show as typed.
   */
  markdown?: boolean;
  /** File-level tags added to every note (`#tags:`, or a first line `tags:`). */
  tags: string[];
  columns?: string[];
  notetype?: string;
  deck?: string;
  /** 1-based column numbers, as Anki writes them. */
  tagsColumn?: number;
  notetypeColumn?: number;
  deckColumn?: number;
  guidColumn?: number;
  /** The lines the headers took. */
  lines: number;
};

/**
 * The value as Anki reads it: past its first character, cut at the first character that is not an ASCII
 * letter or digit, so a header exported by mistake as a record ("#separator:tab\t\t") still reads.
 */
function ankiTrimmedValue(value: string): string {
  const chars = [...value];
  if (chars.length <= 1) return value;
  const rest = chars.slice(1).join("");
  const cut = rest.search(/[^A-Za-z0-9]/);
  return cut === -1 ? value : chars[0] + rest.slice(0, cut);
}

const positive = (value: string) => {
  const n = Number(value.trim());
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The header lines at the top of an Anki text file, read as Anki reads them, and where the notes start. */
export function readAnkiHeaders(
  text: string,
  fallbackSeparator: string,
): AnkiTextHeaders & { bodyStart: number } {
  const headers: AnkiTextHeaders = { tags: [], lines: 0 };
  let separator = fallbackSeparator;
  let at = 0;
  const lineBreak = /\r\n|\r|\n/g;
  while (at < text.length) {
    lineBreak.lastIndex = at;
    const m = lineBreak.exec(text);
    const line = text.slice(at, m ? m.index : text.length);
    const next = m ? m.index + m[0].length : text.length;
    if (headers.lines === 0 && line.startsWith("tags:")) headers.tags.push(...normaliseTags([line.slice(5)]));
    else if (!line.startsWith("#")) break;
    else {
      const colon = line.indexOf(":");
      if (colon !== -1)
        separator = readHeader(headers, line.slice(1, colon), line.slice(colon + 1), separator);
    }
    headers.lines++;
    at = next;
  }
  return { ...headers, bodyStart: at };
}

/** One `#key:value` header into `headers`; answers the separator in force after it. */
function readHeader(headers: AnkiTextHeaders, rawKey: string, value: string, separator: string): string {
  const trimmed = ankiTrimmedValue(value);
  switch (rawKey.trim().toLowerCase()) {
    case "separator": {
      const chosen =
        ANKI_SEPARATORS[trimmed.trim().toLowerCase()] ?? ([...trimmed].length === 1 ? trimmed : "");
      if (chosen.length === 1 && !/["\r\n]/.test(chosen)) {
        headers.separator = chosen;
        return chosen;
      }
      break;
    }
    case "html": {
      const v = trimmed.toLowerCase();
      if (v === "true" || v === "false") headers.html = v === "true";
      break;
    }
    case "markdown": {
      const v = trimmed.toLowerCase();
      if (v === "true" || v === "false") headers.markdown = v === "true";
      break;
    }
    case "tags":
      headers.tags.push(...normaliseTags([value]));
      break;
    case "columns": {
      // Read with the separator declared so far, as Anki does: #separator comes first.
      const record = readRecords(value, separator, false, 1)[0];
      if (record && !record.problem) headers.columns = record.fields;
      break;
    }
    case "notetype":
      headers.notetype = value.trim();
      break;
    case "deck":
      headers.deck = value.trim();
      break;
    case "tags column":
      headers.tagsColumn = positive(trimmed);
      break;
    case "notetype column":
      headers.notetypeColumn = positive(trimmed);
      break;
    case "deck column":
      headers.deckColumn = positive(trimmed);
      break;
    case "guid column":
      headers.guidColumn = positive(trimmed);
      break;
    // "match scope" and "if matches" choose Anki's duplicate handling; here the student chooses.
  }
  return separator;
}

export type AnkiTextOptions = {
  /** Used when the file has no `#separator:` header (Anki would guess; we take the student's choice). */
  delimiter?: string | undefined;
  /** Used when the file has no `#html:` header; otherwise, as Anki does, HTML if any field holds a tag. */
  html?: boolean | undefined;
  /** Overrides every column's role (the preview's column mapping). */
  columns?: ColumnRole[] | undefined;
};

/**
 * Anki's "Notes in Plain Text" (.txt) with every header Anki writes and reads: `#separator:` (a name or a
 * character), `#html:`, `#markdown:` (Studyhall's), `#tags:`, `#columns:`, `#notetype:`, `#deck:`,
 * `#notetype column:`,
 * `#deck column:`, `#tags column:`, `#guid column:`; other lines starting with '#' are comments.
 *
 * Columns: the guid, note type, deck and tags columns are what their headers say. The others are fields:
 * named by `#columns:` (Front/Text, Back/Back Extra, Hint, Tags, ...) when it has them, else front, back
 * and hint in order. With `#html:true` fields are HTML: <br> and <div> become line breaks, entities are
 * decoded, images become `![](name)`. With `#html:false` fields are text Anki shows as typed, so they are
 * escaped where the cards' Markdown would format them, unless `#markdown:true` says they are Markdown.
 * A note type named like Cloze makes cloze cards, one named
 * '... and reversed ...' reversed ones; without one, a front with {{c1::...}} is a cloze card.
 */
export function parseAnkiText(input: string, options: AnkiTextOptions = {}): ParseResult {
  const text = stripBom(input);
  const fallback = options.delimiter ?? "\t";
  checkDelimiter(fallback);
  const headers = readAnkiHeaders(text, fallback);
  const delimiter = headers.separator ?? fallback;
  const records = readRecords(text.slice(headers.bodyStart), delimiter, true, headers.lines + 1);

  const width = Math.max(0, ...records.map((r) => r.fields.length), headers.columns?.length ?? 0);
  const meta = new Map<number, ColumnRole>();
  if (headers.guidColumn) meta.set(headers.guidColumn - 1, "guid");
  if (headers.notetypeColumn) meta.set(headers.notetypeColumn - 1, "type");
  if (headers.deckColumn) meta.set(headers.deckColumn - 1, "deck");
  if (headers.tagsColumn) meta.set(headers.tagsColumn - 1, "tags");

  let roles: ColumnRole[];
  let strict = false;
  if (options.columns) roles = options.columns;
  else {
    const labelled = headers.columns?.map((label, i) => (meta.has(i) ? undefined : roleOfLabel(label)));
    const byLabel = labelled?.some((r) => r === "front");
    const positional = [...DEFAULT_ROLES];
    roles = [];
    for (let i = 0; i < width; i++) {
      const role = meta.get(i) ?? (byLabel ? (labelled?.[i] ?? "ignore") : positional.shift());
      if (role === undefined) {
        strict = true;
        break;
      }
      roles.push(role);
    }
  }
  const html = headers.html ?? options.html ?? records.some((r) => r.fields.some(looksLikeHtml));
  const how: CellReader = {
    roles,
    strict,
    html,
    // Only a file that says html:false: without the header Anki guesses, and what has no tag stays Markdown.
    literal: headers.html === false && headers.markdown !== true,
    unneutralise: false,
    type: headers.notetype ? (cardTypeOf(headers.notetype) ?? undefined) : undefined,
    deck: headers.deck || undefined,
    extraTags: headers.tags,
    delimiterName: delimiterName(delimiter),
  };
  return collect(records, how, delimiter);
}

// ---------------------------------------------------------------------------------------------------------
// Duplicates

export type DuplicateMatch<Id> =
  | { status: "new" }
  /** The same front as a card already in the set. */
  | { status: "duplicate"; existingId: Id }
  /** The same front as an earlier card of this import. */
  | { status: "repeated"; firstIndex: number };

/**
 * Which imported cards are new, which have the front of a card already in the set (`normaliseFront`:
 * case, Unicode form and white space aside), and which repeat an earlier card of the same import, so the
 * caller can skip, update or keep them as the student chose.
 */
export function classifyDuplicates<Id>(
  cards: readonly Pick<PortableCard, "front">[],
  existing: readonly { id: Id; front: string }[],
): DuplicateMatch<Id>[] {
  const inSet = new Map<string, Id>();
  for (const e of existing) {
    const key = normaliseFront(e.front);
    if (!inSet.has(key)) inSet.set(key, e.id);
  }
  const seen = new Map<string, number>();
  return cards.map((card, index) => {
    const key = normaliseFront(card.front);
    if (inSet.has(key)) return { status: "duplicate", existingId: inSet.get(key) as Id };
    const first = seen.get(key);
    if (first !== undefined) return { status: "repeated", firstIndex: first };
    seen.set(key, index);
    return { status: "new" };
  });
}

export type DuplicatePolicy = "skip" | "update" | "keep";

/**
 * The student's choice applied: `skip` imports only new cards; `update` rewrites the set's card with the
 * imported one (a later repeat in the file wins over an earlier one); `keep` adds every card.
 */
export function applyDuplicatePolicy<Id, C extends Pick<PortableCard, "front">>(
  cards: readonly C[],
  existing: readonly { id: Id; front: string }[],
  policy: DuplicatePolicy,
): { create: C[]; update: { id: Id; card: C }[]; skipped: { index: number; card: C }[] } {
  const matches = classifyDuplicates(cards, existing);
  const create: C[] = [];
  const update = new Map<Id, C>();
  const skipped: { index: number; card: C }[] = [];
  const createdAt = new Map<number, number>();
  matches.forEach((match, index) => {
    const card = cards[index]!;
    if (policy === "keep" || match.status === "new") {
      createdAt.set(index, create.length);
      create.push(card);
    } else if (policy === "skip") skipped.push({ index, card });
    else if (match.status === "duplicate") update.set(match.existingId, card);
    else {
      const slot = createdAt.get(match.firstIndex);
      if (slot !== undefined) {
        create[slot] = card;
        createdAt.set(index, slot);
      } else skipped.push({ index, card });
    }
  });
  return { create, update: [...update].map(([id, card]) => ({ id, card })), skipped };
}

// ---------------------------------------------------------------------------------------------------------
// Export

// The spreadsheet rule (OWASP CSV injection) is src/shared/csv.ts's, shared by every CSV export.

export const SPREADSHEET_COLUMNS = ["Front", "Back", "Hint", "Tags", "Type"] as const;

/**
 * A CSV for spreadsheets (RFC 4180: CRLF, fields with the delimiter, quotes or line breaks quoted) with a
 * header row `parseCsv` reads back, a byte order mark so Excel reads UTF-8, and formula neutralisation
 * (`neutraliseFormula`). `parseCsv` gives back the same cards.
 */
export function toSpreadsheetCsv(
  cards: readonly PortableCard[],
  options: { delimiter?: string; bom?: boolean } = {},
): string {
  const delimiter = options.delimiter ?? ",";
  checkDelimiter(delimiter);
  const row = (cells: readonly string[]) =>
    cells.map((c) => quoteCsvCell(neutraliseFormula(c), delimiter)).join(delimiter);
  const lines = [
    row(SPREADSHEET_COLUMNS),
    ...cards.map((c) => row([c.front, c.back, c.hint ?? "", c.tags.join(" "), c.type])),
  ];
  return `${options.bom === false ? "" : "\uFEFF"}${lines.join("\r\n")}\r\n`;
}

/**
 * Anki quotes a field when it holds the separator, a quote or a line break, and when it starts with '#'
 * (its reader would take the line for a comment: the Rust csv crate with `comment(Some(b'#'))`).
 */
const quoteAnki = (field: string) =>
  /[\t"\r\n]/.test(field) || field.startsWith("#") ? `"${field.replace(/"/g, '""')}"` : field;

/**
 * Anki's "Notes in Plain Text", written so Anki imports exactly these cards and `parseAnkiText` reads
 * them back:
 * - `#separator:tab` and `#html:false`: Anki then escapes <, > and & itself and turns line breaks into
 *   <br>, so what Anki stores shows exactly our text. (html:true would need us to escape the same way;
 *   html:false leaves nothing to get wrong.) Text is never formula-neutralised: Anki is no spreadsheet.
 * - `#markdown:true`, which Anki ignores: our reader shows another program's html:false fields as typed
 *   (escaping Markdown), and this says ours are the cards' Markdown, so they read back as written.
 * - `#columns:` names the fields Front, Back, Hint, so Anki maps them by name (Hint lands in a note type
 *   that has a Hint field, and nowhere else), and `#tags column:` makes the last column tags: without
 *   it Anki takes the first column after the fields for tags, which put hints into tags before.
 * - `#guid column:` when cards have guids, so importing again updates Anki's notes instead of adding.
 * - `#notetype column:` with Anki's stock names (Basic, Basic (and reversed card), Cloze) only when some
 *   card is not basic or a basic front has {{c1::...}} in it: Anki looks the name up in the student's
 *   collection, and an Anki in another language names its stock types differently.
 * - `#deck:` when a deck name is given: Anki creates the deck if it is missing.
 */
export function toAnkiText(cards: readonly PortableCard[], options: { deck?: string } = {}): string {
  const withGuid = cards.some((c) => c.guid);
  const withType = cards.some((c) => c.type !== "basic" || hasCloze(c.front));
  const labels = [
    ...(withGuid ? ["GUID"] : []),
    ...(withType ? ["Notetype"] : []),
    "Front",
    "Back",
    "Hint",
    "Tags",
  ];
  const headers = ["#separator:tab", "#html:false", "#markdown:true"];
  if (withGuid) headers.push("#guid column:1");
  if (withType) headers.push(`#notetype column:${withGuid ? 2 : 1}`);
  if (options.deck) headers.push(`#deck:${options.deck.replace(/[\r\n]+/g, " ")}`);
  headers.push(`#tags column:${labels.length}`);
  headers.push(`#columns:${labels.join("\t")}`);
  const rows = cards.map((c) =>
    [
      ...(withGuid ? [c.guid ?? ""] : []),
      // Text carries no masks: an occlusion card goes as its picture and back, a basic note.
      ...(withType ? [ANKI_NOTETYPE_NAMES[c.type === "occlusion" ? "basic" : c.type]] : []),
      c.front,
      c.back,
      c.hint ?? "",
      c.tags.join(" "),
    ]
      .map(quoteAnki)
      .join("\t"),
  );
  return `${[...headers, ...rows].join("\n")}\n`;
}
