import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { GradeGroupData } from "#shared/courses/grades-contract.ts";
import { users } from "./auth.ts";
import { createdAt, ownerId, updatedAt } from "./columns.ts";

/**
 * One table for every course a student has: ones they typed (name, code) and ones imported from Canvas
 * (canvas_id set, with the Canvas fields cached so My Courses and GPA load without a Canvas round trip).
 */
export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    name: text("name").notNull(),
    code: text("code").notNull().default(""),
    // Canvas ids can exceed 2^53 on Instructure's cloud: kept as text, never as a JS number.
    canvasId: text("canvas_id"),
    enrollmentState: text("enrollment_state"),
    currentScore: numeric("current_score", { mode: "number" }),
    finalScore: numeric("final_score", { mode: "number" }),
    currentGrade: text("current_grade"),
    finalGrade: text("final_grade"),
    creditHours: integer("credit_hours"),
    htmlUrl: text("html_url"),
    /** Canvas's apply_assignment_group_weights (issue 26 §5); null until a sync has read it. */
    applyGroupWeights: boolean("apply_group_weights"),
    /**
     * A current course's assignment groups with their assignments and the student's scores, as the last
     * sync read them: read and replaced whole (What-If runs over all of it), never queried inside.
     */
    gradeGroups: jsonb("grade_groups").$type<GradeGroupData[]>(),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    /**
     * When a sync first found the course in neither of Canvas's lists (dropped, or the term ended and the
     * school hides past courses); null while Canvas lists it. The row stays: its tasks, grades and the
     * student's GPA edits are theirs.
     */
    leftCanvasAt: timestamp("left_canvas_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("courses_user_idx").on(t.userId),
    uniqueIndex("courses_user_canvas_idx").on(t.userId, t.canvasId),
  ],
);

/** The student's What-If scores (issue 26 §5): one row per course and Canvas assignment id, points. */
export const whatIfScores = pgTable(
  "what_if_scores",
  {
    userId: ownerId(() => users.id),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    assignmentId: text("assignment_id").notNull(),
    score: numeric("score", { mode: "number" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.assignmentId] }),
    index("what_if_scores_user_idx").on(t.userId),
  ],
);

/**
 * The GPA page's edits of a course (SPEC §2.11, kept per student since issue 26): null columns are
 * Canvas's values; `grade_edited` tells a chosen 'N/A' (grade null) from no edit. Revert deletes the rows.
 */
export const gpaEdits = pgTable(
  "gpa_edits",
  {
    userId: ownerId(() => users.id),
    courseId: integer("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    gradeEdited: boolean("grade_edited").notNull().default(false),
    grade: text("grade"),
    credits: integer("credits"),
    removed: boolean("removed").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index("gpa_edits_user_idx").on(t.userId)],
);

/** The student's target GPA (GPA page). */
export const gpaTargets = pgTable("gpa_targets", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  targetGpa: numeric("target_gpa", { mode: "number" }).notNull(),
  updatedAt: updatedAt(),
});
