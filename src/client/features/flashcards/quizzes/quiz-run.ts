import type { Flashcard } from "#shared/flashcards/contract.ts";
import { answerQuestion, buildQuiz, type QuizQuestion, seededRng } from "#shared/flashcards/quiz.ts";
import { cardAnswer, cardPrompt } from "../modes/card-text.ts";
import type { QuizPhase, QuizState } from "./quiz-state.ts";

/**
 * A quiz as saved on the server (issue 25 §2): the cards' order and the seed its options were drawn
 * from, so the same questions are rebuilt after a reload or on another device, and the options chosen.
 * A finished quiz is not resumed: opening the quiz again starts a new one.
 */
export interface SavedQuiz {
  order: number[];
  seed: number;
  index: number;
  selected: string | null;
  phase: QuizPhase;
  chosen: { cardId: number; chosen: string }[];
}

export const startSavedQuiz = (ids: number[]): SavedQuiz => ({
  order: ids,
  seed: Math.floor(Math.random() * 2 ** 31),
  index: 0,
  selected: null,
  phase: "question",
  chosen: [],
});

export function buildQuestions(saved: Pick<SavedQuiz, "order" | "seed">, cards: Flashcard[]): QuizQuestion[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const ordered = saved.order.flatMap((id) => {
    const c = byId.get(id);
    return c ? [{ id: c.id, question: cardPrompt(c), answer: cardAnswer(c), hint: c.hint }] : [];
  });
  return buildQuiz(ordered, seededRng(saved.seed));
}

export function toQuizState(saved: SavedQuiz, questions: QuizQuestion[]): QuizState {
  const byId = new Map(questions.map((q) => [q.cardId, q]));
  return {
    questions,
    index: saved.index,
    selected: saved.selected,
    phase: saved.phase,
    answers: saved.chosen.flatMap((a) => {
      const q = byId.get(a.cardId);
      return q ? [answerQuestion(q, a.chosen)] : [];
    }),
  };
}

export const fromQuizState = (s: QuizState, saved: SavedQuiz): SavedQuiz => ({
  ...saved,
  index: s.index,
  selected: s.selected,
  phase: s.phase,
  chosen: s.answers.map((a) => ({ cardId: a.cardId, chosen: a.chosen })),
});

export function resumableQuiz(saved: unknown, ids: number[]): SavedQuiz | null {
  const s = saved as SavedQuiz | null;
  const known = new Set(ids);
  if (!s || !Array.isArray(s.order) || !s.order.every((id) => known.has(id))) return null;
  if (s.phase !== "question" && s.phase !== "feedback") return null;
  if (!Number.isInteger(s.seed) || !Number.isInteger(s.index) || s.index < 0 || s.index >= s.order.length)
    return null;
  if (!Array.isArray(s.chosen) || !s.chosen.every((a) => known.has(a.cardId) && typeof a.chosen === "string"))
    return null;
  return { ...s, selected: typeof s.selected === "string" ? s.selected : null };
}
