import { z } from "zod";
import { CREDIT_HOURS } from "../constants.ts";
import { endpoint, idParamsSchema, okSchema, userIdQuerySchema } from "../http.ts";
import { dbId, dbIdParam, safeText } from "../schema-primitives.ts";
import { GRADE_POINTS, GRADES, type Grade } from "./grades.ts";

/** A course of the student's: typed by them, or imported from Canvas (canvasId set). */
export const courseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  canvasId: z.string().nullable(),
});
export type Course = z.infer<typeof courseSchema>;

export const createCourseSchema = z.object({
  userId: dbId("userId must be an id").optional(),
  name: safeText("Course name is required").trim().min(1, "Course name is required").max(200),
  code: safeText().trim().max(50).default(""),
});

export const ENROLLMENT_STATES = ["active", "completed"] as const;

/**
 * A Canvas course as cached on the server for My Courses and GPA (SPEC §3 'Course from the course
 * system', field names as the spec gives them). The Canvas endpoints refresh the cache.
 */
export const canvasCourseSchema = z.object({
  /** SPEC §3: the Canvas course id, a string as Canvas sends it with string ids. */
  id: z.string(),
  /** Studyhall's own course id (tasks' `courseId`), for linking a Canvas course to its tasks. */
  localId: z.number().int(),
  name: z.string(),
  course_code: z.string(),
  enrollment_state: z.enum(ENROLLMENT_STATES),
  current_score: z.number().nullable(),
  final_score: z.number().nullable(),
  current_grade: z.string().nullable(),
  final_grade: z.string().nullable(),
  /** The letter Canvas gives: the final grade for a completed course, the current one otherwise. */
  grade: z.string().nullable(),
  creditHours: z.number().int().nullable(),
  html_url: z.string().nullable(),
});
export type CanvasCourse = z.infer<typeof canvasCourseSchema>;

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
  dropLowest: z.number().int(),
  dropHighest: z.number().int(),
  neverDrop: z.array(z.string()),
  assignments: z.array(gradeAssignmentSchema),
});
export type GradeGroupData = z.infer<typeof gradeGroupSchema>;

/** A current Canvas course's assignment groups as the last sync read them, with the student's What-If scores. */
export const courseGradesSchema = z.object({
  courseId: z.number().int(),
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
  courseId: z.number().int(),
  /** Undefined: Canvas's grade; null: 'N/A' chosen (not counted). */
  grade: gradeSchema.nullable().optional(),
  credits: z.number().int().optional(),
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

export const courseEndpoints = {
  /** The student's courses; a student with none gets the default course (SPEC §7, §9). */
  list: endpoint({
    method: "GET",
    path: "/api/courses",
    query: userIdQuerySchema,
    response: z.array(courseSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/courses",
    body: createCourseSchema,
    response: courseSchema,
    status: 201,
  }),
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
