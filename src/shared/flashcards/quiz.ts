import { QUIZ_MAX_OPTIONS } from "../constants.ts";

/** The card fields a quiz needs; the rest of a flashcard row may come along. */
export type QuizCard = { id: number; question: string; answer: string; hint?: string | null };

export type QuizQuestion = {
  cardId: number;
  question: string;
  hint: string | null;
  answer: string;
  options: string[];
};

/** One answered question, kept for the results screen's detailed list. */
export type QuizAnswer = {
  cardId: number;
  question: string;
  answer: string;
  chosen: string;
  correct: boolean;
};

export type QuizScore = { correct: number; total: number; percent: number };

/** A number in [0, 1): Math.random or a seeded generator in tests. */
export type Rng = () => number;

/**
 * A reproducible Rng (mulberry32): the same seed rebuilds the same quiz, e.g. to show a stored attempt
 * again, and makes the statistical tests repeatable.
 */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Trimmed, whitespace collapsed, case-folded: two answers equal here would look the same to a student. */
export function normalizeAnswer(text: string): string {
  return text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

type AnswerKind = "number" | "year" | "date" | "word" | "phrase" | "sentence";
type Answer = { text: string; norm: string; kind: AnswerKind; length: number; words: number };

const YEAR = /^\d{4}$/;
const NUMBER = /^[-+−]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?\s*(%|[a-zµ°/²³]{1,6})?$/i;
const NUMERIC_DATE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/;
const MONTH = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?=\s|,|$)/i;

function kindOf(norm: string, words: number): AnswerKind {
  if (YEAR.test(norm)) return "year";
  if (/\d/.test(norm) && NUMBER.test(norm)) return "number";
  if (NUMERIC_DATE.test(norm) || (MONTH.test(norm) && /\d/.test(norm) && words <= 4)) return "date";
  if (words === 1) return "word";
  return words <= 4 ? "phrase" : "sentence";
}

function toAnswer(text: string): Answer {
  const norm = normalizeAnswer(text);
  const words = norm === "" ? 0 : norm.split(" ").length;
  return { text, norm, kind: kindOf(norm, words), length: norm.length, words };
}

// Kinds that a student could confuse cost half a mismatch: a year passes for a number or a date.
const NEAR_KINDS = new Set(["year:number", "year:date", "word:phrase", "phrase:sentence"]);

function kindDistance(a: AnswerKind, b: AnswerKind): number {
  if (a === b) return 0;
  return NEAR_KINDS.has(`${a}:${b}`) || NEAR_KINDS.has(`${b}:${a}`) ? 0.5 : 1;
}

/**
 * How unlike the right answer a distractor looks. Length is compared as a ratio, so 'cat' vs 'horse'
 * counts like a 30- vs 50-character definition; the weights were tuned on the tests' realistic sets.
 */
function distance(right: Answer, other: Answer): number {
  const length = Math.abs(Math.log((right.length + 1) / (other.length + 1)));
  const words = Math.abs(right.words - other.words) / Math.max(right.words, other.words, 1);
  return 2 * kindDistance(right.kind, other.kind) + 1.5 * length + words;
}

// Higher means distractors cling closer to the right answer's shape; lower means more variety.
const SHARPNESS = 2.5;

/**
 * Candidates are the answers nearest in length on each side: anything further away would almost never
 * win the similarity draw, and a 2,000-card set stays a few milliseconds per question.
 */
const LENGTH_WINDOW = 128;

/** Answers of the set sorted by length, so a question's longer and shorter answers are two ranges. */
type Pool = readonly Answer[];
type Range = { from: number; to: number };

/**
 * Weighted sampling without replacement (Efraimidis-Spirakis) over a range of the pool: every
 * candidate can appear, similar ones far more often, so the right answer does not stand out and
 * repeated quizzes still vary. One pass keeping the best `count` keys: no per-question arrays.
 */
function sampleSimilar(right: Answer, pool: Pool, range: Range, count: number, rng: Rng, skip?: Answer) {
  const best: { answer: Answer; key: number }[] = [];
  if (count <= 0) return [];
  for (let i = range.from; i < range.to; i++) {
    const answer = pool[i]!;
    if (answer.norm === right.norm || answer === skip) continue;
    const key = Math.log(rng()) / Math.exp(-SHARPNESS * distance(right, answer));
    if (best.length === count && key <= best[count - 1]!.key) continue;
    const at = best.findIndex((b) => b.key < key);
    best.splice(at === -1 ? best.length : at, 0, { answer, key });
    if (best.length > count) best.pop();
  }
  return best.map((b) => b.answer);
}

/** A question's other answers split by length: `longer` counts those at least as long as the right one. */
type Slate = { right: Answer; split: number; longer: number; shorter: number; size: number };

function slateFor(right: Answer, pool: Pool): Slate {
  let [lo, hi] = [0, pool.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pool[mid]!.length < right.length) lo = mid + 1;
    else hi = mid;
  }
  const isInPool = right.norm !== "";
  const longer = pool.length - lo - (isInPool ? 1 : 0);
  return { right, split: lo, longer, shorter: lo, size: Math.min(QUIZ_MAX_OPTIONS - 1, longer + lo) };
}

/** The set's longest answer is the longest option on its own question whatever we pick. */
const mustBeLongest = (s: Slate) => s.size > 0 && s.longer === 0;
const mayBeLongest = (s: Slate) => s.size > 0 && s.longer > 0 && s.shorter >= s.size;

/**
 * Scale for the chance that a question's right answer is made strictly the longest option, chosen so
 * that "pick the longest" wins no more often than guessing over the whole quiz: the questions that
 * are free to go either way give up a little to balance those that must be longest.
 */
function longestShare(slates: readonly Slate[]): number {
  const chance = (s: Slate) => 1 / (s.size + 1);
  const guess = slates.reduce((sum, s) => sum + (s.size > 0 ? chance(s) : 0), 0);
  const forced = slates.filter(mustBeLongest).length;
  const free = slates.reduce((sum, s) => sum + (mayBeLongest(s) ? chance(s) : 0), 0);
  return free === 0 ? 0 : Math.min(1, Math.max(0, (guess - forced) / free));
}

/**
 * Whether the right answer is the longest option is decided first (at most chance, scaled by
 * longestShare); otherwise one distractor comes from the longer answers and the rest from all, so
 * similar answers still dominate.
 */
function pickDistractors(slate: Slate, pool: Pool, share: number, rng: Rng): Answer[] {
  const { right, split, size } = slate;
  if (size === 0) return [];
  const from = Math.max(0, split - LENGTH_WINDOW);
  const to = Math.min(pool.length, split + LENGTH_WINDOW);
  if (mustBeLongest(slate) || (mayBeLongest(slate) && rng() < share / (size + 1))) {
    return sampleSimilar(right, pool, { from, to: split }, size, rng);
  }
  const [first] = sampleSimilar(right, pool, { from: split, to }, 1, rng);
  return [first!, ...sampleSimilar(right, pool, { from, to }, size - 1, rng, first)];
}

/** Fisher-Yates, so each order is equally likely given a uniform rng. */
export function shuffle<T>(items: readonly T[], rng: Rng = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Distinct non-empty answers of the set by length; the first spelling of an answer is the one shown. */
function answerPool(cards: readonly QuizCard[]): Pool {
  const seen = new Map<string, Answer>();
  for (const card of cards) {
    const answer = toAnswer(card.answer);
    if (answer.norm !== "" && !seen.has(answer.norm)) seen.set(answer.norm, answer);
  }
  return [...seen.values()].sort((a, b) => a.length - b.length);
}

/**
 * SPEC §2.8 / §3 quiz: one question per card, in the set's order; options are the right answer plus
 * up to QUIZ_MAX_OPTIONS - 1 other answers of the same set, shuffled, never two that read the same.
 */
export function buildQuiz(
  cards: readonly QuizCard[],
  rng: Rng = Math.random,
  /** Only these cards' questions (Learn and Test ask a few), distractors still from the whole set. */
  only?: ReadonlySet<number>,
): QuizQuestion[] {
  const pool = answerPool(cards);
  const slates = cards.map((card) => slateFor(toAnswer(card.answer), pool));
  const share = longestShare(slates);
  const asked = only ? cards.flatMap((c, i) => (only.has(c.id) ? [i] : [])) : cards.map((_, i) => i);
  return asked.map((i) => {
    const card = cards[i]!;
    const distractors = pickDistractors(slates[i]!, pool, share, rng);
    return {
      cardId: card.id,
      question: card.question,
      hint: card.hint?.trim() ? card.hint : null,
      answer: card.answer,
      options: shuffle([card.answer, ...distractors.map((d) => d.text)], rng),
    };
  });
}

/** Compared like the options were deduplicated, so the right answer typed differently still counts. */
export function answerQuestion(question: QuizQuestion, chosen: string): QuizAnswer {
  return {
    cardId: question.cardId,
    question: question.question,
    answer: question.answer,
    chosen,
    correct: normalizeAnswer(chosen) === normalizeAnswer(question.answer),
  };
}

/** SPEC §2.8 results: 'You got X out of Y questions correct!' and a whole percentage. */
export function scoreQuiz(answers: readonly Pick<QuizAnswer, "correct">[]): QuizScore {
  const correct = answers.filter((a) => a.correct).length;
  const total = answers.length;
  return { correct, total, percent: total === 0 ? 0 : Math.round((correct / total) * 100) };
}
