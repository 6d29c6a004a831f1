import leven from "leven";

/**
 * Lenient grading of a typed answer (Write and Learn modes, issue 25): a student who knows the answer is
 * not marked wrong for case, accents (where they are accents: FOLDED_MARKS), punctuation, a leading article, spacing or a small typo. Several
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

// Not before an operator: the 'a' of 'a = b' is a variable.
const ARTICLES = /^(?:the|an|a)\s+(?![+\-*/=<>≤≥≠±^#])/;

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

/**
 * Signs and operators decide an answer ('-5' is not '5', 'x+1' not 'x-1', 'C++' not 'C'), so they are
 * not punctuation. While a form is built they stand as private-use characters, which survive the
 * stripping of punctuation, and come back as their own words ('x + 1').
 */
const OPERATORS = ["+", "-", "*", "/", "=", "<", ">", "≤", "≥", "≠", "±", "^", "#"];
const HELD = new Map(OPERATORS.map((op, i) => [op, String.fromCharCode(0xe000 + i)]));
const RELEASED = new Map(OPERATORS.map((op, i) => [String.fromCharCode(0xe000 + i), op]));
const hold = (op: string) => HELD.get(op) ?? op;

// Always meaningful: they are not written as punctuation in an answer.
const ALWAYS = /[+=<>≤≥≠±^]/g;
// A sharp after a letter names something ('C#', 'F#'); elsewhere it is decoration.
const SHARP = /(?<=\p{L})#(?![\p{L}\p{N}])/gu;
// '-', '/' and '*' between operands: a number, a lone letter (a variable, not the end of a word like
// 'COVID-19' or 'km/h') or a bracket. 'x-1', '3/4', '2*3' keep them; 'well-known', 'and/or', '*word*' not.
const BETWEEN = /(?<=(?:^|[^\p{L}])\p{L}|\p{N}|\))(\s*)([-/*])(?=\s*(?:-\s*)?(?:\p{N}|\p{L}(?!\p{L})|\())/gu;
// A sign: '-5', 'x = -5', '(-b)'. Not a dash between words, nor a Markdown list's '- '.
const SIGN = /(?<=^|[\s([=<>≤≥≠±+*/^\uE000-\uE00C])-(?=\s*\p{N}|\p{L}(?!\p{L}))/gu;
// A numeric date: its separators are the date's punctuation, whichever is typed ('2024-01-05', '5/1/2024').
const NUMERIC_DATE = /\b(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})\b/g;

/** The text with its meaningful signs and operators held (see OPERATORS). */
function holdOperators(text: string): string {
  return text
    .replace(/!=/g, "≠")
    .replace(/<=/g, "≤")
    .replace(/>=/g, "≥")
    .replace(/[\u2212\u2013]/g, "-")
    .replace(/\u2044/g, "/")
    .replace(/×/g, "*")
    .replace(/÷/g, "/")
    .replace(NUMERIC_DATE, "$1 $3 $4")
    .replace(BETWEEN, (_, space: string, op: string) => space + hold(op))
    .replace(SIGN, hold("-"))
    .replace(ALWAYS, hold)
    .replace(SHARP, hold("#"));
}

/**
 * A superscript is a power: 'x²' is 'x^2', and NFKD alone would make it 'x2', the same as 'x₂' or 'x2'.
 * Subscripts stay digits ('H₂O' is 'H2O'): typed without them they name the same thing.
 */
const SUPERSCRIPTS = /[\u00B2\u00B3\u00B9\u2070\u2071\u2074-\u207F]+/g;

/**
 * Combining marks folded away: accents on Latin, Greek and Cyrillic letters, and the optional vowel
 * points of Arabic (harakat) and Hebrew (niqqud), which everyday writing leaves out. In Devanagari,
 * Bengali, Thai, Tamil and the like the marks are vowel signs ('कि' is not 'क'), and Japanese kana's
 * voicing marks make another sound ('が' is not 'か'): those stay.
 */
const FOLDED_MARKS =
  /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}])\p{M}+/gu;

/** The comparable form: lower case, no accents, punctuation as spaces, numbers as digits, no leading article. */
export function lenientForm(text: string): string {
  // NFKD splits '≠' into '=' and a combining overlay, which is not an accent.
  const decomposed = text
    .replace(SUPERSCRIPTS, (power) => `^${power}`)
    .normalize("NFKD")
    .replace(/=\u0338/g, "≠");
  // Composed again, so what stays decomposed (Hangul, Indic vowel signs) counts as one letter each.
  const folded = decomposed.replace(FOLDED_MARKS, "$1").normalize("NFC");
  return holdOperators(folded.toLowerCase())
    .replace(/&/g, " and ")
    .replace(/%/g, " percent ")
    .replace(/[^\p{L}\p{M}\p{N}\uE000-\uE00C]+/gu, " ")
    .replace(/[\uE000-\uE00C]/g, (held) => ` ${RELEASED.get(held)} `)
    .replace(NUMBER_WORD, (word) => NUMBER_VALUES.get(word) ?? word)
    .replace(/\s+/g, " ")
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

/** What must match exactly: numbers and operators, in order ('1492' is never a typo of '1429', nor '+' of '-'). */
const meaning = (form: string) => form.replace(/[^\p{N}+\-*/=<>≤≥≠±^#]+/gu, " ").trim();

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

/**
 * The form with a letter's power written inline: 'x ^ 2' as 'x2'. Typed for 'x²' on a keyboard without
 * superscripts, 'x2' is a near miss (a typo), not a match: 'x2' may as well mean x times 2 or an index.
 * A number's power is not relaxed: '102' for '10²' is another number.
 */
const powersInline = (form: string) => form.replace(/(\p{L}) \^ (?=\p{N})/gu, "$1");

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
    if (given === powersInline(want)) {
      best = { verdict: "typo", expected: candidate };
      continue;
    }
    if (meaning(given) !== meaning(want)) continue;
    const allowed = typosAllowed(want.length);
    if (allowed > 0 && typos(given, want, allowed) <= allowed) {
      best = { verdict: "typo", expected: candidate };
    }
  }
  return best;
}
