/**
 * What a document carries besides its content: running headers and footers, page numbers, licence and
 * copyright notices, tables of contents and indexes. Found per document (a header is a line repeated at
 * the edge of many pages) and masked, not cut: each such line becomes spaces of the same length, so every
 * offset into a masked page still points into the page the student sees, and a quote or a highlight taken
 * from the masked text lands where it was. The stored text keeps all of it; only answers, summaries and
 * drafts leave it out.
 */

/** Phrases found only in licence, warranty and copyright notices. */
const LICENCE = new RegExp(
  [
    "\\bGNU (?:Free Documentation|(?:Lesser |Library |Affero )?General Public) Licen[cs]e",
    "\\bPermission is (?:hereby )?granted(?:,? free of charge,?)? to (?:copy|make|use|any person|distribute)",
    // The GNU all-permissive licence: 'Copying and distribution of this file, with or without
    // modification, are permitted in any medium without royalty provided this notice is preserved.'
    "\\bpermitted in any medium without royalty",
    "\\bWITHOUT ANY WARRANTY",
    "\\bWITHOUT WARRANT(?:Y|IES) OF ANY KIND",
    '\\bAS IS["”]? (?:AND|BASIS|WITHOUT)',
    "\\bRedistributions? (?:and use )?(?:of source code|in (?:source and )?binary forms?)",
    "\\b(?:retain|reproduce) the above copyright notice",
    "\\bAll rights reserved",
    "\\bInvariant Sections",
    "\\b(?:Front|Back)-Cover Texts?",
    "\\bMERCHANTABILITY",
    "\\bFITNESS FOR A PARTICULAR PURPOSE",
    "\\bIN NO EVENT SHALL",
    "\\bARISING IN ANY WAY OUT OF THE USE",
    "\\bNEGLIGENCE OR OTHERWISE",
    "\\bPROVIDED BY THE COPYRIGHT HOLDERS",
    "\\byou can redistribute it and/or modify it",
    "\\bCreative Commons (?:Attribution|Legal Code|License|Licence)",
    "\\bLicensed under the\\b",
    "\\bunder the terms of the\\b[^.]{0,60}\\bLicen[cs]e",
    "(?:^|\\s)(?:Copyright\\s*)?(?:©|\\(c\\)|c©)\\s*\\d{4}",
    "^Copyright:?\\s+(?:\\(c\\)\\s*)?\\d{4}",
  ].join("|"),
  "i",
);
/** 'this License' with its capital is how licence texts name themselves. */
const LICENCE_SELF = /\bthis Licen[cs]e\b/;
/** Dot leaders before a page number: 'Introduction . . . . . 1' or '........ 12'. */
const DOT_LEADERS = /(?:\.\s?){5,}\s*[ivxlc\d]+\b/i;
/** Index entries: a term followed by three or more page numbers ('parsing, 4, 12, 31'). */
const INDEX_ENTRY = /\b\d{1,4}(?:\s*,\s*\d{1,4}){2,}\b/;
const TOC_OR_INDEX_TITLE =
  /^(?:table of contents|contents|list of (?:figures|tables)|(?:[\p{L} ]{0,24} )?index)$/iu;
/** Section titles under which everything is licence text or front matter, never the subject. */
const LICENCE_TITLE =
  /^(?:(?:appendix\s+\w+\.?\s+)?(?:copying(?: information| conditions)?|licen[cs]e|licensing|legal notice|copyright(?: and licen[cs]e| notice)?|warranty|disclaimer)|gnu (?:free documentation|(?:lesser )?general public) licen[cs]e(?:.*)?|(?:[a-z]\.\d+\s+)?gnu free documentation licen[cs]e)$/i;
/** A page-number line: '12', 'Page 3', '3 of 10', '- 4 -', 'iii'. */
const PAGE_NUMBER =
  /^(?:[Pp]age\s+)?[-–—\s]*(?:\d{1,4}|x{0,3}(?:ix|iv|v?i{1,3}|v)|X{0,3}(?:IX|IV|V?I{1,3}|V))(?:\s+(?:of|\/)\s+\d{1,4})?[-–—\s]*$/;
/** A chapter header with its folio: 'Chapter 2: ASN.1 structure handling 3', '12 Chapter 4. Usage'. */
const CHAPTER_HEADER =
  /^(?:\d{1,4}\s+)?(?:chapter|appendix|part|section)\s+[\w.]+[:.]?\s+\S.*?(?:\s+\d{1,4})?$/i;

/** Why a piece of text is boilerplate by its own words, or null. */
export function boilerplateReason(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (LICENCE.test(t) || LICENCE_SELF.test(t)) return "licence or copyright notice";
  if (PAGE_NUMBER.test(t)) return "page number";
  if (DOT_LEADERS.test(t) || TOC_OR_INDEX_TITLE.test(t)) return "table of contents or index";
  if (INDEX_ENTRY.test(t)) return "index entry";
  return null;
}

export const isBoilerplate = (text: string): boolean => boilerplateReason(text) !== null;

/** A section title that announces licence text or a table of contents ('GNU Free Documentation License', 'Index'). */
export function isBoilerplateTitle(title: string): boolean {
  const t = title.trim().replace(/^[\d.]+\s+/, "");
  return LICENCE_TITLE.test(t) || TOC_OR_INDEX_TITLE.test(t) || LICENCE.test(t);
}

/** A line without its numbers (page numbers change from page to page), spaces collapsed, case kept. */
function furnitureKey(line: string): string {
  return line.replace(/\d+/g, "").replace(/\s+/g, " ").trim();
}

interface Line {
  start: number;
  end: number;
  text: string;
}

function linesOf(page: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const text of page.split("\n")) {
    out.push({ start, end: start + text.length, text });
    start += text.length + 1;
  }
  return out;
}

/** The first and last `n` non-blank lines of a page: where headers and footers sit. */
function edgeLines(lines: readonly Line[], n = 2): Line[] {
  const filled = lines.filter((l) => l.text.trim());
  return [...new Set([...filled.slice(0, n), ...filled.slice(-n)])];
}

/**
 * Running headers and footers: lines (numbers aside) at the top or bottom of at least 3 pages and a
 * tenth of them. A chapter header repeats on fewer pages than a book title, hence the low share.
 */
export function runningLines(pages: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(edgeLines(linesOf(page)).map((l) => furnitureKey(l.text)));
    for (const key of keys) if (key.length >= 4) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(3, Math.ceil(pages.length * 0.1));
  return new Set([...counts].filter(([, n]) => n >= needed).map(([key]) => key));
}

/** Licence phrases on a page from which the whole page counts as licence text (a manual's GFDL appendix). */
const LICENCE_PAGE_HITS = 3;
/** A page this much table of contents or index (by characters) is one, headings and letters included. */
const TOC_PAGE_SHARE = 0.5;

function licenceHits(text: string): number {
  const all = new RegExp(LICENCE.source, "gim");
  return (text.match(all)?.length ?? 0) + (text.match(new RegExp(LICENCE_SELF.source, "g"))?.length ?? 0);
}

const blank = (text: string) => text.replace(/[^\n]/g, " ");

function maskLines(page: string, lines: readonly Line[]): string {
  if (lines.length === 0) return page;
  let out = "";
  let at = 0;
  for (const line of [...lines].sort((a, b) => a.start - b.start)) {
    if (line.start < at) continue;
    out += page.slice(at, line.start) + blank(page.slice(line.start, line.end));
    at = line.end;
  }
  return out + page.slice(at);
}

/**
 * The pages with their boilerplate blanked out (same lengths, same line breaks): running headers and
 * footers and page numbers at the page edges, lines of licence text, whole licence pages (in a document of
 * 3+ pages), table-of-contents and index lines, and whole pages that are mostly those.
 */
export function maskBoilerplate(pages: readonly string[]): string[] {
  const running = runningLines(pages);
  return pages.map((page) => {
    if (pages.length >= 3 && licenceHits(page) >= LICENCE_PAGE_HITS) return blank(page);
    const lines = linesOf(page);
    const masked = new Set<Line>();
    for (const line of edgeLines(lines)) {
      const text = line.text.trim();
      const key = furnitureKey(text);
      if (PAGE_NUMBER.test(text) || running.has(key)) masked.add(line);
      // 'Chapter 2: ASN.1 structure handling 3': a chapter title with its folio at the page's edge.
      else if (CHAPTER_HEADER.test(text) && /(?:^\d{1,4}\s|\s\d{1,4}$)/.test(text) && !/[.!?]$/.test(text))
        masked.add(line);
    }
    let contents = 0;
    let total = 0;
    for (const line of lines) {
      const text = line.text.trim();
      if (!text || masked.has(line)) continue;
      total += text.length;
      const why = boilerplateReason(text);
      if (why === null) continue;
      masked.add(line);
      if (why !== "licence or copyright notice") contents += text.length;
    }
    if (total > 0 && contents / total >= TOC_PAGE_SHARE) return blank(page);
    return maskLines(page, [...masked]);
  });
}
