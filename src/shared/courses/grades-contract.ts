import { z } from "zod";
import { CREDIT_HOURS } from "../constants.ts";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbIdParam, safeText } from "../schema-primitives.ts";
import { GRADE_POINTS, GRADES, type Grade } from "./grades.ts";

// What-If grades and the GPA page's saved edits (issue 26 §5): their own contract file, so the course
// list's (which every signed-in page loads) does not carry them.

/**
 * Where an assignment stands for the grade (canvas-api.md §6.3): `graded` counts; `ungraded` is work still to
 * come (0 in the final grade); `excused` is out of both; `pending` (pending review) and `unposted` (graded
 * but not yet posted to the student) and `omitted` (omit_from_final_grade, not graded, unpublished) are out
 * as Canvas leaves them out. `missing` is Canvas's flag, shown, counted as ungraded unless scored.
 */
export const GRADE_ITEM_STATES = ["graded", "ungraded", "excused", "pending", "unposted", "omitted"] as const;
export type GradeItemState = (typeof GRADE_ITEM_STATES)[number];

export const gradeAssignmentSchema = z.object({
  /** The Canvas assignment id (a string: Canvas ids can exceed 2^53). */
  id: z.string(),
  name: z.string(),
  pointsPossible: z.number(),
  score: z.number().nullable(),
  state: z.enum(GRADE_ITEM_STATES),
  missing: z.boolean(),
  dueAt: z.string().nullable(),
});
export type GradeAssignment = z.infer<typeof gradeAssignmentSchema>;

export const gradeGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** group_weight, a percentage; counted only when the course applies group weights. */
  weight: z.number(),
  dropLowest: z.int(),
  dropHighest: z.int(),
  neverDrop: z.array(z.string()),
  assignments: z.array(gradeAssignmentSchema),
});
export type GradeGroupData = z.infer<typeof gradeGroupSchema>;

/** A current Canvas course's assignment groups as the last sync read them, with the student's What-If scores. */
export const courseGradesSchema = z.object({
  courseId: z.int(),
  name: z.string(),
  code: z.string(),
  /** Canvas's apply_assignment_group_weights. */
  weighted: z.boolean(),
  /** Canvas's own current and final scores, for comparison. */
  canvasCurrentScore: z.number().nullable(),
  canvasFinalScore: z.number().nullable(),
  groups: z.array(gradeGroupSchema),
  /** Assignment id -> the student's hypothetical score (points). */
  whatIf: z.record(z.string(), z.number()),
  syncedAt: z.string().nullable(),
});
export type CourseGrades = z.infer<typeof courseGradesSchema>;

/** A score typed for What-If: points, extra credit allowed up to a sane bound. */
export const MAX_WHAT_IF_SCORE = 100_000;
export const MAX_WHAT_IF_ENTRIES = 1_000;
const whatIfScore = z
  .number("A What-If score is a number")
  .min(0, "A What-If score is 0 or more")
  .max(MAX_WHAT_IF_SCORE, `A What-If score is at most ${MAX_WHAT_IF_SCORE}`);
export const whatIfScoresSchema = z.object({
  scores: z
    .record(safeText().min(1).max(40), whatIfScore)
    .refine((r) => Object.keys(r).length <= MAX_WHAT_IF_ENTRIES, `At most ${MAX_WHAT_IF_ENTRIES} scores`),
});
export type WhatIfScores = z.infer<typeof whatIfScoresSchema>;

const gradeSchema = z.enum(GRADES as [Grade, ...Grade[]]);

/** The student's own changes to a course on the GPA page; absent fields are Canvas's values. */
export const gpaEditSchema = z.object({
  courseId: z.int(),
  /** Undefined: Canvas's grade; null: 'N/A' chosen (not counted). */
  grade: gradeSchema.nullable().optional(),
  credits: z.int().optional(),
  removed: z.boolean(),
});
export type GpaEdit = z.infer<typeof gpaEditSchema>;

export const gpaEditInputSchema = z
  .object({
    grade: gradeSchema.nullable().optional(),
    credits: z
      .number("Credits are a number")
      .int("Whole credits only")
      .min(CREDIT_HOURS.min, `At least ${CREDIT_HOURS.min} credit`)
      .max(CREDIT_HOURS.max, `At most ${CREDIT_HOURS.max} credits`)
      .optional(),
    removed: z.boolean().optional(),
  })
  .refine((v) => v.grade !== undefined || v.credits !== undefined || v.removed !== undefined, {
    message: "Say what to change: grade, credits or removed",
  });
export type GpaEditInput = z.infer<typeof gpaEditInputSchema>;

/** A target GPA: 0 to the highest grade points. */
export const targetGpaSchema = z
  .number("A target GPA is a number")
  .min(0, "A target GPA is 0 or more")
  .max(GRADE_POINTS["A+"], `A target GPA is at most ${GRADE_POINTS["A+"].toFixed(1)}`);

export const gpaPlanSchema = z.object({
  edits: z.array(gpaEditSchema),
  targetGpa: z.number().nullable(),
});
export type GpaPlan = z.infer<typeof gpaPlanSchema>;

export const gradeEndpoints = {
  /** A current Canvas course's assignment groups and the student's What-If scores (issue 26 §5). */
  grades: endpoint({
    method: "GET",
    path: "/api/courses/:id/grades",
    params: idParamsSchema,
    response: courseGradesSchema,
  }),
  /** Replaces the course's What-If scores ({} resets them); ids must be the course's assignments. */
  saveWhatIf: endpoint({
    method: "PUT",
    path: "/api/courses/:id/what-if",
    params: idParamsSchema,
    body: whatIfScoresSchema,
    response: whatIfScoresSchema,
  }),
  /** The GPA page's saved edits and target GPA. */
  gpa: endpoint({ method: "GET", path: "/api/gpa", response: gpaPlanSchema }),
  saveGpaEdit: endpoint({
    method: "PUT",
    path: "/api/gpa/courses/:courseId",
    params: z.object({ courseId: dbIdParam("courseId must be an id") }),
    body: gpaEditInputSchema,
    response: gpaEditSchema,
  }),
  saveTargetGpa: endpoint({
    method: "PUT",
    path: "/api/gpa/target",
    body: z.object({ targetGpa: targetGpaSchema.nullable() }),
    response: z.object({ targetGpa: z.number().nullable() }),
  }),
  /** Revert to Original: every edit goes, Canvas's values come back (the target stays). */
  revertGpa: endpoint({ method: "DELETE", path: "/api/gpa/courses", response: okSchema }),
};
