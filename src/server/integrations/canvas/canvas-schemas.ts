import { z } from "zod";

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
  };
}

const SUBMITTED = new Set(["submitted", "graded", "pending_review"]);

/** Whether the student has already handed the assignment in (or was excused), per Canvas. */
export function isSubmitted(assignment: CanvasAssignmentJson): boolean {
  const parsed = canvasSubmissionJson.safeParse(assignment.submission);
  if (!parsed.success) return false;
  return parsed.data.excused === true || SUBMITTED.has(parsed.data.workflow_state ?? "");
}
