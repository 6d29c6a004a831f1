import { answerQuestion, type QuizAnswer, type QuizQuestion } from "#shared/flashcards/quiz.ts";

/**
 * SPEC §4 quiz states: a question unanswered, answered (feedback shown), then the next one, and finally
 * the results; Review Answers opens the detailed list from the results and comes back to them.
 */
export type QuizPhase = "question" | "feedback" | "results" | "review";

export interface QuizState {
  questions: readonly QuizQuestion[];
  index: number;
  selected: string | null;
  answers: QuizAnswer[];
  phase: QuizPhase;
}

export type QuizAction =
  | { type: "choose"; option: string }
  | { type: "submit" }
  | { type: "next" }
  | { type: "review" }
  | { type: "results" };

export const startQuiz = (questions: readonly QuizQuestion[]): QuizState => ({
  questions,
  index: 0,
  selected: null,
  answers: [],
  phase: "question",
});

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  const question = state.questions[state.index];
  switch (action.type) {
    case "choose":
      if (state.phase !== "question" || !question?.options.includes(action.option)) return state;
      return { ...state, selected: action.option };
    case "submit":
      if (state.phase !== "question" || state.selected === null || !question) return state;
      return {
        ...state,
        phase: "feedback",
        answers: [...state.answers, answerQuestion(question, state.selected)],
      };
    case "next":
      if (state.phase !== "feedback") return state;
      if (state.index + 1 >= state.questions.length) return { ...state, phase: "results" };
      return { ...state, index: state.index + 1, selected: null, phase: "question" };
    case "review":
      return state.phase === "results" ? { ...state, phase: "review" } : state;
    case "results":
      return state.phase === "review" ? { ...state, phase: "results" } : state;
  }
}

/** Whether the next 'next' ends the quiz (the button reads Finish Quiz then). */
export const isLastQuestion = (state: QuizState) => state.index + 1 >= state.questions.length;

/** The share of the quiz done, for the progress bar: an answered question counts as done. */
export const quizProgress = (state: QuizState) =>
  state.questions.length === 0 ? 0 : Math.round((state.answers.length / state.questions.length) * 100);
