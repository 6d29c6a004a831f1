import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId, updatedAt } from "./columns.ts";
import { courses } from "./courses.ts";

export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** The student's own notes: for a Canvas assignment the description is Canvas's and sync rewrites it. */
    notes: text("notes").notNull().default(""),
    dueDate: timestamp("due_date", { withTimezone: true }),
    priority: text("priority").notNull().default("medium"),
    completed: boolean("completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    isParsed: boolean("is_parsed").notNull().default(false),
    canvasId: text("canvas_id"),
    htmlUrl: text("html_url"),
    /** The id a device made for a task added offline (issue 23): sending it again adds nothing. */
    clientId: uuid("client_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_user_due_idx").on(t.userId, t.dueDate),
    index("tasks_course_idx").on(t.courseId),
    // A Canvas assignment is imported once per student: sync upserts on this.
    uniqueIndex("tasks_user_canvas_idx").on(t.userId, t.canvasId),
    uniqueIndex("tasks_user_client_idx").on(t.userId, t.clientId),
    check("tasks_priority_check", sql`${t.priority} in ('high', 'medium', 'low')`),
  ],
);
