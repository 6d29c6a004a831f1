import { isBoilerplate, isBoilerplateTitle, maskBoilerplate } from "./boilerplate.ts";
import { type Sentence, sentences, tidy } from "./text.ts";

/**
 * A page's text as blocks: headings, paragraphs, list items, code or diagrams, and tables. Only
 * paragraphs and list items are prose; headings, code, ASCII diagrams and tables never become sentences,
 * which is what the ranking libraries on npm get wrong (they summarize a document by its headings).
 */

export type BlockKind = "heading" | "paragraph" | "list" | "code" | "table";

export interface Block {
  kind: BlockKind;
  /** The block exactly as it stands in the page, from `start` to `end`. */
  text: string;
  start: number;
  end: number;
  page: number;
  /** Where the prose begins: after a list marker, else `start`. */
  bodyStart: number;
  /** Headings: 1 for '#' or '1', 2 for '##' or '1.2', ... */
  level?: number;
}

export interface Section {
  /** The heading as a reader sees it ('#' marks and a trailing colon removed); null before the first heading. */
  title: string | null;
  level: number;
  page: number;
  blocks: Block[];
  /** Licence text, a table of contents or an index: kept for its place, never summarized or quoted. */
  boilerplate?: boolean;
}

export interface DocSentence extends Sentence {
  page: number;
  /** Index into the document's sections. */
  section: number;
  /** 0 for the first sentence of its section, 1 for the next, ... */
  position: number;
  /** A list item, or the only sentence of its paragraph: a line that stands alone (a slide's line). */
  alone: boolean;
  /** From a list item (a bullet or numbered line). */
  listItem: boolean;
}

export interface DocumentStructure {
  sections: Section[];
  sentences: DocSentence[];
}

type LineKind = "blank" | "code" | "table" | "heading" | "numbered" | "list" | "prose";

interface Line {
  text: string;
  start: number;
  end: number;
  kind: LineKind;
  level?: number;
}

const FENCE = /^\s*(```|~~~)/;
const MARKDOWN_HEADING = /^\s{0,3}(#{1,6})\s+\S/;
const LIST_MARKER = /^\s*(?:[-*+•◦▪‣●○■□–]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\([A-Za-z]\))\s+(?=\S)/;
const NUMBERED_HEADING =
  /^\s*(?:(\d{1,2}(?:\.\d{1,2})+)\.?|(\d{1,2})\.?|([IVX]{1,5})\.|(?:chapter|section|part|unit|lecture|week|module)\s+\w+[.:]?)\s+(?=\S)/i;
const BOX_DRAWING = /[\u2500-\u259f\u25a0-\u25ff\u2190-\u21ff]/;
const ASCII_ART = /(?:-{2,}>|<-{2,}|={2,}>|\+-{2,}|-{2,}\+|\|\s{2,}\||^\s*[|+][-=+|\s]*$)/;
const CODE_KEYWORD =
  /^\s*(?:def|class|import|from|return|const|let|var|function|if|elif|else|for|while|try|except|catch|public|private|static|void|int|#include|print|console\.\w+)\b.*(?:[:{;)]|\s=\s.*)\s*$/;
/** An interactive session's prompt or a comment line of code ('>>> x = 1', '... ', '$ make', '    # note'). */
const PROMPT = /^\s*(?:>>>|\.\.\.(?=\s)|\$(?=\s)|%(?=\s))|^(?: {4}|\t)\s*(?:#|\/\/)/;
const CODE_PUNCTUATION = /[{]\s*$|^\s*[}\])]+[;,]?\s*$|[=()[\]].*;\s*$|=>|[=!]==?|&&|\|\||->/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$/;
const TABLE_LINE = /^\s*\|.*\|\s*$|\|.*\|.*\||\S\t.*\t\S|\S {3,}\S.* {3,}\S/;
const TERMINAL = /[.!?;,]["'”’)\]]*$/;
const CLOSED = /[.!?:]["'”’)\]]*$/;
/** A prose line this long that ends without a stop was wrapped at a margin, not ended (slide lines are shorter). */
const WRAPPED_LINE = 60;
const MINOR_WORDS = new Set(
  "a an and as at but by for from in into of on or nor per the to vs via with within without".split(" "),
);

function symbolShare(text: string): number {
  const visible = text.replace(/\s/g, "");
  if (!visible) return 0;
  const symbols = visible.replace(/[\p{L}\p{N}]/gu, "").length;
  return symbols / visible.length;
}

function isProseLike(text: string): boolean {
  return text.trim().split(/\s+/).length >= 5 && symbolShare(text) < 0.2;
}

/** Title Case, ALL CAPS, or a few words in sentence case: short, starting with a capital, no final punctuation. */
function looksLikeTitle(text: string): boolean {
  const trimmed = text.trim().replace(/:$/, "");
  if (!trimmed || trimmed.length > 100 || TERMINAL.test(trimmed) || !/^[\p{Lu}\p{N}"'“(]/u.test(trimmed)) {
    return false;
  }
  const wordsOf = trimmed.split(/\s+/);
  if (wordsOf.length > 12 || !/\p{L}{2}/u.test(trimmed)) return false;
  const letters = trimmed.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 2 && letters === letters.toUpperCase()) return true;
  const significant = wordsOf.filter((w) => !MINOR_WORDS.has(w.toLowerCase()) && /\p{L}/u.test(w));
  const capitalized = significant.filter((w) => /^["'“(]?[\p{Lu}\p{N}]/u.test(w));
  return capitalized.length >= Math.max(1, significant.length * 0.6) || wordsOf.length <= 6;
}

function classify(text: string): Pick<Line, "kind" | "level"> {
  if (!text.trim()) return { kind: "blank" };
  const markdown = MARKDOWN_HEADING.exec(text);
  if (markdown) return { kind: "heading", level: markdown[1]?.length ?? 1 };
  if (TABLE_RULE.test(text)) return { kind: "table" };
  if (BOX_DRAWING.test(text) || ASCII_ART.test(text) || PROMPT.test(text)) return { kind: "code" };
  if (TABLE_LINE.test(text)) return { kind: "table" };
  if ((CODE_KEYWORD.test(text) || CODE_PUNCTUATION.test(text)) && !isSentenceEnd(text))
    return { kind: "code" };
  if (/^(?: {4}|\t)/.test(text) && !isProseLike(text) && !LIST_MARKER.test(text)) return { kind: "code" };
  if (symbolShare(text) > 0.35 && text.trim().length > 2) return { kind: "code" };
  const numbered = NUMBERED_HEADING.exec(text);
  if (numbered && looksLikeTitle(text.slice(numbered[0].length))) {
    const depth = numbered[1] ? numbered[1].split(".").length : 1;
    // '1.2 Title' is always a heading; '1. Title' may be the first item of a list, decided in context.
    return { kind: numbered[1] ? "heading" : "numbered", level: depth };
  }
  if (LIST_MARKER.test(text)) return { kind: "list" };
  return { kind: "prose" };
}

function isSentenceEnd(text: string): boolean {
  return /[.!?]["'”’)]*\s*$/.test(text) && isProseLike(text);
}

function splitLines(page: string): Line[] {
  const lines: Line[] = [];
  let inFence = false;
  let start = 0;
  for (const raw of page.split("\n")) {
    const end = start + raw.length;
    const text = raw.replace(/\r$/, "");
    let line: Line;
    if (FENCE.test(text)) {
      inFence = !inFence;
      line = { text, start, end, kind: "code" };
    } else if (inFence) {
      line = { text, start, end, kind: "code" };
    } else {
      line = { text, start, end, ...classify(text) };
    }
    lines.push(line);
    start = end + 1;
  }
  return lines;
}

/** Decides the lines whose kind depends on their neighbours: title-like prose lines and '1. Title' lines. */
function resolveInContext(lines: Line[]): void {
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    const next = lines.slice(i + 1).find((l) => l.kind !== "blank");
    if (line.kind === "numbered") {
      const before = lines.slice(0, i).findLast((l) => l.kind !== "blank");
      const inList = [before, next].some((l) => l?.kind === "list" || l?.kind === "numbered");
      line.kind = inList ? "list" : "heading";
      return;
    }
    if (line.kind !== "prose" || !looksLikeTitle(line.text)) return;
    const afterBreak = previous?.kind !== "prose" || CLOSED.test(previous.text.trim());
    const continues = next?.kind === "prose" && /^\s*\p{Ll}/u.test(next.text) && next.start === line.end + 1;
    if (afterBreak && !continues) {
      line.kind = "heading";
      line.level = 1;
    }
  });
}

/**
 * A list item runs on over indented lines that carry no marker of their own. A paragraph runs on unless
 * its last line has no final punctuation and the next starts with a capital: that is a slide's or
 * note's next line ('Light reactions occur in the thylakoids' / 'Calvin cycle fixes CO2'), not a wrap.
 */
function continuesBlock(block: Block, line: Line): boolean {
  if (line.kind === "prose" && block.kind === "list") return /^\s/.test(line.text);
  if (line.kind === "prose" && block.kind === "paragraph") {
    const last = block.text.slice(block.text.lastIndexOf("\n") + 1).trimEnd();
    return (
      CLOSED.test(last) ||
      !/^\s*\p{Lu}/u.test(line.text) ||
      // A hard-wrapped text file: the line broke at the margin, or on a word no sentence or slide line
      // ends with ('... storage classes NULL, TEXT or' / 'BLOB. If numerical data ...').
      last.length >= WRAPPED_LINE ||
      /[,;(–—-]$/.test(last) ||
      MINOR_WORDS.has(last.slice(last.lastIndexOf(" ") + 1).toLowerCase())
    );
  }
  return line.kind === block.kind && (line.kind === "code" || line.kind === "table");
}

export function pageBlocks(page: string, pageNumber = 1): Block[] {
  const lines = splitLines(page);
  resolveInContext(lines);
  const blocks: Block[] = [];
  let open: Block | undefined;
  for (const line of lines) {
    if (line.kind === "blank") {
      open = undefined;
      continue;
    }
    if (open && line.start === open.end + 1 && continuesBlock(open, line)) {
      open.end = line.end;
      open.text = page.slice(open.start, open.end);
      continue;
    }
    const kind: BlockKind =
      line.kind === "prose" ? "paragraph" : line.kind === "numbered" ? "list" : line.kind;
    const marker = kind === "list" ? (LIST_MARKER.exec(line.text)?.[0].length ?? 0) : 0;
    open = {
      kind,
      text: line.text,
      start: line.start,
      end: line.end,
      page: pageNumber,
      bodyStart: line.start + marker,
      ...(kind === "heading" ? { level: line.level ?? 1 } : {}),
    };
    blocks.push(open);
    if (kind === "heading") open = undefined;
  }
  return blocks;
}

function isLeadIn(block: Block): boolean {
  return block.text.trimEnd().endsWith(":") && !MARKDOWN_HEADING.test(block.text);
}

export function headingTitle(block: Block): string {
  return tidy(block.text.replace(/^\s*#{1,6}\s+/, "").replace(/\s*#+\s*$/, "")).replace(/:$/, "");
}

/** Sentences of a prose block, with offsets into its page. */
export function blockSentences(page: string, block: Block): Sentence[] {
  if (block.kind !== "paragraph" && block.kind !== "list") return [];
  const body = page.slice(block.bodyStart, block.end);
  return sentences(body).map((s) => ({
    ...s,
    start: s.start + block.bodyStart,
    end: s.end + block.bodyStart,
  }));
}

/**
 * Pages in, sections (a heading and the blocks under it, across page breaks) and prose sentences out.
 * Boilerplate is left out (boilerplate.ts): running headers, page numbers, licence text, tables of
 * contents and indexes never become blocks, and a section titled as licence text or an index ('GNU Free
 * Documentation License', 'Concept Index') keeps its heading but gives no sentences, down to the next
 * heading of its level or above. Offsets are into the pages as given.
 */
export function analyzeDocument(pages: readonly string[]): DocumentStructure {
  const sections: Section[] = [];
  const found: DocSentence[] = [];
  let current: Section | undefined;
  let position = 0;
  let skipBelow: number | null = null;
  maskBoilerplate(pages).forEach((page, index) => {
    for (const block of pageBlocks(page, index + 1)) {
      // A lead-in such as 'Key differences:' introduces the blocks below it; it does not open a section.
      if (block.kind === "heading" && !isLeadIn(block)) {
        const title = headingTitle(block);
        const level = block.level ?? 1;
        if (skipBelow !== null && level <= skipBelow) skipBelow = null;
        if (skipBelow === null && isBoilerplateTitle(title)) skipBelow = level;
        current = {
          title,
          level,
          page: block.page,
          blocks: [],
          ...(skipBelow !== null ? { boilerplate: true } : {}),
        };
        sections.push(current);
        position = 0;
        continue;
      }
      if (!current) {
        current = { title: null, level: 0, page: block.page, blocks: [] };
        sections.push(current);
      }
      if (current.boilerplate) continue;
      current.blocks.push(block);
      const own = blockSentences(page, block);
      const alone = block.kind === "list" || own.length === 1;
      for (const sentence of own) {
        if (isBoilerplate(sentence.text)) continue;
        found.push({
          ...sentence,
          page: block.page,
          section: sections.length - 1,
          position: position++,
          alone,
          listItem: block.kind === "list",
        });
      }
    }
  });
  return { sections, sentences: found };
}
