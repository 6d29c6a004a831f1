import { describe, expect, it } from "vitest";
import type { CourseGrades } from "#shared/courses/grades-contract.ts";
import { fieldKey, initialInputs, parseTarget, readScore, whatIfScores } from "./what-if-inputs.ts";

describe("What-If fields", () => {
  it("reads a typed score: empty is none, negative, huge or words are not scores", () => {
    expect(readScore("")).toBeNull();
    expect(readScore("  ")).toBeNull();
    expect(readScore(undefined)).toBeNull();
    expect(readScore("18.5")).toBe(18.5);
    expect(readScore(" 0 ")).toBe(0);
    expect(readScore("-1")).toBeNaN();
    expect(readScore("ten")).toBeNaN();
    expect(readScore("1e9")).toBeNaN();
  });

  it("keeps usable scores by assignment id, dropping empty and invalid fields", () => {
    const big = "20960000005000002";
    expect(whatIfScores({ [fieldKey(big)]: "19", a1: "", a2: "x", a3: "-2", a4: "7" })).toEqual({
      [big]: 19,
      "4": 7,
    });
    expect(whatIfScores(undefined)).toEqual({});
  });

  it("starts from the saved scores, keyed so a 17-digit id is never an array index", () => {
    const grades = { whatIf: { "20960000005000002": 12.5 } } as unknown as CourseGrades;
    expect(initialInputs(grades)).toEqual({ scores: { a20960000005000002: "12.5" } });
  });
});

describe("target grade", () => {
  it.each([
    ["B+", "B+"],
    ["b-", "B-"],
    ["A−", "A-"],
    ["85", 85],
    ["85%", 85],
    [" 92.5 % ", 92.5],
    ["great", null],
    ["", null],
    ["250", null],
    ["-5", null],
  ])("%j is %j", (text, expected) => {
    expect(parseTarget(text)).toBe(expected);
  });
});
