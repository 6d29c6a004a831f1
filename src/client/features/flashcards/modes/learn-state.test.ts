import { describe, expect, it } from "vitest";
import {
  askWritten,
  canChoose,
  currentCard,
  type LearnAction,
  type LearnState,
  learnDone,
  learnPiles,
  learnReducer,
  ROUND_SIZE,
  resumableLearn,
  roundOver,
  startLearn,
} from "./learn-state.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const run = (s: LearnState, ...actions: LearnAction[]) => actions.reduce(learnReducer, s);
const right = (s: LearnState) => run(s, { type: "answer", given: "x", correct: true }, { type: "next" });
const wrong = (s: LearnState) => run(s, { type: "answer", given: "x", correct: false }, { type: "next" });

describe("Learn piles and rounds", () => {
  it("asks the first seven cards as multiple choice, then written, then masters them", () => {
    let s = startLearn(ids(10), 1);
    expect(s.round).toEqual(ids(ROUND_SIZE));
    expect(askWritten(s, 1)).toBe(false);
    for (let i = 0; i < ROUND_SIZE; i++) s = right(s);
    expect(roundOver(s)).toBe(true);
    expect(learnPiles(s)).toEqual({ learning: 10, mastered: 0, percent: 35 });
    s = run(s, { type: "nextRound" });
    expect(s.round).toEqual(ids(ROUND_SIZE));
    expect(askWritten(s, 1)).toBe(true);
    for (let i = 0; i < ROUND_SIZE; i++) s = right(s);
    expect(learnPiles(s)).toMatchObject({ learning: 3, mastered: 7 });
    // New cards come in as earlier ones are mastered.
    s = run(s, { type: "nextRound" });
    expect(s.round).toEqual([8, 9, 10]);
    for (let i = 0; i < 6; i++) s = right(s.at >= s.round.length ? run(s, { type: "nextRound" }) : s);
    expect(learnDone(s)).toBe(true);
    expect(learnPiles(s)).toEqual({ learning: 0, mastered: 10, percent: 100 });
    // Nothing is left to ask once everything is mastered.
    expect(run(s, { type: "nextRound" })).toBe(s);
  });

  it("puts a card answered wrong back at the end of the round once, and counts it missed", () => {
    let s = startLearn(ids(3), 1);
    s = wrong(s);
    expect(s.round).toEqual([1, 2, 3, 1]);
    expect(s.missed).toEqual([1]);
    s = right(s);
    s = right(s);
    expect(currentCard(s)).toBe(1);
    // Wrong again at the end: not appended a second time within the round.
    s = wrong(s);
    expect(s.round).toEqual([1, 2, 3, 1, 1]);
    s = right(s);
    expect(roundOver(s)).toBe(true);
    expect(askWritten(s, 1)).toBe(true);
    expect(s.missed).toEqual([1]);
  });

  it("does not requeue a card already waiting later in the round", () => {
    let s = startLearn(ids(2), 1);
    s = wrong(s); // [1,2,1]
    s = wrong(s); // [1,2,1,2]
    s = wrong(s); // card 1 again: appended, it is not waiting later any more
    expect(s.round).toEqual([1, 2, 1, 2, 1]);
  });

  it("'I was right' turns a wrong answer into a right one and takes the card out of the requeue", () => {
    let s = startLearn(ids(2), 1);
    s = run(s, { type: "answer", given: "colour", correct: false });
    expect(s.round).toEqual([1, 2, 1]);
    s = run(s, { type: "override" }, { type: "next" });
    expect(s.round).toEqual([1, 2]);
    expect(s.missed).toEqual([]);
    expect(askWritten(s, 1)).toBe(true);
  });

  it("ignores answers while one is shown, and next before an answer", () => {
    const s = startLearn(ids(2), 1);
    expect(run(s, { type: "next" })).toBe(s);
    const answered = run(s, { type: "answer", given: "a", correct: true });
    expect(run(answered, { type: "answer", given: "b", correct: false })).toBe(answered);
  });

  it("asks a set with fewer than two other answers written from the start, and masters it in one", () => {
    expect(canChoose(["Paris"])).toBe(false);
    expect(canChoose(["Paris", "Rome"])).toBe(false);
    expect(canChoose(["Paris", "paris ", "Rome"])).toBe(false);
    expect(canChoose(["Paris", "Rome", "Oslo"])).toBe(true);
    // One card: a written answer right masters it, and the session ends instead of asking it again.
    let s = startLearn([1], 1);
    s = run(s, { type: "answer", given: "Paris", correct: true, written: true }, { type: "next" });
    expect(learnDone(s)).toBe(true);
    expect(learnPiles(s)).toEqual({ learning: 0, mastered: 1, percent: 100 });
    // 'I was right' on a written answer masters the card too.
    s = startLearn([1], 1);
    s = run(s, { type: "answer", given: "paris?", correct: false, written: true }, { type: "override" });
    expect(learnDone(s)).toBe(true);
  });

  it("resumes a saved state only while it fits the cards", () => {
    const s = wrong(startLearn(ids(4), 7));
    const saved = JSON.parse(JSON.stringify(s));
    expect(resumableLearn(saved, ids(4))).toEqual(s);
    expect(resumableLearn(saved, [1, 2, 3])).toBeNull();
    expect(resumableLearn({ ...saved, at: 99 }, ids(4))).toBeNull();
    expect(resumableLearn({ ...saved, stage: { 1: 5 } }, ids(4))).toBeNull();
    expect(resumableLearn(null, ids(4))).toBeNull();
    expect(resumableLearn("x", ids(4))).toBeNull();
  });
});
