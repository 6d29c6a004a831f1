import { z } from "zod";
import { claimedUserId, endpoint, userIdQuerySchema } from "../http.ts";
import { safeText } from "../schema-primitives.ts";

/** A course of the student's: typed by them, or imported from Canvas (canvasId set). */
export const courseSchema = z.object({
  id: z.int(),
  name: z.string(),
  code: z.string(),
  canvasId: z.string().nullable(),
});
export type Course = z.infer<typeof courseSchema>;

export const createCourseSchema = z.object({
  userId: claimedUserId,
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
  localId: z.int(),
  name: z.string(),
  course_code: z.string(),
  enrollment_state: z.enum(ENROLLMENT_STATES),
  current_score: z.number().nullable(),
  final_score: z.number().nullable(),
  current_grade: z.string().nullable(),
  final_grade: z.string().nullable(),
  /** The letter Canvas gives: the final grade for a completed course, the current one otherwise. */
  grade: z.string().nullable(),
  creditHours: z.int().nullable(),
  html_url: z.string().nullable(),
  /** Canvas no longer lists the course (dropped, or a past course the school hides): kept as last read. */
  leftCanvas: z.boolean(),
});
export type CanvasCourse = z.infer<typeof canvasCourseSchema>;

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
};
