import { describe, expect, it } from "vitest";
import {
  calculateGpa,
  courseScore,
  creditsNote,
  formatGpa,
  GPA_SCALE,
  GRADE_POINTS,
  GRADES,
  gradeFromScore,
  initialGrade,
  normalizeGrade,
  parseCredits,
  scoreTone,
} from "./grades.ts";

describe("gradeFromScore (SPEC §9 scale)", () => {
  it.each([
    [100, "A+"],
    [97, "A+"],
    [96.99, "A"],
    [93, "A"],
    [92.99, "A-"],
    [90, "A-"],
    [89.99, "B+"],
    [87, "B+"],
    [86.99, "B"],
    [83, "B"],
    [82.99, "B-"],
    [80, "B-"],
    [79.99, "C+"],
    [77, "C+"],
    [76.99, "C"],
    [73, "C"],
    [72.99, "C-"],
    [70, "C-"],
    [69.99, "D+"],
    [67, "D+"],
    [66.99, "D"],
    [63, "D"],
    [62.99, "D-"],
    [60, "D-"],
    [59.99, "F"],
    [0, "F"],
    [-5, "F"],
    [104.5, "A+"],
  ])("%s%% is %s", (score, grade) => {
    expect(gradeFromScore(score)).toBe(grade);
  });

  it("has no grade for a missing score", () => {
    expect(gradeFromScore(null)).toBeNull();
    expect(gradeFromScore(undefined)).toBeNull();
    expect(gradeFromScore(Number.NaN)).toBeNull();
  });

  it("lists every step from A+ down to D- in order", () => {
    expect(GPA_SCALE.map((s) => s.min)).toEqual([97, 93, 90, 87, 83, 80, 77, 73, 70, 67, 63, 60]);
  });
});

describe("GRADE_POINTS", () => {
  it("matches SPEC §9", () => {
    expect(GRADE_POINTS).toEqual({
      "A+": 4,
      A: 4,
      "A-": 3.7,
      "B+": 3.3,
      B: 3,
      "B-": 2.7,
      "C+": 2.3,
      C: 2,
      "C-": 1.7,
      "D+": 1.3,
      D: 1,
      "D-": 0.7,
      F: 0,
    });
    expect(GRADES).toHaveLength(13);
  });
});

describe("normalizeGrade (letters from Canvas)", () => {
  it.each([
    ["A-", "A-"],
    [" b+ ", "B+"],
    ["A\u2212", "A-"],
    ["f", "F"],
    ["A+", "A+"],
  ])("reads %j as %s", (input, grade) => {
    expect(normalizeGrade(input)).toBe(grade);
  });

  it.each([null, undefined, "", "Pass", "complete", "92%", "E"])("ignores %j", (input) => {
    expect(normalizeGrade(input)).toBeNull();
  });
});

describe("initialGrade", () => {
  it("prefers the grade Canvas gives", () => {
    expect(initialGrade({ grade: "B+", current_score: 95, final_score: 40 })).toBe("B+");
  });
  it("derives it from the current score, then the final score", () => {
    expect(initialGrade({ grade: null, current_score: 91, final_score: 40 })).toBe("A-");
    expect(initialGrade({ grade: "Pass", current_score: null, final_score: 72.5 })).toBe("C-");
  });
  it("is null with nothing to go on", () => {
    expect(initialGrade({ grade: null, current_score: null, final_score: null })).toBeNull();
  });
});

describe("parseCredits (SPEC §5)", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    ["3", 3],
    ["4", 4],
    ["5", 5],
    ["6", 6],
    [4, 4],
    ["0", 1],
    ["-2", 1],
    ["7", 6],
    ["12", 6],
    [" 5 ", 5],
    ["2.6", 3],
  ])("%j gives %s credits", (input, credits) => {
    expect(parseCredits(input)).toBe(credits);
  });

  it.each(["", "abc", "three", null, undefined, Number.NaN])("falls back to 3 for %j", (input) => {
    expect(parseCredits(input)).toBe(3);
  });
});

describe("calculateGpa", () => {
  it("weights grade points by credits over included, graded courses", () => {
    const summary = calculateGpa([
      { grade: "A", credits: 4, included: true },
      { grade: "B-", credits: 3, included: true },
      { grade: "C", credits: 2, included: true },
      { grade: "F", credits: 3, included: false },
      { grade: null, credits: 3, included: true },
    ]);
    // (4*4 + 2.7*3 + 2*2) / 9
    expect(summary.gpa).toBeCloseTo((16 + 8.1 + 4) / 9, 10);
    expect(formatGpa(summary.gpa)).toBe("3.12");
    expect(summary.totalCredits).toBe(9);
    expect(summary.coursesIncluded).toBe(3);
  });

  it("rounds a half up despite floating point (B+, A-, A+, D+ at 3 credits is 3.075)", () => {
    const summary = calculateGpa(
      (["B+", "A-", "A+", "D+"] as const).map((grade) => ({ grade, credits: 3, included: true })),
    );
    expect(formatGpa(summary.gpa)).toBe("3.08");
    expect(formatGpa(3.0749999999999997)).toBe("3.08");
    expect(formatGpa(3.0749)).toBe("3.07");
    expect(formatGpa(4)).toBe("4.00");
  });

  it("counts an F as zero points with its credits", () => {
    const summary = calculateGpa([
      { grade: "A+", credits: 3, included: true },
      { grade: "F", credits: 3, included: true },
    ]);
    expect(formatGpa(summary.gpa)).toBe("2.00");
  });

  it("is 0.00 with no credits: no courses, all removed, or zero credits", () => {
    expect(calculateGpa([])).toEqual({ gpa: 0, totalCredits: 0, coursesIncluded: 0 });
    expect(calculateGpa([{ grade: "A", credits: 3, included: false }]).gpa).toBe(0);
    expect(formatGpa(calculateGpa([{ grade: "A", credits: 0, included: true }]).gpa)).toBe("0.00");
  });
});

describe("scoreTone (SPEC §9 thresholds 90, 80, 70)", () => {
  it.each([
    [100, "green"],
    [90, "green"],
    [89.99, "blue"],
    [80, "blue"],
    [79.99, "yellow"],
    [70, "yellow"],
    [69.99, "red"],
    [0, "red"],
    [null, "gray"],
    [undefined, "gray"],
  ])("%s is %s", (score, tone) => {
    expect(scoreTone(score)).toBe(tone);
  });
});

describe("courseScore", () => {
  const base = { current_score: null, final_score: null, grade: null };
  it("shows the current score for an active course", () => {
    expect(courseScore({ ...base, enrollment_state: "active", current_score: 91.37 })).toEqual({
      label: "Current",
      text: "91.4%",
      tone: "green",
    });
    expect(courseScore({ ...base, enrollment_state: "active", final_score: 88 })).toEqual({
      label: "Current",
      text: "N/A",
      tone: "gray",
    });
  });
  it("shows the grade, else the final score, for a completed course", () => {
    expect(courseScore({ ...base, enrollment_state: "completed", grade: "B+", final_score: 87.4 })).toEqual({
      label: "Final",
      text: "B+",
      tone: "blue",
    });
    expect(courseScore({ ...base, enrollment_state: "completed", grade: "C" })).toEqual({
      label: "Final",
      text: "C",
      tone: "yellow",
    });
    expect(courseScore({ ...base, enrollment_state: "completed", final_score: 65 })).toEqual({
      label: "Final",
      text: "65%",
      tone: "red",
    });
    expect(courseScore({ ...base, enrollment_state: "completed" }).text).toBe("N/A");
  });
});

describe("creditsNote (issue 9 §3)", () => {
  it.each([
    ["0", "At least 1 credit; counting 1."],
    ["-2", "At least 1 credit; counting 1."],
    ["9", "At most 6 credits; counting 6."],
    ["2.5", "Whole credits only; counting 3."],
    ["", "Enter a number of credits; counting 3."],
    ["abc", "Enter a number of credits; counting 3."],
  ])("explains %j", (input, note) => {
    expect(creditsNote(input)).toBe(note);
  });
  it("says nothing for a whole number from 1 to 6", () => {
    for (const ok of ["1", "3", " 6 "]) expect(creditsNote(ok)).toBeNull();
  });
});
