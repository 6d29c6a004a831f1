import { describe, expect, it } from "vitest";
import { canvasAssignmentGroupJson, toGradeGroups } from "./canvas-schemas.ts";

const parse = (raw: unknown[]) => raw.map((g) => canvasAssignmentGroupJson.parse(g));
const assignment = (id: number, over: object = {}, submission: object | null = {}) => ({
  id,
  name: `A${id}`,
  points_possible: 10,
  published: true,
  due_at: null,
  submission: submission && {
    workflow_state: "graded",
    score: 7,
    posted_at: "2025-10-01T00:00:00Z",
    ...submission,
  },
  ...over,
});

describe("Canvas assignment groups as the course caches them", () => {
  it("reads weights, drop rules and each assignment's state as Canvas sends them to a student", () => {
    const groups = toGradeGroups(
      parse([
        {
          id: 2,
          name: "Exams",
          position: 2,
          group_weight: "60",
          rules: { drop_lowest: 1, never_drop: [21] },
          assignments: [
            assignment(21),
            assignment(22, {}, { excused: true, score: null }),
            assignment(23, {}, { workflow_state: "pending_review", score: 9 }),
            assignment(24, {}, { posted_at: null, score: null }),
            assignment(25, { omit_from_final_grade: true }),
            assignment(26, { grading_type: "not_graded" }),
            assignment(27, {}, { workflow_state: "unsubmitted", score: null, missing: true }),
            assignment(28, {}, null),
            { name: "no id" },
          ],
        },
        { id: 1, name: null, position: 1, group_weight: null, rules: null, assignments: null },
      ]),
    );
    expect(groups.map((g) => [g.id, g.name, g.weight, g.dropLowest, g.neverDrop])).toEqual([
      ["1", "Assignments", 0, 0, []],
      ["2", "Exams", 60, 1, ["21"]],
    ]);
    expect(groups[1]!.assignments.map((a) => [a.id, a.state, a.score, a.missing])).toEqual([
      ["21", "graded", 7, false],
      ["22", "excused", null, false],
      ["23", "pending", 9, false],
      ["24", "unposted", null, false],
      ["25", "omitted", 7, false],
      ["26", "omitted", 7, false],
      ["27", "ungraded", null, true],
      ["28", "ungraded", null, false],
    ]);
  });
});
