import leven from "leven";

/**
 * Lenient grading of a typed answer (Write and Learn modes, issue 25): a student who knows the answer is
 * not marked wrong for case, accents, punctuation, a leading article, spacing or a small typo. Several
 * accepted answers may be written in one card as "a; b", "a / b" or on separate lines. A number may be
 * typed as digits or as its word ("2" for "two", up to twenty and the tens), but must be typed exactly:
 * "1492" for "1429" is a different year, not a typo.
 */

export type Verdict = "correct" | "typo" | "wrong";

export interface Grade {
  verdict: Verdict;
  /** The accepted answer the typed one was closest to (the whole answer when none was close). */
  expected: string;
}

const ARTICLES = /^(?:the|an|a)\s+/;

const NUMBER_WORDS = (
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " +
  "seventeen eighteen nineteen twenty"
).split(" ");
const TENS = "thirty forty fifty sixty seventy eighty ninety".split(" ");
const NUMBER_VALUES = new Map([
  ...NUMBER_WORDS.map((w, i) => [w, String(i)] as const),
  ...TENS.map((w, i) => [w, String((i + 3) * 10)] as const),
]);
const NUMBER_WORD = new RegExp(`\\b(?:${[...NUMBER_VALUES.keys()].join("|")})\\b`, "g");

/** The comparable form: lower case, no accents, punctuation as spaces, numbers as digits, no leading article. */
export function lenientForm(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(NUMBER_WORD, (word) => NUMBER_VALUES.get(word) ?? word)
    .trim()
    .replace(ARTICLES, "");
}

/** The answers a card accepts: its text, and each alternative written in it. */
export function acceptedAnswers(answer: string): string[] {
  const whole = answer.trim();
  const parts = whole
    .split(/\s*(?:;|\n|\s\/\s)\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  return [...new Set([whole, ...parts])].filter(Boolean);
}

/** Typos forgiven for an answer of this many letters: none for a short word, then 1, then 2. */
export const typosAllowed = (length: number) => (length <= 3 ? 0 : length <= 7 ? 1 : 2);

const digits = (s: string) => s.replace(/\D+/g, " ").trim();

/** Whether `a` is `b` with two neighbouring letters swapped (Levenshtein counts that as 2 edits, a typist 1). */
function oneSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Edits between two answers, a swap of neighbouring letters counting as one. */
const typos = (a: string, b: string, max: number) =>
  oneSwap(a, b) ? 1 : leven(a, b, { maxDistance: max + 1 });

/** The grade of `typed` against a card's `answer`. */
export function gradeAnswer(typed: string, answer: string): Grade {
  const given = lenientForm(typed);
  const candidates = acceptedAnswers(answer);
  let best: Grade = { verdict: "wrong", expected: answer.trim() };
  if (!given) return best;
  for (const candidate of candidates) {
    const want = lenientForm(candidate);
    if (!want) continue;
    if (given === want) return { verdict: "correct", expected: candidate };
    if (digits(given) !== digits(want)) continue;
    const allowed = typosAllowed(want.length);
    if (allowed > 0 && typos(given, want, allowed) <= allowed) {
      best = { verdict: "typo", expected: candidate };
    }
  }
  return best;
}
