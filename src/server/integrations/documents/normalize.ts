// Text clean-up for extracted documents, shared with the AI engine (chunking, sentence splitting), which
// must see the same words the extraction stored.

const LIGATURES: Record<string, string> = {
  "\uFB00": "ff",
  "\uFB01": "fi",
  "\uFB02": "fl",
  "\uFB03": "ffi",
  "\uFB04": "ffl",
  "\uFB05": "st",
  "\uFB06": "st",
};

/**
 * The minimum every text gets, keeping its layout (indentation, ASCII diagrams, Markdown): one newline
 * style, no BOM, no NUL or other control characters except tab, newline and form feed.
 */
export function stripControls(text: string): string {
  return (
    text
      .replace(/\r\n?|\u2028/g, "\n")
      .replace(/\u2029/g, "\n\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F\uFEFF]/g, "")
  );
}

/**
 * For text taken out of a layout (PDF, Word, slides): ligatures split, soft hyphens and zero-width
 * characters gone, runs of spaces and tabs made one space, lines trimmed, at most one blank line in a row.
 */
export function cleanText(text: string): string {
  return (
    stripControls(text)
      .replace(/\f/g, "\n\n")
      // A soft hyphen ending a line marks a hyphenated break; rejoinLines mends it like a hard one.
      .replace(/\u00AD\n/g, "-\n")
      .replace(/[\u00AD\u200B-\u200D\u2060]/g, "")
      .replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c)
      .replace(/[\t\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, " ")
      .replace(/ {2,}/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** Bullets and list numbers that start a list item: "• x", "- x", "1. x", "a) x", "iv. x". */
const LIST_ITEM = /^(?:[•◦▪▫‣∙●○■□➢►✓*–—-]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})[.)])\s/;
const SENTENCE_END = /[.!?:;]["'”’»)\]]*$/;
const HYPHENATED = /\p{L}[-\u2010]$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Lines no longer than this are a table, a list or verse, not wrapped prose: they are kept apart. */
const NARROW = 40;
/** A line this much shorter than the block's longest one ended before the right margin on purpose. */
const SHORT = 0.7;

/**
 * Mends the line wraps of text laid out on a page (PDF): inside a block (text between blank lines) a line
 * is joined to the next one unless it ended on purpose; "exam-\nple" becomes "example" ("Jean-\nPaul"
 * keeps its hyphen). A line ends on purpose when the next one is a list item, or when it stops well short
 * of the block's longest line (the last line of a paragraph, a heading) and the next line does not carry
 * on its sentence in lower case. Lines of narrow blocks (tables, short lists) are kept apart.
 * Blocks stay separated by one blank line. Expects cleanText's output.
 */
export function rejoinLines(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => rejoinBlock(block.split("\n")))
    .join("\n\n");
}

function rejoinBlock(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  let out = lines[0] ?? "";
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1] ?? "";
    const next = lines[i] ?? "";
    if (endsOnPurpose(prev, next, width)) out += `\n${next}`;
    else out = joinWrapped(out, next);
  }
  return out;
}

function endsOnPurpose(prev: string, next: string, width: number): boolean {
  if (LIST_ITEM.test(next)) return true;
  // A word broken at the margin: nobody ends a paragraph or heading on a hyphen.
  if (HYPHENATED.test(prev)) return false;
  if (width <= NARROW) return true;
  if (/^\p{Ll}/u.test(next) && !SENTENCE_END.test(prev)) return false;
  return prev.length < width * SHORT;
}

function joinWrapped(out: string, next: string): string {
  if (HYPHENATED.test(out) && /^\p{Ll}/u.test(next)) return out.slice(0, -1) + next;
  // A break after a hyphen or slash (a compound, a URL) or between CJK characters takes no space.
  if (/[-\u2010/]$/.test(out) || (CJK.test(out.at(-1) ?? "") && CJK.test(next[0] ?? ""))) return out + next;
  return `${out} ${next}`;
}

/** cleanText then rejoinLines: what PDF page text goes through. */
export function normalizeLaidOutText(text: string): string {
  return rejoinLines(cleanText(text));
}
