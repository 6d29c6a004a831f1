import type { Flashcard } from "#shared/flashcards/contract.ts";
import { gradeAnswer } from "#shared/flashcards/grading.ts";
import {
  buildQuiz,
  normalizeAnswer,
  type QuizQuestion,
  seededRng,
  shuffle,
} from "#shared/flashcards/quiz.ts";
import { cardAnswer, cardPrompt } from "./card-text.ts";

/**
 * Test mode (issue 25 §2): the student picks the kinds of question and how many; the cards are shuffled
 * and dealt the kinds in turn; everything is answered on one sheet and graded at the end.
 */
export const TEST_KINDS = ["choice", "truefalse", "written", "matching"] as const;
export type TestKind = (typeof TEST_KINDS)[number];
export const TEST_KIND_LABELS: Record<TestKind, string> = {
  choice: "Multiple choice",
  truefalse: "True/false",
  written: "Written",
  matching: "Matching",
};
export const TEST_MAX_QUESTIONS = 100;

export interface TestQuestion {
  cardId: number;
  kind: TestKind;
  /** True/false: the answer shown beside the term (the right one about half the time). */
  shown?: string;
}

export interface TestState {
  phase: "setup" | "sheet" | "results";
  /** The run's cards, in its order. */
  ids: number[];
  seed: number;
  questions: TestQuestion[];
  /** What the student answered, by card id: an option, "true"/"false", typed text or a definition. */
  answers: Record<string, string>;
}

export const startTest = (ids: number[], seed: number): TestState => ({
  phase: "setup",
  ids,
  seed,
  questions: [],
  answers: {},
});

const shownCard = (c: Flashcard) => ({ id: c.id, question: cardPrompt(c), answer: cardAnswer(c) });

/** The multiple-choice questions of a test, rebuilt the same from its seed. */
export function choiceQuestions(s: TestState, cards: Flashcard[]): Map<number, QuizQuestion> {
  const only = new Set(s.questions.filter((q) => q.kind !== "written").map((q) => q.cardId));
  const built = buildQuiz(cards.map(shownCard), seededRng(s.seed), only);
  return new Map(built.map((q) => [q.cardId, q]));
}

/** Deals `count` shuffled cards the chosen kinds in turn; a true/false shows a wrong answer half the time. */
export function dealTest(s: TestState, cards: Flashcard[], kinds: TestKind[], count: number): TestState {
  const rng = seededRng(s.seed);
  const ids = shuffle(s.ids, rng).slice(0, Math.max(1, Math.min(count, TEST_MAX_QUESTIONS)));
  const order = shuffle(kinds, rng);
  let questions: TestQuestion[] = ids.map((cardId, i) => ({ cardId, kind: order[i % order.length]! }));
  const options = choiceQuestions({ ...s, questions }, cards);
  questions = questions.map((q) => {
    if (q.kind !== "truefalse") return q;
    const question = options.get(q.cardId)!;
    const wrong = question.options.filter((o) => normalizeAnswer(o) !== normalizeAnswer(question.answer));
    const lie = wrong.length > 0 && rng() < 0.5;
    return { ...q, shown: lie ? wrong[Math.floor(rng() * wrong.length)]! : question.answer };
  });
  // Matching questions are answered as one block, so they come together at the end.
  questions.sort((a, b) => Number(a.kind === "matching") - Number(b.kind === "matching"));
  return { ...s, phase: "sheet", questions, answers: {} };
}

export interface TestResult {
  question: TestQuestion;
  card: Flashcard;
  given: string;
  correct: boolean;
}

export function isCorrect(q: TestQuestion, card: Flashcard, given: string): boolean {
  const answer = cardAnswer(card);
  if (!given.trim()) return false;
  if (q.kind === "written") return gradeAnswer(given, answer).verdict !== "wrong";
  if (q.kind === "truefalse")
    return (given === "true") === (normalizeAnswer(q.shown ?? "") === normalizeAnswer(answer));
  return normalizeAnswer(given) === normalizeAnswer(answer);
}

export function gradeTest(s: TestState, cards: Flashcard[]) {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const results: TestResult[] = s.questions.flatMap((question) => {
    const card = byId.get(question.cardId);
    const given = s.answers[question.cardId] ?? "";
    return card ? [{ question, card, given, correct: isCorrect(question, card, given) }] : [];
  });
  const correct = results.filter((r) => r.correct).length;
  return { results, correct, total: results.length };
}

/** What the server scores the attempt from (it grades each kind itself, see the quiz attempt contract). */
export const attemptAnswers = (s: TestState) =>
  s.questions.map((q) => ({
    cardId: q.cardId,
    chosen: s.answers[q.cardId] ?? "",
    kind: q.kind === "matching" ? ("choice" as const) : q.kind,
    ...(q.kind === "truefalse" ? { shown: q.shown ?? "" } : {}),
  }));

export function resumableTest(saved: unknown, ids: number[]): TestState | null {
  if (!saved || typeof saved !== "object") return null;
  const s = saved as TestState;
  const known = new Set(ids);
  if (!["setup", "sheet", "results"].includes(s.phase) || !Number.isInteger(s.seed)) return null;
  if (!Array.isArray(s.ids) || !s.ids.every((id) => known.has(id))) return null;
  if (
    !Array.isArray(s.questions) ||
    !s.questions.every((q) => known.has(q.cardId) && TEST_KINDS.includes(q.kind))
  )
    return null;
  if (!s.answers || typeof s.answers !== "object") return null;
  return s;
}
