import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("courses_user_idx").on(t.userId),
    uniqueIndex("courses_user_canvas_idx").on(t.userId, t.canvasId),
  ],
);
