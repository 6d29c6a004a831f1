import { isBoilerplate } from "./boilerplate.ts";
import { ABBREVIATIONS, NUMBERED_ABBREVIATIONS } from "./text.ts";

/**
 * Whether a sentence can stand on its own in a summary, an answer or a card: a student reads it out of
 * its paragraph, so it must start like a sentence, end like one, close what it opens, and not be
 * boilerplate or code.
 */

const OPENERS = /^["'“‘([*_]+/;
const TERMINAL = /[.!?]["'”’)\]»*_`]*$/;

/**
 * Starts with a capital or a digit, or with an identifier the text names ('asn1Parser reads ...',
 * '`nano` is ...', '/etc holds ...', 'tables.xsl is ...').
 */
export function startsLikeSentence(text: string): boolean {
  const s = text.trim().replace(OPENERS, "");
  if (/^[\p{Lu}\p{N}]/u.test(s)) return true;
  const token = s.split(/\s/, 1)[0] ?? "";
  return (
    /^[`/~$-]\S/.test(token) ||
    (/^[^\p{L}\p{N}]/u.test(token) && /[\p{Lu}\p{N}]/u.test(token)) ||
    /[_\d]|\p{Ll}\p{Lu}|\w\.\w/u.test(token)
  );
}

/** The word before a final stop ('fig' for '... see Fig.'), lower-cased. */
function lastWord(text: string): string {
  const bare = text.replace(/[.]["'”’)\]]*$/, "");
  return (bare.slice(bare.lastIndexOf(" ") + 1).replace(OPENERS, "") || "").toLowerCase();
}

export function balanced(text: string): boolean {
  for (const [open, close] of [
    ["(", ")"],
    ["[", "]"],
    ["{", "}"],
  ] as const) {
    if (text.split(open).length !== text.split(close).length) return false;
  }
  return (text.match(/"/g) ?? []).length % 2 === 0 && (text.match(/[“”]/g) ?? []).length % 2 === 0;
}

/** Grammar rules, code and signatures read as sentences to a splitter ('struct-decl ::= struct [ident] ...'). */
function looksLikeCode(text: string): boolean {
  if (/::=|=>|->|\{\s*\}|;\s*$|^\s*(?:>>>|\$ |#)|\w\([^)]*\)\s*[;{]|<\/?\w+>/.test(text)) return true;
  // A manual's function signature: '[Function]int asn1_parser2tree (const char * file, ...)'.
  if (/^\[[A-Z]\w*\]|\(\s*(?:const\s+)?\w+(?:\s+\w+)?\s*\*/.test(text)) return true;
  // Paths, options and `code spans` are fine in prose; braces, operators and markup are not.
  const symbols = text.match(/[{}[\]<>=|*#^~\\@]/g)?.length ?? 0;
  return symbols >= 2 && symbols / text.replace(/\s/g, "").length > 0.04;
}

export interface Completeness {
  /** The sentence as it should be shown: given a final stop when it had none and may take one. */
  text: string;
  /** Whether the stop was added (a slide line or list item that is a whole clause without one). */
  addedStop: boolean;
}

/**
 * The sentence made ready to stand alone, or null when it cannot: it must start like a sentence, end with
 * '.', '!' or '?' (a line that stands alone, `whole`, may take a stop it lacks, unless it ends on a comma,
 * a colon or a word that leads on), not end on an abbreviation or a colon, balance its brackets and
 * quotes, hold `minWords` words or more, and be neither code nor boilerplate.
 */
export function completeSentence(
  sentence: string,
  options: { whole?: boolean; minWords?: number } = {},
): Completeness | null {
  const text = sentence.trim();
  const count = text.split(/\s+/).length;
  if (count < (options.minWords ?? 4)) return null;
  if (!startsLikeSentence(text) || !balanced(text) || looksLikeCode(text) || isBoilerplate(text)) return null;
  // A '?' or '!' inside ('after `+?` before the filename', '(or methods!) from') reads as two sentences.
  if (/[!?]["'”’)\]`]*\s+\S/.test(text)) return null;
  // Nor may a stop inside be followed by markup ('iterables. *func* must'): readers split there.
  if (/[.]["'”’)\]]*\s+[`*_]/.test(text)) return null;
  if (TERMINAL.test(text)) {
    if (/:\s*["'”’)\]]*[.!?]$/.test(text)) return null;
    const last = lastWord(text);
    if (
      /[.]["'”’)\]]*$/.test(text) &&
      (ABBREVIATIONS.has(last) || NUMBERED_ABBREVIATIONS.has(last)) &&
      last !== "no"
    )
      return null;
    return { text, addedStop: false };
  }
  if (!options.whole || /[,;:(–—-]$/.test(text)) return null;
  const word = lastWord(text);
  if (
    /^(?:a|an|the|and|or|nor|but|of|to|in|on|at|by|for|with|from|as|is|are|was|were|be|that|which|than)$/.test(
      word,
    )
  )
    return null;
  return { text: `${text}.`, addedStop: true };
}
