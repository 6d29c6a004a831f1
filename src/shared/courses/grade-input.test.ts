import { describe, expect, it } from "vitest";
import { acceptsWhatIf, toGradeInput, toGradeItem } from "./grade-input.ts";
import type { GradeAssignment, GradeGroupData } from "./grades-contract.ts";
import { courseGrade, whatIfGrade } from "./what-if.ts";

const item = (
  id: string,
  state: GradeAssignment["state"],
  score: number | null,
  points = 10,
): GradeAssignment => ({
  id,
  name: id,
  pointsPossible: points,
  score,
  state,
  missing: false,
  dueAt: null,
});

const group = (
  id: string,
  weight: number,
  assignments: GradeAssignment[],
  dropLowest = 0,
): GradeGroupData => ({
  id,
  name: id,
  weight,
  dropLowest,
  dropHighest: 0,
  neverDrop: [],
  assignments,
});

describe("Canvas grade states as What-If input", () => {
  it("maps each state to what Canvas counts", () => {
    expect(toGradeItem(item("g", "graded", 8))).toMatchObject({ score: 8, excused: false, omitted: false });
    expect(toGradeItem(item("u", "ungraded", null))).toMatchObject({ score: null, omitted: false });
    expect(toGradeItem(item("e", "excused", null))).toMatchObject({ excused: true });
    expect(toGradeItem(item("p", "pending", 9))).toMatchObject({ score: 9, pendingReview: true });
    expect(toGradeItem(item("h", "unposted", 3))).toMatchObject({ score: null, omitted: true });
    expect(toGradeItem(item("o", "omitted", 0))).toMatchObject({ omitted: true });
    expect(acceptsWhatIf(item("o", "omitted", 0))).toBe(false);
    expect(acceptsWhatIf(item("h", "unposted", null))).toBe(false);
    expect(acceptsWhatIf(item("e", "excused", null))).toBe(true);
  });

  it("gives Canvas's weighted grade: excused, pending and unposted work left out, the lowest quiz dropped", () => {
    const input = toGradeInput({
      weighted: true,
      groups: [
        group("hw", 30, [item("h1", "graded", 8), item("h2", "excused", null), item("h3", "unposted", null)]),
        group("quiz", 20, [item("q1", "graded", 5), item("q2", "graded", 9)], 1),
        group("labs", 50, [item("l1", "pending", 10), item("l2", "ungraded", null)]),
      ],
    });
    const grade = courseGrade(input);
    // hw 80, quiz keeps 9/10 = 90, labs has nothing graded: (80 * 30 + 90 * 20) / 50.
    expect(grade.current.percent).toBe(84);
    // Final: labs counts the pending 10/10 and the ungraded lab as 0 (50%): 24 + 18 + 25.
    expect(grade.final.percent).toBe(67);
    // A What-If score on the ungraded lab joins the current grade.
    expect(whatIfGrade(input, { l2: 10 }).current.percent).toBe(92);
  });
});
