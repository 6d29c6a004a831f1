import { describe, expect, it } from "vitest";
import { buildQuiz, seededRng } from "#shared/flashcards/quiz.ts";
import { isLastQuestion, quizProgress, quizReducer, startQuiz } from "./quiz-state.ts";

const cards = [
  { id: 1, question: "H2O", answer: "Water" },
  { id: 2, question: "NaCl", answer: "Salt" },
];
const quiz = () => startQuiz(buildQuiz(cards, seededRng(7)));

describe("quiz state", () => {
  it("walks question -> feedback -> next -> results -> review -> results", () => {
    let s = quiz();
    expect(s.phase).toBe("question");
    s = quizReducer(s, { type: "submit" });
    expect(s.phase).toBe("question"); // Submit Answer does nothing until a choice is made
    s = quizReducer(s, { type: "choose", option: "Water" });
    s = quizReducer(s, { type: "submit" });
    expect(s.phase).toBe("feedback");
    expect(s.answers).toEqual([
      { cardId: 1, question: "H2O", answer: "Water", chosen: "Water", correct: true },
    ]);
    expect(quizProgress(s)).toBe(50);
    expect(isLastQuestion(s)).toBe(false);
    s = quizReducer(s, { type: "choose", option: "Salt" });
    expect(s.selected).toBe("Water"); // an answered question is locked
    s = quizReducer(s, { type: "next" });
    expect(s).toMatchObject({ index: 1, selected: null, phase: "question" });
    s = quizReducer(s, { type: "choose", option: "Water" });
    s = quizReducer(s, { type: "submit" });
    expect(s.answers[1]).toMatchObject({ chosen: "Water", correct: false });
    expect(isLastQuestion(s)).toBe(true);
    s = quizReducer(s, { type: "next" });
    expect(s.phase).toBe("results");
    expect(quizProgress(s)).toBe(100);
    s = quizReducer(s, { type: "review" });
    expect(s.phase).toBe("review");
    s = quizReducer(s, { type: "results" });
    expect(s.phase).toBe("results");
  });

  it("ignores an option that is not on the question and 'next' before answering", () => {
    let s = quiz();
    s = quizReducer(s, { type: "choose", option: "Lava" });
    expect(s.selected).toBeNull();
    expect(quizReducer(s, { type: "next" })).toBe(s);
  });
});
