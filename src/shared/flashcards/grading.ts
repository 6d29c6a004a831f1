/**
 * Lenient grading of a typed answer (Write and Learn modes, issue 25): a student who knows the answer is
 * not marked wrong for case, accents (where marks are accents: FOLDED_MARKS), punctuation, a leading
 * article, spacing, words in brackets or a small typo. Several accepted answers may be written in one card
 * as "a; b", "a / b" or on separate lines. A number may be typed as digits or as its word ("2" for "two",
 * up to twenty and the tens), in any script's digits ('١٢' is '12') and grouped or not ('1,000', '1 000'
 * and '1000' are one number; see NUMERAL), but numbers, signs and operators must be typed exactly: "1492"
 * for "1429" is a different year and "x-1" for "x+1" a different expression, not typos. In Vietnamese the
 * marks are tones and vowels that make another word ('ma', 'má', 'mà' are three), so a Vietnamese answer
 * typed without them is almost right, not silently right (see markDifference).
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
const OPERATORS = ["+", "-", "*", "/", "=", "<", ">", "≤", "≥", "≠", "±", "^", "#", "."];
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

/**
 * A number written with group or decimal separators. Its value is what counts: '1,000', '1 000' (also a
 * thin or no-break space), "1'000" and '1.000.000' group thousands, and '3.5', '3,5' and '٣٫٥' are one
 * decimal. A comma before exactly three digits groups thousands, as in English ('1,000'); before any other
 * count it is a decimal comma ('1,5', '3,14'). A single point is always a decimal point ('1.000' is one in
 * English); points group thousands only when they cannot be decimal ('1.000.000', '1.000,5'). Anything else
 * ('1,2,3', '3 4') is left as it was: numbers set apart.
 */
const NUMERAL = /(?<![\p{N}.,\u066B\u066C])\d+(?:[., '\u066B\u066C]\d+)*/gu;
const GROUPS = /^(\d{1,3})((?:([,. '\u066C])\d{3})(?:\3\d{3})*)(?:([.,\u066B])(\d+))?$/;
const DECIMAL = /^(\d+)[.,\u066B](\d+)$/;

function numeral(text: string): string {
  const grouped = GROUPS.exec(text);
  if (grouped) {
    const [, first, rest, separator, decimalMark, fraction] = grouped;
    const groups = rest!.split(separator!).length - 1;
    const soleDot = separator === "." && groups === 1 && !decimalMark;
    if (decimalMark !== separator && !soleDot)
      return withFraction(first + rest!.replaceAll(separator!, ""), fraction);
  }
  const decimal = DECIMAL.exec(text);
  return decimal ? withFraction(decimal[1]!, decimal[2]) : text;
}

/**
 * A decimal's value: zeros at the end of its fraction change nothing, so '3.50' is '3.5' and '2.0' is '2'
 * (a student types the value, not the card's precision). Zeros before the point stay: '350' is not '3.5'.
 */
function withFraction(whole: string, fraction: string | undefined): string {
  const digits = fraction?.replace(/0+$/, "") ?? "";
  return digits ? whole + hold(".") + digits : whole;
}

/**
 * Digits of any script as ASCII digits: Arabic-Indic '٣', Persian '۳', Devanagari '३' are '3' (full-width
 * and mathematical digits are already, by NFKD). Unicode encodes each script's digits as a run from 0 to 9,
 * so a digit's value is its distance from the start of its run, modulo ten for runs laid end to end.
 */
const DIGIT = /[^\P{Nd}0-9]/gu;
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  let start = code;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return String((code - start) % 10);
}

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
    .replace(NUMERAL, numeral)
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
  return comparable(text, { fold: true, articles: true });
}

/**
 * The comparable form, with its accents folded (lenientForm) or kept (for markDifference), and with or
 * without a leading English article: in Vietnamese 'an' is a word ('an toàn', safe).
 */
function comparable(text: string, { fold, articles }: { fold: boolean; articles: boolean }): string {
  // NFKD splits '≠' into '=' and a combining overlay, which is not an accent.
  const decomposed = text
    .replace(SUPERSCRIPTS, (power) => `^${power}`)
    .normalize("NFKD")
    .replace(/=\u0338/g, "≠")
    .replace(DIGIT, asciiDigit);
  // Composed again, so what stays decomposed (Hangul, Indic vowel signs) counts as one letter each. The
  // stroke of 'đ' is a mark like the hacek of 'č', though Unicode does not decompose it.
  const folded = fold ? decomposed.replace(FOLDED_MARKS, "$1").replace(/đ/giu, "d") : decomposed;
  const form = holdOperators(folded.normalize("NFC").toLowerCase())
    .replace(/&/g, " and ")
    .replace(/%/g, " percent ")
    .replace(/[^\p{L}\p{M}\p{N}\uE000-\uE00D]+/gu, " ")
    .replace(/\uE00D/g, ".")
    .replace(/[\uE000-\uE00C]/g, (held) => ` ${RELEASED.get(held)} `)
    .replace(NUMBER_WORD, (word) => NUMBER_VALUES.get(word) ?? word)
    .replace(/\s+/g, " ")
    .trim();
  return articles ? form.replace(ARTICLES, "") : form;
}

/**
 * Words in brackets, set apart by spaces, are optional: '(the) mitochondria' and 'mitochondria (organelle)'
 * accept 'mitochondria' alone. Brackets touching a word or holding numbers or operators ('f(x)',
 * '(x + 1)²', '(-5)') are part of the answer.
 */
const OPTIONAL = /(^|\s)\([\p{L}\p{M}\s'’.-]*\p{L}[\p{L}\p{M}\s'’.-]*\)(?=$|[\s.,;:!?])/gu;
const withoutOptional = (answer: string) => answer.replace(OPTIONAL, "$1").replace(/ {2,}/g, " ").trim();

/**
 * The answers a card accepts: its text, each alternative written in it, and each without its optional
 * words. ' or ' does not separate alternatives: it is as often part of one ('to be or not to be').
 */
export function acceptedAnswers(answer: string): string[] {
  const whole = answer.trim();
  const parts = whole
    .split(/\s*(?:;|\n|\s\/\s)\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const answers = [whole, ...parts];
  return [...new Set([...answers, ...answers.map(withoutOptional)])].filter(Boolean);
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** The letters as a reader counts them: 'कि', a Hangul syllable or '𠮷' is one, not two UTF-16 units. */
const graphemes = (text: string) => Array.from(GRAPHEMES.segment(text), (g) => g.segment);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Typos forgiven in an answer (its lenient form), by its letters: none for a short word, then 1, then 2.
 * A Chinese, Japanese or Korean character is a whole syllable or word ('日本' and '日面', '東京大学' and
 * '東京大字' are different words), so those answers get none until they are a phrase.
 */
export function typosAllowed(answer: string): number {
  const length = graphemes(answer).length;
  if (CJK.test(answer)) return length < 8 ? 0 : length < 16 ? 1 : 2;
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

/** What must match exactly: numbers and operators, in order ('1492' is never a typo of '1429', nor '+' of '-'). */
const meaning = (form: string) => form.replace(/[^\p{N}+\-*/=<>≤≥≠±^#.]+/gu, " ").trim();

/**
 * Edits between two answers, letter by letter (graphemes), a swap of neighbouring letters counting as one
 * as it does for a typist (optimal string alignment). Only counts up to `max + 1`: a long answer is
 * compared along the diagonal band `max` wide, not letter against every letter.
 */
function typos(a: string, b: string, max: number): number {
  const x = graphemes(a);
  const y = graphemes(b);
  const over = max + 1;
  if (Math.abs(x.length - y.length) > max) return over;
  // Row i keeps only columns j = i - max .. i + max, at index d = j - i + max.
  const width = 2 * max + 1;
  const band = () => new Array<number>(width).fill(over);
  const at = (row: number[], d: number) => (d >= 0 && d < width ? row[d]! : over);
  let before = band();
  let above = band();
  for (let d = max; d < width && d - max <= y.length; d++) above[d] = d - max;
  for (let i = 1; i <= x.length; i++) {
    const current = band();
    let least = over;
    for (let d = 0; d < width; d++) {
      const j = i - max + d;
      if (j < 0 || j > y.length) continue;
      let edits = i;
      if (j > 0) {
        const same = x[i - 1] === y[j - 1] ? 0 : 1;
        edits = Math.min(at(above, d + 1) + 1, at(current, d - 1) + 1, at(above, d) + same);
        if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
          edits = Math.min(edits, at(before, d) + 1);
      }
      current[d] = Math.min(edits, over);
      least = Math.min(least, edits);
    }
    if (least > max) return over;
    before = above;
    above = current;
  }
  return at(above, y.length - x.length + max);
}

/**
 * The form with a letter's power written inline: 'x ^ 2' as 'x2'. Typed for 'x²' on a keyboard without
 * superscripts, 'x2' is a near miss (a typo), not a match: 'x2' may as well mean x times 2 or an index.
 * A number's power is not relaxed: '102' for '10²' is another number.
 */
const powersInline = (form: string) => form.replace(/(\p{L}) \^ (?=\p{N})/gu, "$1");

/**
 * An answer in Vietnamese, told by what only Vietnamese writes: a horn ('ơ', 'ư'), a hook above ('ả'), a
 * dot below a vowel ('ạ'), a tone on a circumflex or breve vowel ('ấ', 'ằ'), a tilde on 'e', 'i', 'u' or
 * 'y', or 'đ' (Croatian writes it too; its student is then shown the 'đ' they left out, which does no harm).
 * A word with only an acute, grave or tilde ('má', 'mà', 'mã') reads as Portuguese or Spanish as well, so
 * it is folded like theirs.
 */
const VIETNAMESE =
  /[\u031B\u0309]|[aeiouy]\u0323|[aeo][\u0302\u0306][\u0300\u0301\u0303\u0309\u0323]|[eiuy]\u0303|đ/iu;
const isVietnamese = (answer: string) => VIETNAMESE.test(answer.normalize("NFD"));

// The five marked tones; the sixth is no mark. A syllable has one, whichever vowel it sits on ('hoà', 'hòa').
const TONE = /[\u0300\u0301\u0303\u0309\u0323]/u;

/** A word's letters without marks, the marks of each letter that make another vowel, and its tone. */
function syllable(word: string) {
  const letters = Array.from(
    word
      .normalize("NFD")
      .replace(/đ/g, "d\u0335")
      .matchAll(/(\P{M})(\p{M}*)/gu),
  );
  const marks = (m: string) => [...m].filter((c) => !TONE.test(c)).join("");
  return {
    base: letters.map((l) => l[1]).join(""),
    vowels: letters.map((l) => marks(l[2]!)),
    tone: letters.map((l) => [...l[2]!].filter((c) => TONE.test(c)).join("")).join(""),
  };
}

/**
 * How the marks of a typed Vietnamese answer differ from the expected one's, its letters being the same:
 * syllables typed without some of their marks (missing), and syllables given another tone or vowel
 * (another word: 'mà' for 'má'). Null when the words cannot be paired.
 */
function markDifference(typed: string, expected: string): { missing: number; other: number } | null {
  const kept = { fold: false, articles: false };
  const given = comparable(typed, kept).split(" ");
  const want = comparable(expected, kept).split(" ");
  if (given.length !== want.length) return null;
  let missing = 0;
  let other = 0;
  for (const [i, word] of want.entries()) {
    const g = syllable(given[i]!);
    const w = syllable(word);
    if (g.base !== w.base) return null;
    const fits = (typedMark: string, wantMark: string) => typedMark === wantMark || typedMark === "";
    if (!fits(g.tone, w.tone) || g.vowels.some((v, j) => !fits(v, w.vowels[j]!))) other++;
    else if (g.tone !== w.tone || g.vowels.some((v, j) => v !== w.vowels[j])) missing++;
  }
  return { missing, other };
}

/**
 * The verdict on a Vietnamese answer typed with the right letters: right with its marks, almost right
 * (shown the marks) without some of them, and another tone or vowel counted as a typo, as a wrong letter is.
 */
function vietnameseVerdict(typed: string, expected: string, want: string): Verdict {
  const difference = markDifference(typed, expected);
  if (!difference) return "typo";
  if (difference.other > typosAllowed(want)) return "wrong";
  return difference.other || difference.missing ? "typo" : "correct";
}

/** The grade of `typed` against a card's `answer`. */
export function gradeAnswer(typed: string, answer: string): Grade {
  const vietnamese = isVietnamese(answer);
  const form = (text: string) => comparable(text, { fold: true, articles: !vietnamese });
  const given = form(typed);
  const candidates = acceptedAnswers(answer);
  let best: Grade = { verdict: "wrong", expected: answer.trim() };
  if (!given) return best;
  for (const candidate of candidates) {
    const want = form(candidate);
    if (!want) continue;
    if (given === want) {
      const verdict = vietnamese ? vietnameseVerdict(typed, candidate, want) : "correct";
      if (verdict === "correct") return { verdict, expected: candidate };
      if (verdict === "typo") best = { verdict, expected: candidate };
      continue;
    }
    if (given === powersInline(want)) {
      best = { verdict: "typo", expected: candidate };
      continue;
    }
    if (meaning(given) !== meaning(want)) continue;
    const allowed = typosAllowed(want);
    if (allowed > 0 && typos(given, want, allowed) <= allowed) {
      best = { verdict: "typo", expected: candidate };
    }
  }
  return best;
}
