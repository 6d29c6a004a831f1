import type { CourseGrades, GradeAssignment } from "./grades-contract.ts";
import type { CourseGradeInput, GradeItem } from "./what-if.ts";

/** An assignment as the What-If arithmetic reads it: its state decides whether and how it counts. */
export function toGradeItem(a: GradeAssignment): GradeItem {
  return {
    id: a.id,
    pointsPossible: a.pointsPossible,
    score: a.state === "graded" || a.state === "pending" ? a.score : null,
    excused: a.state === "excused",
    omitted: a.state === "omitted" || a.state === "unposted",
    pendingReview: a.state === "pending",
  };
}

/** A course's cached Canvas groups as the input of courseGrade / neededOnRemaining (what-if.ts). */
export function toGradeInput(grades: Pick<CourseGrades, "weighted" | "groups">): CourseGradeInput {
  return {
    weighted: grades.weighted,
    groups: grades.groups.map((g) => ({
      id: g.id,
      weight: g.weight,
      rules: { dropLowest: g.dropLowest, dropHighest: g.dropHighest, neverDrop: g.neverDrop },
      assignments: g.assignments.map(toGradeItem),
    })),
  };
}

/** What a What-If field may hold: a score the student can type over (not left out by Canvas). */
export const acceptsWhatIf = (a: GradeAssignment) => a.state !== "omitted" && a.state !== "unposted";
