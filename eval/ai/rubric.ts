/**
 * The written quality rubric of issue 24, as code (rules in eval/ai/README.md, "Quality rubric"). Pure: it
 * judges text the engine produced against the text of the document it came from, and knows nothing of the
 * engine, so changing the engine cannot change what passes.
 */

/**
 * Words that end with a full stop without ending a sentence. Each can stand before a capital ('Fig. 3',
 * 'e.g. The'), so a stop after them never splits, and a sentence that ends on one was cut there.
 * ('etc.' and 'et al.' are left out: they end sentences as often as not.)
 */
export const ABBREVIATIONS = new Set(
  (
    "e.g i.e cf vs viz fig figs eq eqs sec secs ch chap no nos vol vols pp approx ca resp esp " +
    "dr mr mrs ms prof sr jr st inc ltd co corp dept univ u.s u.k u.n ph.d b.sc m.sc " +
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun"
  ).split(" "),
);

const CLOSERS = "\"'”’)]»*_`";
const TERMINAL = new RegExp(`[.!?][${escapeClass(CLOSERS)}]*$`);

function escapeClass(chars: string): string {
  return chars.replace(/[\]\\^-]/g, "\\$&");
}

/** The word a stop at `dot` ends ('e.g' for '... e.g. The'), without its final stop and opening quotes. */
function wordBefore(text: string, dot: number): string {
  const start = text.lastIndexOf(" ", dot - 1) + 1;
  return text.slice(start, dot).replace(/^["'“‘([]+/, "");
}

/** Whether a stop (or ! or ?) at `at`, followed by whitespace, ends a sentence. */
function endsSentence(text: string, at: number, after: number): boolean {
  if (text[at] !== ".") return true;
  const word = wordBefore(text, at);
  // A stop after a space or another stop: dot leaders ('. . . 5') and ellipses are not sentence ends.
  if (word === "" || /^[.…]+$/.test(word)) return false;
  if (ABBREVIATIONS.has(word.toLowerCase())) return false;
  // An initial ('J. Smith', 'W. R. Pearson').
  if (/^\p{Lu}$/u.test(word)) return false;
  const next = text.slice(after).trimStart();
  // A new sentence starts with a capital, a digit, a quote, a bracket, a code span or a list mark.
  return next === "" || !/^\p{Ll}/u.test(next);
}

/**
 * A text's sentences. Blank lines, list items and '#' headings always break; inside a block a sentence ends
 * at '.', '!' or '?' (and any closing quotes or brackets) followed by whitespace, unless the stop belongs to
 * an abbreviation or an initial, or the next word starts in lower case. Stops inside tokens (ASN.1, v2.0,
 * 3.14, file.txt, U.S.) never split, since no whitespace follows them.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const blocks = text.split(
    /\n\s*\n|\n(?=[ \t]*(?:[-*•]|\d+[.)]|#{1,6})[ \t])|(?<=(?:^|\n)[ \t]*#{1,6}[ \t][^\n]*)\n/,
  );
  for (const block of blocks) {
    const flat = block.replace(/\s+/g, " ").trim();
    if (!flat) continue;
    let start = 0;
    for (const m of flat.matchAll(new RegExp(`[.!?]+[${escapeClass(CLOSERS)}]*(?= |$)`, "g"))) {
      const end = m.index + m[0].length;
      const stop = m.index + m[0].search(/[.!?](?=[^.!?]*$)/);
      if (end < flat.length && !endsSentence(flat, stop, end)) continue;
      const sentence = flat.slice(start, end).trim();
      if (sentence) out.push(sentence);
      start = end;
    }
    const rest = flat.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out;
}

/** The headings of a summary ('## Section'): not sentences, but they may still be boilerplate. */
export function summaryHeadings(summary: string): string[] {
  return summary
    .split("\n")
    .filter((line) => /^\s*#{1,6}\s/.test(line))
    .map((line) => line.replace(/^\s*#{1,6}\s+/, "").trim());
}

/** The sentences of a summary as the app renders it: '## ' headings are not sentences, '- ' bullets are. */
export function summarySentences(summary: string): string[] {
  const lines = summary
    .split("\n")
    .filter((line) => !/^\s*#{1,6}\s/.test(line))
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, ""));
  // Each line is its own block: a bullet never runs into the next one.
  return splitSentences(lines.join("\n\n"));
}

// ---------------------------------------------------------------------------------------------------------
// Boilerplate

/** Phrases found only in licence, warranty and copyright notices. */
const LICENCE = new RegExp(
  [
    "\\bGNU (?:Free Documentation|(?:Lesser |Library )?General Public) License",
    "\\bPermission is (?:hereby )?granted(?:,? free of charge,?)? to (?:copy|make|use|any person)",
    "\\bWITHOUT ANY WARRANTY",
    "\\bRedistributions? (?:and use )?(?:of source code|in (?:source and )?binary forms?)",
    "\\b(?:retain|reproduce) the above copyright notice",
    "\\bAll rights reserved",
    "\\bInvariant Sections",
    "\\b(?:Front|Back)-Cover Texts",
    "\\bMERCHANTABILITY",
    "\\bFITNESS FOR A PARTICULAR PURPOSE",
    "\\bIN NO EVENT SHALL",
    "\\bARISING IN ANY WAY OUT OF THE USE",
    "\\bNEGLIGENCE OR OTHERWISE",
    "\\bPROVIDED BY THE COPYRIGHT HOLDERS",
    "\\byou can redistribute it and/or modify it",
    "(?:^|\\s)(?:Copyright\\s*)?(?:©|\\(c\\)|c©)\\s*\\d{4}",
    "^Copyright:?\\s+\\d{4}",
  ].join("|"),
  "i",
);
/** 'this License' with its capital is how licence texts name themselves. */
const LICENCE_SELF = /\bthis License\b/;
/** Dot leaders before a page number: 'Introduction . . . . . 1' or '........ 12'. */
const DOT_LEADERS = /(?:\.\s?){5,}\s*[ivxlc\d]+\b/i;
/** Index entries: a term followed by three or more page numbers. */
const INDEX_ENTRY = /\b\d{1,4}(?:\s*,\s*\d{1,4}){2,}\b/;
const TOC_OR_INDEX_TITLE =
  /^(?:table of contents|contents|(?:concept |function and data |general )?index)\b/i;
/** A page-number line: '12', 'Page 3', '3 of 10', '- 4 -', 'iii'. */
const PAGE_NUMBER = /^(?:page\s+)?[-–—\s]*(?:\d{1,4}|[ivxlc]{1,6})(?:\s+of\s+\d{1,4})?[-–—\s]*$/i;

/**
 * A document's running headers and footers: lines (numbers aside) at the top or bottom of at least 3 pages
 * and a tenth of them. Chapter headers repeat on fewer pages than a book title, hence the low share.
 */
export function runningLines(pages: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const lines = page
      .split("\n")
      .map((l) => furnitureKey(l))
      .filter((l) => l.length > 0);
    const edges = new Set([...lines.slice(0, 2), ...lines.slice(-2)]);
    for (const line of edges) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const needed = Math.max(3, Math.ceil(pages.length * 0.1));
  return [...counts].filter(([line, n]) => n >= needed && line.length >= 4).map(([line]) => line);
}

/**
 * A line without its numbers (page numbers change from page to page) and with its spaces collapsed. Case is
 * kept: a header in title case ('The Root Filesystem') is not the sentence 'The root filesystem contains'.
 */
function furnitureKey(line: string): string {
  return line.replace(/\d+/g, "").replace(/\s+/g, " ").trim();
}

/** Why `text` is boilerplate (licence, page furniture, table of contents, index), or null when it is not. */
export function boilerplate(text: string, running: readonly string[] = []): string | null {
  const t = text.trim();
  if (LICENCE.test(t) || LICENCE_SELF.test(t)) return "licence or copyright notice";
  if (PAGE_NUMBER.test(t)) return "page number";
  if (DOT_LEADERS.test(t) || TOC_OR_INDEX_TITLE.test(t)) return "table of contents or index";
  if (INDEX_ENTRY.test(t)) return "index entry";
  const key = furnitureKey(t);
  // A header or footer shows up whole, or glued to the first or last sentence of its page.
  for (const line of running) {
    if (key === line || key.startsWith(`${line} `) || key.endsWith(` ${line}`)) {
      return `running header or footer ("${line}")`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Where a piece of text sits in its document

/**
 * Typographic quotes and dashes unified, soft hyphens, bold marks and code spans dropped ('__' stays: it is
 * part of Python names far more often than it is Markdown).
 */
function unifyCharacters(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\*\*|`/g, "")
    .replace(/[‘’‚‛´]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/[‐‑‒–—]/g, "-")
    .replace(/\u00ad/g, "");
}

/** Text as compared with its document: characters unified, every run of whitespace one space. */
export function normalizeForMatch(text: string): string {
  return unifyCharacters(text).replace(/\s+/g, " ").trim();
}

export interface DocumentProfile {
  /** normalizeForMatch of the whole text. */
  text: string;
  /** Positions of `text` whose space stands for a paragraph break or the start of a list item or heading. */
  breaks: Set<number>;
  /** Positions of `text` whose space stands for any line break. */
  lineBreaks: Set<number>;
  /** Where each page starts in `text` (page n at index n - 1). */
  pageStarts: number[];
  /** Pages (from 1) that are licence text, like a manual's GFDL appendix. */
  licencePages: Set<number>;
  running: string[];
}

/** Licence phrases on a page from which the whole page counts as licence text. */
const LICENCE_PAGE_HITS = 3;

function licenceHits(text: string): number {
  const all = new RegExp(LICENCE.source, "gi");
  return (text.match(all)?.length ?? 0) + (text.match(new RegExp(LICENCE_SELF.source, "g"))?.length ?? 0);
}

export function profileDocument(pages: readonly string[]): DocumentProfile {
  let text = "";
  const breaks = new Set<number>();
  const lineBreaks = new Set<number>();
  const pageStarts: number[] = [];
  const licencePages = new Set<number>();
  pages.forEach((page, i) => {
    if (text) {
      breaks.add(text.length);
      lineBreaks.add(text.length);
      text += " ";
    }
    pageStarts.push(text.length);
    // A page of a manual's licence appendix has the licence's phrases all over it; a one-page document
    // that quotes its licence in a paragraph is not all licence.
    if (pages.length >= 3 && licenceHits(page) >= LICENCE_PAGE_HITS) licencePages.add(i + 1);
    const raw = unifyCharacters(page).trim();
    for (const m of raw.matchAll(/(\S+)|(\s+)/g)) {
      if (m[1]) {
        text += m[1];
        continue;
      }
      const space = m[2] ?? "";
      const rest = raw.slice((m.index ?? 0) + space.length, (m.index ?? 0) + space.length + 4);
      const newlines = space.split("\n").length - 1;
      if (newlines >= 2 || (newlines === 1 && /^(?:[-*•#]|\d+[.)])\s/.test(rest))) breaks.add(text.length);
      if (newlines >= 1) lineBreaks.add(text.length);
      text += " ";
    }
  });
  return { text, breaks, lineBreaks, pageStarts, licencePages, running: runningLines(pages) };
}

/** The page (from 1) a position of the profile's text is on. */
function pageAt(doc: DocumentProfile, at: number): number {
  let page = 1;
  doc.pageStarts.forEach((start, i) => {
    if (start <= at) page = i + 1;
  });
  return page;
}

/**
 * Why a piece of the document is boilerplate: by its own words (`boilerplate`), or because it comes from a
 * licence page (`page`, or where the piece is found).
 */
export function documentBoilerplate(doc: DocumentProfile, text: string, page?: number): string | null {
  const why = boilerplate(text, doc.running);
  if (why) return why;
  const found = page === undefined ? locate(doc, text) : null;
  const where = page ?? (found ? pageAt(doc, found.at) : undefined);
  return where !== undefined && doc.licencePages.has(where) ? `licence text (page ${where})` : null;
}

/** Where `piece` occurs in the document (case-insensitively), or null. */
function locate(doc: DocumentProfile, piece: string): { at: number; length: number } | null {
  const needle = normalizeForMatch(piece).toLowerCase();
  if (!needle) return null;
  const hay = doc.text.toLowerCase();
  let at = hay.indexOf(needle);
  if (at >= 0) return { at, length: needle.length };
  // The engine may add a final stop to a line that had none (slides, list items).
  const bare = needle.replace(/[.!?]+$/, "");
  at = bare.length >= 10 ? hay.indexOf(bare) : -1;
  return at >= 0 ? { at, length: bare.length } : null;
}

/** Problems with how `piece` is cut out of the document: mid-token at either end, or mid-sentence at its end. */
function cutProblems(doc: DocumentProfile, piece: string): string[] {
  const found = locate(doc, piece);
  if (!found) return [];
  const problems: string[] = [];
  const end = found.at + found.length;
  const before = doc.text.slice(Math.max(0, found.at - 2), found.at);
  const after = doc.text.slice(end, end + 2);
  if (/[\p{L}\p{N}]$/u.test(before) || /[\p{L}\p{N}][.]$/u.test(before)) {
    problems.push(`starts inside a word or identifier ("${before}${piece.slice(0, 12)}…")`);
  }
  if (/^[\p{L}\p{N}]/u.test(after)) {
    problems.push(`ends inside a word or identifier ("…${piece.slice(-12)}${after}")`);
  } else if (/[.]$/.test(normalizeForMatch(piece)) && /^ \p{Ll}/u.test(after) && !doc.lineBreaks.has(end)) {
    // A stop before a lower-case word ends nothing, unless a line ends there (definition lists: 'name: ...').
    problems.push("ends at a stop that does not end the sentence");
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------
// Summary sentences

/** The first token may be an identifier from the text ('asn1Parser reads ...', '`nano` is ...', '/etc is ...'). */
function startsWell(sentence: string): boolean {
  const s = sentence.replace(/^["'“‘([*_]+/, "");
  if (/^[\p{Lu}\p{N}]/u.test(s)) return true;
  const token = s.split(/\s/, 1)[0] ?? "";
  // Code spans, paths, options and keys ('^X', 'M-C'), file names ('tables.xsl'), names with digits,
  // underscores or inner capitals ('asn1Parser', 'asn1_node').
  return (
    /^[`/~$.-]\S/.test(token) ||
    (/^[^\p{L}\p{N}]/u.test(token) && /[\p{Lu}\p{N}]/u.test(token)) ||
    /[_\d]|\p{Ll}\p{Lu}|\w\.\w/u.test(token)
  );
}

/** Why a summary sentence is not complete; empty when it is. */
export function sentenceProblems(sentence: string, doc?: DocumentProfile): string[] {
  const problems: string[] = [];
  const s = sentence.trim();
  if (!startsWell(s)) problems.push("does not start with a capital, a digit or an identifier");
  if (!TERMINAL.test(s)) problems.push("does not end with . ! or ?");
  else if (/:\s*[.!?]$/.test(s)) problems.push("ends with a colon: it introduces something it does not show");
  const lastWord = wordBefore(s, s.search(/[.][^.]*$/)).toLowerCase();
  if (/[.]["'”’)\]]*$/.test(s) && ABBREVIATIONS.has(lastWord))
    problems.push(`cut at the abbreviation "${lastWord}."`);
  const why = doc ? documentBoilerplate(doc, s) : boilerplate(s);
  if (why) problems.push(`boilerplate: ${why}`);
  if (doc) problems.push(...cutProblems(doc, s));
  return problems;
}

// ---------------------------------------------------------------------------------------------------------
// Flashcard drafts

/** Function words: never the content word a term needs, never the last word of a finished phrase. */
export const STOPWORDS = new Set(
  (
    "a an the and or but nor so yet of to in on at by for from with without into onto over under about " +
    "as than then that this these those there here which who whom whose what when where why how is are " +
    "was were be been being am do does did done has have had having can could may might must shall should " +
    "will would it its it's they them their he she his her we you your our i me my not no yes if else " +
    "also only just very more most less least such each every any some all both either neither other " +
    "another one ones same own used using use"
  ).split(" "),
);

const BLANK = /_{3,}|\[\s*(?:\.\.\.|…|blank)\s*\]|\(\s*(?:\.\.\.|…)\s*\)|\.{4,}|…/i;
/** The frame around a term in a question: 'What is X?', 'What does X mean?', 'Define X.'. */
const QUESTION_FRAME =
  /^(?:(?:what|who|which)\s+(?:is|are|was|were)\s+(?:meant\s+by\s+)?|what\s+(?:does|do)\s+|define\s+|explain\s+|describe\s+)/i;
const QUESTION_TAIL = /\s+(?:mean|stand\s+for|refer\s+to|do)\s*$/i;
/** What may come right before an answer that is not a whole sentence: the link of a definition. */
const DEFINING_LINK =
  /(?:\b(?:is|are|was|were|means?|meant|refers?\s+to|stands?\s+for|defined\s+as|known\s+as|called)|[:=]|\s[-–—])\s*$/i;

export interface Draft {
  question: string;
  answer: string;
  /** The page the card's fact is on, when the engine says. */
  page?: number;
}

/**
 * The content words of `text`: three or more characters with a letter, not a function word. A word in
 * capitals or with digits or underscores is a name ('ANY', 'ASN1_MAX_NAME_SIZE'), whatever it spells.
 */
export function contentWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}_'-]+/gu) ?? []).filter((w) => {
    if (/^[\p{Lu}\p{N}_-]{2,}$/u.test(w) && /\p{L}/u.test(w)) return true;
    const lower = w.toLowerCase();
    return lower.length >= 3 && /\p{L}/u.test(lower) && !STOPWORDS.has(lower.replace(/'s$/, ""));
  });
}

/** The term a question asks about ('What is a namespace?' → 'a namespace'). */
export function questionTerm(question: string): string {
  return question
    .trim()
    .replace(/[?.!:]+$/, "")
    .replace(QUESTION_FRAME, "")
    .replace(QUESTION_TAIL, "")
    .trim();
}

function termProblems(term: string): string[] {
  const problems: string[] = [];
  if (contentWords(term).length === 0) problems.push(`the term "${term}" has no content word`);
  const last = term.match(/[\p{L}\p{N}_'-]+$/u)?.[0];
  if (
    last &&
    contentWords(last).length === 0 &&
    STOPWORDS.has(last.toLowerCase()) &&
    !/^(?:it|one|use)$/i.test(last)
  ) {
    problems.push(`the term "${term}" ends on "${last}"`);
  }
  return problems;
}

function balanced(text: string): boolean {
  const pairs: [string, string][] = [
    ["(", ")"],
    ["[", "]"],
    ["{", "}"],
  ];
  if (pairs.some(([o, c]) => text.split(o).length !== text.split(c).length)) return false;
  return (text.match(/"/g) ?? []).length % 2 === 0 && (text.match(/[“”]/g) ?? []).length % 2 === 0;
}

/**
 * Why a clause from a card is not a complete clause of the document; empty when it is. Complete: three words
 * or more, found in the document, balanced brackets and quotes, not cut inside a token or at an
 * abbreviation, ending where a sentence ends, and starting where a sentence starts or right after the link
 * of a definition ('X is', 'X means', 'X:').
 */
export function clauseProblems(clause: string, doc: DocumentProfile): string[] {
  const c = clause.trim();
  const problems: string[] = [];
  if (c.split(/\s+/).length < 3) problems.push("fewer than three words");
  if (!balanced(c)) problems.push("unbalanced brackets or quotes");
  const found = locate(doc, c);
  if (!found) return [...problems, "does not appear in the document"];
  problems.push(...cutProblems(doc, c));
  const lastWord = wordBefore(c, c.search(/[.][^.]*$/)).toLowerCase();
  if (/[.]["'”’)\]]*$/.test(c) && ABBREVIATIONS.has(lastWord))
    problems.push(`cut at the abbreviation "${lastWord}."`);
  const end = found.at + found.length;
  const next = doc.text.slice(end).trimStart();
  if (!TERMINAL.test(normalizeForMatch(c)) && !/^(?:[.!?;]|$)/.test(next) && !doc.breaks.has(end)) {
    problems.push("stops before the end of its sentence");
  }
  const before = doc.text.slice(Math.max(0, found.at - 40), found.at);
  const opensBlock = doc.breaks.has(found.at - 1) || /(?:^|[.!?:]["')\]]?)\s*$/.test(before);
  if (!startsWell(c) && !DEFINING_LINK.test(before) && !opensBlock) {
    problems.push("starts in the middle of a sentence");
  }
  return problems;
}

/**
 * Why a flashcard draft fails the rubric; empty when it passes. A definition card names its term in the
 * question and answers with a complete clause of the document; a cloze card (a blank in the question)
 * answers with the term, and its question with the blank filled in is that clause. Neither side may be
 * boilerplate.
 */
export function draftProblems(draft: Draft, doc: DocumentProfile): string[] {
  const problems: string[] = [];
  for (const [side, text] of [
    ["question", draft.question],
    ["answer", draft.answer],
  ] as const) {
    const why = documentBoilerplate(doc, text, draft.page);
    if (why) problems.push(`${side} is boilerplate: ${why}`);
  }
  if (BLANK.test(draft.question)) {
    problems.push(...termProblems(draft.answer.replace(/[.!?]+$/, "")));
    const filled = draft.question.replace(BLANK, draft.answer.trim().replace(/[.!?]+$/, ""));
    problems.push(...clauseProblems(filled, doc).map((p) => `question with its blank filled ${p}`));
  } else {
    problems.push(...termProblems(questionTerm(draft.question)));
    problems.push(...clauseProblems(draft.answer, doc).map((p) => `answer ${p}`));
  }
  return problems;
}
