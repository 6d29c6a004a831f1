/**
 * 'What does FHS stand for?': the answer is the words whose initials spell it, wherever the student's
 * material introduces the abbreviation ('... changed to Filesystem Hierarchy Standard or FHS for short',
 * 'Interface Description Language (IDL)', 'IDL (Interface Description Language)'). Ranking by shared
 * words cannot find it: the page that expands an abbreviation uses it once, and every other page that
 * uses it scores as well. The matching follows Schwartz and Hearst's abbreviation definitions
 * (PSB 2003): the expansion stands next to the abbreviation, in the same sentence, and its words'
 * initials give the abbreviation's letters in order, small words ('of', 'and') skipped.
 */

import { escapeRegExp } from "./text.ts";

const TOKEN = String.raw`["'“‘]?([\p{L}\p{N}][\p{L}\p{N}&./+-]{0,10}?)["'”’]?`;

/** The forms a question asking what an abbreviation means takes; group 1 is the abbreviation. */
const ASKS: RegExp[] = [
  new RegExp(
    String.raw`\b(?:what|wat)\s+(?:does|do|did|is|was)\s+(?:the\s+)?(?:acronym\s+|abbreviation\s+|initialism\s+)?${TOKEN}\s+(?:stands?|stood)\s+for\b`,
    "iu",
  ),
  new RegExp(String.raw`\bwhat\s+is\s+(?:the\s+)?${TOKEN}\s+short\s+for\b`, "iu"),
  new RegExp(
    String.raw`\b(?:expand|spell\s+out|full\s+(?:form|name)\s+(?:of|for)|(?:acronym|abbreviation)\s+)\s*${TOKEN}[\s?.!]*$`,
    "iu",
  ),
  new RegExp(
    String.raw`^\s*${TOKEN}\s+(?:stands?\s+for|is\s+short\s+for|full\s+form|meaning)\s*\??\s*$`,
    "iu",
  ),
];

/** The words that only say 'spell this out': never a topic to search for. */
export const ABBREVIATION_WORDS =
  /\b(?:stands?|stood)\s+for\b|\bshort\s+for\b|\bfull\s+(?:form|name)\b|\bspell\s+out\b|\b(?:acronym|abbreviation|initialism)\b/giu;

/** The letters an abbreviation is spelt with ('ASN.1' -> 'asn'), or '' when too few to match on. */
function lettersOf(abbreviation: string): string {
  const letters = abbreviation.toLowerCase().replace(/[^\p{L}]/gu, "");
  return letters.length >= 2 && letters.length <= 10 ? letters : "";
}

/** The abbreviation a question asks to have spelt out, as typed; null for any other question. */
export function abbreviationAsked(question: string): string | null {
  for (const pattern of ASKS) {
    const found = pattern.exec(question)?.[1];
    if (found && lettersOf(found)) return found;
  }
  return null;
}

/** Words an expansion may hold without a letter of their own ('Department of Education' -> DE). */
const MINOR = new Set(["of", "and", "for", "the", "to", "in", "on", "a", "an", "&", "de", "with", "by"]);

interface Word {
  text: string;
  start: number;
  end: number;
}

/**
 * Whether `words` (all of them) spell `letters`: each word that is not minor gives its first letter, a
 * camel-cased word ('JavaScript') may give one letter per capital, minor words may give theirs or none.
 */
function spells(words: readonly Word[], letters: string): boolean {
  const go = (w: number, l: number): boolean => {
    if (w === words.length) return l === letters.length;
    const text = words[w]!.text;
    const lower = text.toLowerCase();
    if (MINOR.has(lower) && go(w + 1, l)) return true;
    if (l >= letters.length || lower[0] !== letters[l]) return false;
    // A camel-cased word's capitals after the first ('JavaScript' -> 'JS').
    const capitals = [...text.slice(1)].filter((c) => c !== c.toLowerCase()).map((c) => c.toLowerCase());
    for (let k = capitals.length; k >= 0; k--) {
      const extra = capitals.slice(0, k).join("");
      if (letters.startsWith(extra, l + 1) && go(w + 1, l + 1 + extra.length)) return true;
    }
    return false;
  };
  const first = words[0]?.text.toLowerCase();
  return first !== undefined && !MINOR.has(first) && go(0, 0);
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*|&/gu;

function wordsIn(text: string, offset: number): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    text: m[0],
    start: offset + m.index,
    end: offset + m.index + m[0].length,
  }));
}

export interface Expansion {
  /** 'Filesystem Hierarchy Standard', as the text writes it. */
  text: string;
  /** Offsets of the expansion in the text searched. */
  start: number;
  end: number;
}

/**
 * Where `text` spells out `abbreviation`: the words just before it ('Long Form (LF)', 'Long Form or
 * LF') or just after it ('LF (Long Form)', 'LF stands for Long Form', 'LF, short for Long Form'), within
 * its sentence. Expansions of capitalised words are taken as they stand; a lower-case one only beside a
 * bracket or 'stands for' / 'short for', so a passing phrase whose initials happen to match is not.
 */
export function expansionIn(abbreviation: string, text: string): Expansion | null {
  const letters = lettersOf(abbreviation);
  if (!letters) return null;
  const most = Math.min(letters.length + 5, letters.length * 2 + 2);
  const occurrence = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(abbreviation)}(?![\\p{L}\\p{N}])`, "giu");
  for (const m of text.matchAll(occurrence)) {
    const at = m.index;
    const after = at + m[0].length;
    // Before: back to the sentence's start, without the link words next to the abbreviation.
    const sentenceStart = Math.max(text.lastIndexOf(". ", at), text.lastIndexOf("\n", at), at - 200) + 1;
    const leading = text.slice(sentenceStart, at);
    const link = /(?:[\s(,]|\bor\b|\bi\.e\.|\baka\b|\balso\s+(?:called|known\s+as)\b)+$/iu.exec(leading);
    const before = wordsIn(link ? leading.slice(0, link.index) : leading, sentenceStart).slice(-most);
    // 'Long Form (LF)' and 'Long Form or LF' say what they are; 'Long Form LF' only if capitalised.
    const marked = link !== null && /\(|\bor\b|\bi\.e\.|\baka\b|\balso\b/i.test(link[0]);
    for (let k = 1; k <= before.length; k++) {
      const span = before.slice(before.length - k);
      if (spelt(text, span, letters, marked)) return spannedExpansion(text, span);
    }
    // After: 'LF (Long Form)', 'LF stands for Long Form', 'LF, short for Long Form', 'LF: Long Form'.
    const tail = text.slice(after, after + 200);
    const joint =
      /^\s*(?:\(\s*|,?\s*(?:which\s+)?(?:stands\s+for|is\s+short\s+for|short\s+for|meaning)\s+|:\s+|\s[-–—]\s+)/iu.exec(
        tail,
      );
    if (!joint) continue;
    const rest = tail.slice(joint[0].length);
    const end = rest.search(/[.,;:!?()\n]/);
    const following = wordsIn(end === -1 ? rest : rest.slice(0, end), after + joint[0].length).slice(0, most);
    // A colon or a dash may open any definition; a bracket or 'stands for' opens the expansion.
    const said = !/^\s*:|[-–—]/.test(joint[0]);
    for (let k = 1; k <= following.length; k++) {
      const span = following.slice(0, k);
      if (spelt(text, span, letters, said)) return spannedExpansion(text, span);
    }
  }
  return null;
}

/**
 * Schwartz and Hearst's test, for an expansion the text marks as one: the letters in order from the
 * end, each found in the words (not only at their starts: 'deoxyribonucleic acid' is DNA), the first
 * at the start of the first word.
 */
function contains(text: string, letters: string): boolean {
  const lower = text.toLowerCase();
  let at = lower.length - 1;
  for (let l = letters.length - 1; l >= 0; l--) {
    const letter = letters[l]!;
    while (at >= 0 && (lower[at] !== letter || (l === 0 && at > 0 && /[\p{L}\p{N}]/u.test(lower[at - 1]!))))
      at--;
    if (at < 0) return false;
    at--;
  }
  return at === -1;
}

/**
 * Whether the words spell the letters: any expansion the text marks as one (a bracket, 'or', 'stands
 * for'), or one of capitalised words whose initials give the letters.
 */
function spelt(text: string, span: readonly Word[], letters: string, marked: boolean): boolean {
  if (marked) return contains(text.slice(span[0]!.start, span.at(-1)!.end), letters);
  const major = span.filter((w) => !MINOR.has(w.text.toLowerCase()));
  return major.every((w) => /^\p{Lu}/u.test(w.text)) && spells(span, letters);
}

function spannedExpansion(text: string, span: readonly Word[]): Expansion {
  const start = span[0]!.start;
  const end = span.at(-1)!.end;
  return { text: text.slice(start, end), start, end };
}
