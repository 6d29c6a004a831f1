import { z } from "zod";
import type { GradeAssignment, GradeGroupData } from "#shared/courses/grades-contract.ts";

/**
 * The parts of Canvas's JSON that Studyhall reads (canvas-api.md §5–§7). Lenient on purpose: unknown
 * fields pass, anything may be null, and ids are strings (we ask for string ids; an older server that
 * ignores the Accept header still gets its numbers stored as text).
 */
const id = z.union([z.string().min(1), z.number()]).transform(String);
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const score = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === "") return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  });

export const canvasUserJson = z.looseObject({ id, name: text });
export type CanvasUserJson = z.infer<typeof canvasUserJson>;

export const canvasEnrollmentJson = z.looseObject({
  type: text,
  role: text,
  enrollment_state: text,
  computed_current_score: score,
  computed_final_score: score,
  computed_current_grade: text,
  computed_final_grade: text,
});

export const canvasCourseJson = z.looseObject({
  id,
  name: text,
  course_code: text,
  access_restricted_by_date: z.boolean().nullish(),
  workflow_state: text,
  apply_assignment_group_weights: z.boolean().nullish(),
  enrollments: z.array(z.unknown()).nullish(),
});
export type CanvasCourseJson = z.infer<typeof canvasCourseJson>;

export const canvasSubmissionJson = z.looseObject({
  workflow_state: text,
  submitted_at: text,
  excused: z.boolean().nullish(),
});

export const canvasAssignmentJson = z.looseObject({
  id,
  name: text,
  description: text,
  due_at: text,
  html_url: text,
  course_id: id.nullish(),
  published: z.boolean().nullish(),
  submission: z.unknown().nullish(),
});
export type CanvasAssignmentJson = z.infer<typeof canvasAssignmentJson>;

/** A course the student can read, with the scores of their own student enrollment. */
export interface CanvasCourseData {
  canvasId: string;
  name: string;
  code: string;
  currentScore: number | null;
  finalScore: number | null;
  currentGrade: string | null;
  finalGrade: string | null;
  applyGroupWeights: boolean | null;
}

/** Picks the student's own enrollment (a student may have several, e.g. two sections). */
export function toCourseData(course: CanvasCourseJson): CanvasCourseData {
  const enrollments = (course.enrollments ?? [])
    .map((e) => canvasEnrollmentJson.safeParse(e))
    .flatMap((r) => (r.success ? [r.data] : []));
  const mine =
    enrollments.find((e) => e.type === "student" || e.role === "StudentEnrollment") ?? enrollments[0];
  return {
    canvasId: course.id,
    name: course.name ?? "",
    code: course.course_code ?? "",
    currentScore: mine?.computed_current_score ?? null,
    finalScore: mine?.computed_final_score ?? null,
    currentGrade: mine?.computed_current_grade ?? null,
    finalGrade: mine?.computed_final_grade ?? null,
    applyGroupWeights: course.apply_assignment_group_weights ?? null,
  };
}

const SUBMITTED = new Set(["submitted", "graded", "pending_review"]);

/** Whether the student has already handed the assignment in (or was excused), per Canvas. */
export function isSubmitted(assignment: CanvasAssignmentJson): boolean {
  const parsed = canvasSubmissionJson.safeParse(assignment.submission);
  if (!parsed.success) return false;
  return parsed.data.excused === true || SUBMITTED.has(parsed.data.workflow_state ?? "");
}

const count = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  });

/** An assignment group with `include[]=assignments&include[]=submission` (Canvas AssignmentGroup). */
export const canvasAssignmentGroupJson = z.looseObject({
  id,
  name: text,
  position: score,
  group_weight: score,
  rules: z
    .looseObject({
      drop_lowest: count,
      drop_highest: count,
      never_drop: z.array(id).nullish(),
    })
    .nullish(),
  assignments: z.array(z.unknown()).nullish(),
});
export type CanvasAssignmentGroupJson = z.infer<typeof canvasAssignmentGroupJson>;

const gradedAssignmentJson = canvasAssignmentJson.extend({
  points_possible: score,
  grading_type: text,
  submission_types: z.array(z.string()).nullish(),
  omit_from_final_grade: z.boolean().nullish(),
});
const gradedSubmissionJson = canvasSubmissionJson.extend({
  score,
  posted_at: text,
  missing: z.boolean().nullish(),
});

/** posted_at present and null: graded, but not posted to the student (an absent field says nothing). */
const isUnposted = (submission: unknown) =>
  typeof submission === "object" &&
  submission !== null &&
  Object.hasOwn(submission, "posted_at") &&
  (submission as { posted_at: unknown }).posted_at === null;

/**
 * One assignment of a group as the What-If arithmetic reads it (src/shared/courses/what-if.ts): what
 * Canvas leaves out of the grade is `omitted`, a grade not yet posted to the student is `unposted`, work
 * waiting for review is `pending`. Unparseable assignments are dropped.
 */
function toGradeAssignment(raw: unknown): GradeAssignment | null {
  const parsed = gradedAssignmentJson.safeParse(raw);
  if (!parsed.success) return null;
  const a = parsed.data;
  const sub = gradedSubmissionJson.safeParse(a.submission ?? {});
  const s = sub.success ? sub.data : null;
  const omitted =
    a.published === false ||
    a.omit_from_final_grade === true ||
    a.grading_type === "not_graded" ||
    (a.submission_types ?? []).includes("not_graded");
  let state: GradeAssignment["state"];
  let score = s?.score ?? null;
  if (omitted) state = "omitted";
  else if (s?.excused) state = "excused";
  else if (s?.workflow_state === "pending_review") state = "pending";
  // A graded submission the student may not see yet: Canvas hides its score until posted_at is set.
  else if (s?.workflow_state === "graded" && isUnposted(a.submission)) state = "unposted";
  else state = score === null ? "ungraded" : "graded";
  if (state === "unposted") score = null;
  return {
    id: a.id,
    name: a.name?.trim() || "Untitled assignment",
    pointsPossible: Math.max(0, a.points_possible ?? 0),
    score,
    state,
    missing: s?.missing === true,
    dueAt: a.due_at,
  };
}

/** Canvas's assignment groups in the shape the course caches (ordered by position). */
export function toGradeGroups(groups: CanvasAssignmentGroupJson[]): GradeGroupData[] {
  return [...groups]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((g) => ({
      id: g.id,
      name: g.name?.trim() || "Assignments",
      weight: g.group_weight ?? 0,
      dropLowest: g.rules?.drop_lowest ?? 0,
      dropHighest: g.rules?.drop_highest ?? 0,
      neverDrop: g.rules?.never_drop ?? [],
      assignments: (g.assignments ?? []).flatMap((a) => {
        const item = toGradeAssignment(a);
        return item ? [item] : [];
      }),
    }));
}
