import { describe, expect, it } from "vitest";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import { attemptAnswers, dealTest, gradeTest, resumableTest, startTest } from "./test-state.ts";

const cards: Flashcard[] = ["Paris", "Rome", "Bern", "Oslo", "Madrid", "Lisbon", "Vienna", "Prague"].map(
  (answer, i) => ({
    id: i + 1,
    flashcardSetId: 1,
    question: `Capital ${i + 1}`,
    answer,
    hint: null,
    tags: [],
    type: "basic",
    ord: 0,
    guid: null,
  }),
);
const ids = cards.map((c) => c.id);

describe("Test mode", () => {
  it("deals the chosen count, every chosen kind, matching last, and the same again from the seed", () => {
    const s = dealTest(startTest(ids, 42), cards, ["choice", "truefalse", "written", "matching"], 8);
    expect(s.phase).toBe("sheet");
    expect(s.questions).toHaveLength(8);
    expect(new Set(s.questions.map((q) => q.kind))).toEqual(
      new Set(["choice", "truefalse", "written", "matching"]),
    );
    const kinds = s.questions.map((q) => q.kind);
    expect(kinds.slice(kinds.indexOf("matching")).every((k) => k === "matching")).toBe(true);
    expect(s.questions.filter((q) => q.kind === "truefalse").every((q) => typeof q.shown === "string")).toBe(
      true,
    );
    expect(dealTest(startTest(ids, 42), cards, ["choice", "truefalse", "written", "matching"], 8)).toEqual(s);
    expect(dealTest(startTest(ids, 1), cards, ["written"], 3).questions).toHaveLength(3);
    expect(dealTest(startTest(ids, 1), cards, ["written"], 0).questions).toHaveLength(1);
  });

  it("grades each kind: options exactly, written leniently, true/false against the answer shown", () => {
    const s = {
      ...startTest(ids, 1),
      phase: "sheet" as const,
      questions: [
        { cardId: 1, kind: "written" as const },
        { cardId: 2, kind: "truefalse" as const, shown: "Rome" },
        { cardId: 3, kind: "truefalse" as const, shown: "Oslo" },
        { cardId: 4, kind: "choice" as const },
        { cardId: 5, kind: "matching" as const },
        { cardId: 6, kind: "written" as const },
      ],
      answers: { 1: "paaris", 2: "true", 3: "true", 4: "Oslo", 5: "Lisbon" },
    };
    const graded = gradeTest(s, cards);
    expect(graded.results.map((r) => r.correct)).toEqual([true, true, false, true, false, false]);
    expect(graded).toMatchObject({ correct: 3, total: 6 });
    expect(attemptAnswers(s)[1]).toEqual({ cardId: 2, chosen: "true", kind: "truefalse", shown: "Rome" });
    expect(attemptAnswers(s)[4]).toEqual({ cardId: 5, chosen: "Lisbon", kind: "choice" });
  });

  it("resumes a saved test only while it fits the cards", () => {
    const s = dealTest(startTest(ids, 5), cards, ["choice"], 4);
    const saved = JSON.parse(JSON.stringify(s));
    expect(resumableTest(saved, ids)).toEqual(s);
    expect(resumableTest(saved, [1])).toBeNull();
    expect(resumableTest({ ...saved, phase: "x" }, ids)).toBeNull();
  });
});
