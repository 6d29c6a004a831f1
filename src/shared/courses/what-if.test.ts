import { describe, expect, it } from "vitest";
import type { GpaCourse } from "./grades.ts";
import {
  type CourseGradeInput,
  courseGrade,
  type GradeGroup,
  type GradeItem,
  neededGpa,
  neededOnAssignment,
  neededOnRemaining,
  targetPercent,
  whatIfGrade,
} from "./what-if.ts";

const item = (
  id: string,
  score: number | null,
  pointsPossible: number,
  extra: Partial<GradeItem> = {},
): GradeItem => ({
  id,
  score,
  pointsPossible,
  ...extra,
});
const group = (
  id: string,
  weight: number,
  assignments: GradeItem[],
  rules?: GradeGroup["rules"],
): GradeGroup => ({
  id,
  weight,
  assignments,
  rules,
});

// Homework: 8/10, 9/10 and one ungraded of 10. Exams: 40/50 and an ungraded final of 100.
const homework = () => group("hw", 40, [item("hw1", 8, 10), item("hw2", 9, 10), item("hw3", null, 10)]);
const exams = () => group("ex", 60, [item("mid", 40, 50), item("final", null, 100)]);
const unweighted = (): CourseGradeInput => ({ weighted: false, groups: [homework(), exams()] });
const weighted = (): CourseGradeInput => ({ weighted: true, groups: [homework(), exams()] });

describe("course grade, as Canvas computes it", () => {
  it("matches Canvas's own spec: one of two 10-point assignments graded 5 is 50% current, 25% final", () => {
    const grade = courseGrade({
      weighted: false,
      groups: [group("g", 100, [item("a1", null, 10), item("a2", 5, 10)])],
    });
    expect(grade.current.percent).toBe(50);
    expect(grade.final.percent).toBe(25);
  });

  it("sums points over groups when the course does not weight them", () => {
    const grade = courseGrade(unweighted());
    // current 57 / 70; final 57 / 180
    expect(grade.current.percent).toBe(81.43);
    expect(grade.final.percent).toBe(31.67);
  });

  it("weights the groups' percentages when the course applies group weights", () => {
    const grade = courseGrade(weighted());
    // current: 85% * 40 + 80% * 60 = 82; final: 17/30 * 40 + 40/150 * 60 = 22.667 + 16
    expect(grade.current.percent).toBe(82);
    expect(grade.final.percent).toBe(38.67);
    expect(grade.current.groups.map((g) => [g.id, g.score, g.possible])).toEqual([
      ["hw", 17, 20],
      ["ex", 40, 50],
    ]);
  });

  it("leaves a group with no graded work out of the weighting and scales the rest to 100", () => {
    const input: CourseGradeInput = {
      weighted: true,
      groups: [
        { ...homework(), weight: 30 },
        { ...exams(), weight: 50 },
        group("project", 20, [item("p1", null, 100)]),
      ],
    };
    const grade = courseGrade(input);
    // current: (85% * 30 + 80% * 50) / 80 * 100 = 65.5 / 0.8 = 81.875
    expect(grade.current.percent).toBe(81.88);
    // final: the project counts as 0: 17/30 * 30 + 40/150 * 50 + 0 = 17 + 13.333
    expect(grade.final.percent).toBe(30.33);
  });

  it("does not scale weights that add to more than 100 (they give extra credit, as in Canvas)", () => {
    const grade = courseGrade({
      weighted: true,
      groups: [group("a", 60, [item("a1", 10, 10)]), group("b", 60, [item("b1", 10, 10)])],
    });
    expect(grade.current.percent).toBe(120);
  });

  it("has no current grade before anything is graded, and a final of 0", () => {
    const input: CourseGradeInput = {
      weighted: true,
      groups: [group("a", 50, [item("a1", null, 10)]), group("b", 50, [])],
    };
    expect(courseGrade(input).current.percent).toBeNull();
    expect(courseGrade(input).final.percent).toBe(0);
    expect(courseGrade({ ...input, weighted: false }).current.percent).toBeNull();
    expect(courseGrade({ weighted: true, groups: [] }).final.percent).toBeNull();
  });

  it("takes excused and omitted (unposted, not graded) assignments out of both grades", () => {
    const input: CourseGradeInput = {
      weighted: false,
      groups: [
        group("g", 0, [
          item("a", 8, 10),
          item("b", null, 10, { excused: true }),
          item("c", 2, 10, { excused: true }),
          item("d", 0, 10, { omitted: true }),
          item("e", null, 10, { omitted: true }),
        ]),
      ],
    };
    expect(courseGrade(input).current.percent).toBe(80);
    expect(courseGrade(input).final.percent).toBe(80);
  });

  it("counts a pending-review score in the final grade only", () => {
    const input: CourseGradeInput = {
      weighted: false,
      groups: [group("g", 0, [item("a", 10, 10), item("b", 0, 10, { pendingReview: true })])],
    };
    expect(courseGrade(input).current.percent).toBe(100);
    expect(courseGrade(input).final.percent).toBe(50);
  });

  it("adds extra credit from a 0-point assignment to the group's score", () => {
    const input: CourseGradeInput = {
      weighted: false,
      groups: [group("g", 0, [item("a", 8, 10), item("bonus", 2, 0)])],
    };
    expect(courseGrade(input).current.percent).toBe(100);
  });
});

describe("drop rules", () => {
  const quizzes = (rules: GradeGroup["rules"], extra: GradeItem[] = []): CourseGradeInput => ({
    weighted: false,
    groups: [
      group(
        "q",
        0,
        [item("q1", 10, 10), item("q2", 5, 10), item("q3", 8, 10), item("q4", 9, 10), ...extra],
        rules,
      ),
    ],
  });

  it("drops the lowest", () => {
    const grade = courseGrade(quizzes({ dropLowest: 1 }));
    expect(grade.current.percent).toBe(90); // 27 / 30
    expect(grade.current.groups[0]?.dropped).toEqual(["q2"]);
  });

  it("never drops a never_drop assignment, dropping the next lowest instead", () => {
    const grade = courseGrade(quizzes({ dropLowest: 1, neverDrop: ["q2"] }));
    expect(grade.current.percent).toBe(80); // 10 + 5 + 9 of 30
    expect(grade.current.groups[0]?.dropped).toEqual(["q3"]);
  });

  it("drops the highest", () => {
    const grade = courseGrade(quizzes({ dropHighest: 1 }));
    expect(grade.current.percent).toBe(73.33); // 5 + 8 + 9 of 30
    expect(grade.current.groups[0]?.dropped).toEqual(["q1"]);
  });

  it("drops what helps the group most, not the lowest percentage, when points differ (Kane & Kane)", () => {
    // Dropping z (20%) leaves 100/120 = 83.3%; dropping x (50%) leaves 91/105 = 86.7%, and Canvas does that.
    const input: CourseGradeInput = {
      weighted: false,
      groups: [group("g", 0, [item("x", 10, 20), item("y", 90, 100), item("z", 1, 5)], { dropLowest: 1 })],
    };
    const grade = courseGrade(input);
    expect(grade.current.groups[0]?.dropped).toEqual(["x"]);
    expect(grade.current.percent).toBe(86.67);
  });

  it("keeps at least one assignment however many are to be dropped", () => {
    const grade = courseGrade(quizzes({ dropLowest: 10 }));
    expect(grade.current.percent).toBe(100);
    expect(grade.current.groups[0]?.dropped).toHaveLength(3);
  });

  it("drops among graded work for the current grade, and drops the ungraded zeros first for the final", () => {
    const input: CourseGradeInput = {
      weighted: false,
      groups: [
        group("q", 0, [item("q1", 10, 10), item("q2", 8, 10), item("q3", null, 10)], { dropLowest: 1 }),
      ],
    };
    expect(courseGrade(input).current.percent).toBe(100); // 8 dropped
    expect(courseGrade(input).final.percent).toBe(90); // the ungraded 0 dropped
  });
});

describe("What-If", () => {
  it("recomputes with a hypothetical score for an ungraded assignment", () => {
    // unweighted: (57 + 90) / (70 + 100)
    expect(whatIfGrade(unweighted(), { final: 90 }).current.percent).toBe(86.47);
    // weighted: 85% * 40 + (130 / 150) * 60
    expect(whatIfGrade(weighted(), { final: 90 }).current.percent).toBe(86);
  });

  it("replaces a real score and leaves the input untouched", () => {
    const input = weighted();
    expect(whatIfGrade(input, { mid: 50 }).current.percent).toBe(94); // 85% * 40 + 100% * 60
    expect(courseGrade(input).current.percent).toBe(82);
  });

  it("ignores unknown ids", () => {
    expect(whatIfGrade(weighted(), { nope: 100 }).current.percent).toBe(82);
  });
});

describe("what do I need", () => {
  it("reads letters on the SPEC §9 scale", () => {
    expect(targetPercent("B+")).toBe(87);
    expect(targetPercent("A-")).toBe(90);
    expect(targetPercent("F")).toBe(0);
    expect(targetPercent(75.5)).toBe(75.5);
  });

  // With p the fraction scored on the rest: 40 * (17 + 10p) / 30 + 60 * (40 + 100p) / 150 = 38.667 + 53.333p
  it("finds the uniform percentage on all remaining work for a letter", () => {
    expect(neededOnRemaining(weighted(), "B+")).toEqual({
      status: "reachable",
      percent: 90.63,
      points: 99.7,
    });
    expect(neededOnRemaining(weighted(), "D")).toMatchObject({ status: "reachable", percent: 45.63 });
  });

  it("says when full marks cannot reach the target, and what full marks give", () => {
    expect(neededOnRemaining(weighted(), "A")).toEqual({ status: "unreachable", best: 92 });
  });

  it("says when the target is already secured", () => {
    expect(neededOnRemaining(weighted(), 30)).toEqual({ status: "secured", worst: 38.67 });
  });

  it("says when nothing is left to score", () => {
    const done: CourseGradeInput = { weighted: false, groups: [group("g", 0, [item("a", 9, 10)])] };
    expect(neededOnRemaining(done, "A")).toEqual({ status: "nothing-left", grade: 90 });
  });

  it("finds the percentage needed on the final exam, other ungraded work left out", () => {
    // 85% * 40 + 60 * (40 + 100x) / 150 = 50 + 40x >= 83
    expect(neededOnAssignment(weighted(), "final", "B")).toEqual({
      status: "reachable",
      percent: 82.5,
      points: 82.5,
    });
  });

  it("finds the percentage needed on the final exam with the other work assumed at a percentage", () => {
    // homework at 100%: 90% * 40 + 60 * (40 + 100x) / 150 = 52 + 40x >= 83
    expect(neededOnAssignment(weighted(), "final", "B", { othersAt: 100 })).toMatchObject({ percent: 77.5 });
  });

  it("answers in the assignment's points under drop rules too", () => {
    // Quizzes 6/10, 10/10 and q3 of 20, lowest dropped: q3 at x% keeps the best two of three.
    const input: CourseGradeInput = {
      weighted: false,
      groups: [
        group("q", 0, [item("q1", 6, 10), item("q2", 10, 10), item("q3", null, 20)], { dropLowest: 1 }),
      ],
    };
    // With q1 dropped: (10 + 20x) / 30 >= 0.9 needs x >= 0.85; keeping q1 instead is never better here.
    expect(neededOnAssignment(input, "q3", 90)).toEqual({ status: "reachable", percent: 85, points: 17 });
  });
});

describe("target GPA", () => {
  const completed: GpaCourse[] = [
    { grade: "A", credits: 3, included: true },
    { grade: "B", credits: 3, included: true },
    { grade: "B+", credits: 4, included: true },
    // Hidden from the calculation, as on the GPA page.
    { grade: "F", credits: 6, included: false },
  ];
  const current = [{ credits: 3 }, { credits: 3 }, { credits: 4 }];

  it("finds the average grade points needed in the current courses", () => {
    // (3.5 * 20 - 34.2) / 10 = 3.58, which takes an A- (3.7) in every course
    expect(neededGpa({ completed, current, target: 3.5 })).toEqual({
      status: "reachable",
      average: 3.58,
      letter: "A-",
    });
  });

  it("says when even straight A's fall short, and what they would give", () => {
    expect(neededGpa({ completed, current, target: 3.8 })).toEqual({ status: "unreachable", best: 3.71 });
  });

  it("says when the target holds whatever the grades", () => {
    expect(neededGpa({ completed, current, target: 1.5 })).toEqual({ status: "secured", worst: 1.71 });
  });

  it("handles a first term and no current courses", () => {
    expect(neededGpa({ completed: [], current, target: 3 })).toEqual({
      status: "reachable",
      average: 3,
      letter: "B",
    });
    expect(neededGpa({ completed, current: [], target: 3 })).toEqual({ status: "nothing-left", gpa: 3.42 });
  });

  it("refuses a target off the scale", () => {
    expect(() => neededGpa({ completed, current, target: 4.5 })).toThrow(RangeError);
  });
});
