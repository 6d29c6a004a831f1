import { describe, expect, it } from "vitest";
import { isFinished, resumable, shuffled, startWrite, type WriteState, writeReducer } from "./write-state.ts";

const answers: Record<number, string> = { 1: "Paris", 2: "photosynthesis", 3: "1492" };
const check = (s: WriteState, typed: string) =>
  writeReducer(s, { type: "check", typed, answer: answers[s.order[s.at]!]! });

describe("write mode state", () => {
  it("grades each card once, counts a typo as right, and finishes after the last card", () => {
    let s = startWrite([1, 2, 3]);
    s = check(s, "paris");
    expect(s.checked?.grade.verdict).toBe("correct");
    expect(check(s, "again")).toBe(s); // a checked card is not graded twice
    s = writeReducer(s, { type: "next" });
    s = check(s, "photosynthsis");
    expect(s.checked?.grade.verdict).toBe("typo");
    s = writeReducer(s, { type: "next" });
    s = check(s, "1429");
    expect(s.checked?.grade.verdict).toBe("wrong");
    s = writeReducer(s, { type: "next" });
    expect(isFinished(s)).toBe(true);
    expect(s.right).toEqual([1, 2]);
    expect(s.wrong).toEqual([3]);
  });

  it("ignores an empty answer and 'next' before checking", () => {
    const s = startWrite([1]);
    expect(check(s, "   ")).toBe(s);
    expect(writeReducer(s, { type: "next" })).toBe(s);
  });

  it("'I was right' moves a wrong answer to the right pile", () => {
    let s = check(startWrite([3]), "fourteen ninety-two");
    s = writeReducer(s, { type: "override" });
    expect(s.checked?.grade.verdict).toBe("correct");
    expect(s.right).toEqual([3]);
    expect(s.wrong).toEqual([]);
  });

  it("a new round asks only the cards missed", () => {
    let s = startWrite([1, 3]);
    s = writeReducer(check(s, "Paris"), { type: "next" });
    s = writeReducer(check(s, "no idea"), { type: "next" });
    s = writeReducer(s, { type: "retryMissed" });
    expect(s).toMatchObject({ order: [3], at: 0, right: [], wrong: [], round: 2 });
  });

  it("resumes a saved state only while its cards still exist", () => {
    const s = writeReducer(check(startWrite([1, 2]), "Paris"), { type: "next" });
    const saved = JSON.parse(JSON.stringify(s));
    expect(resumable(saved, [1, 2, 3])).toEqual(s);
    expect(resumable(saved, [2, 3])).toBeNull();
    expect(resumable({ ...saved, at: 9 }, [1, 2])).toBeNull();
    expect(resumable("junk", [1, 2])).toBeNull();
  });

  it("shuffles every card exactly once", () => {
    let n = 0;
    const order = shuffled([1, 2, 3, 4], () => (n++ % 3) / 3);
    expect([...order].sort()).toEqual([1, 2, 3, 4]);
    expect(order).not.toEqual([1, 2, 3, 4]);
  });
});
