import { sql } from "drizzle-orm";
import {
  bigint,
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
    /**
     * Whether Canvas showed the assignment submitted at the last sync (null: not imported, or imported
     * before this was kept). A submission Canvas newly shows completes the task once; the student's own
     * completed mark is otherwise never overwritten.
     */
    canvasSubmitted: boolean("canvas_submitted"),
    htmlUrl: text("html_url"),
    /** The id a device made for a task added offline (issue 23): sending it again adds nothing. */
    clientId: uuid("client_id"),
    /**
     * Recurring tasks (issue 26): the series' RFC 5545 RRULE value as src/shared/tasks/recurrence.ts
     * writes it, the IANA zone whose wall-clock time the occurrences keep, the series' first occurrence
     * (DTSTART) and the id of its first task. One row is one occurrence; completing the latest one
     * inserts the next.
     */
    rrule: text("rrule"),
    recurrenceTimeZone: text("recurrence_time_zone"),
    seriesStart: timestamp("series_start", { withTimezone: true }),
    seriesId: integer("series_id"),
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
    // Canvas assignments are never recurring; a series has all its parts or none.
    check(
      "tasks_recurrence_check",
      sql`(${t.rrule} is null and ${t.seriesStart} is null and ${t.recurrenceTimeZone} is null)
        or (${t.rrule} is not null and ${t.seriesStart} is not null and ${t.recurrenceTimeZone} is not null
            and ${t.canvasId} is null and ${t.seriesId} is not null)`,
    ),
    // Completing an occurrence twice (reopened in between) creates its next one once.
    uniqueIndex("tasks_series_due_idx").on(t.seriesId, t.dueDate).where(sql`${t.seriesId} is not null`),
  ],
);

/**
 * A task's checklist (issue 26): its items in `position` order. `user_id` is the task's owner, copied
 * from the checked task, so every query is scoped by owner and the account export and deletion reach
 * the rows directly; deleting the task deletes its checklist.
 */
export const taskSubtasks = pgTable(
  "task_subtasks",
  {
    id: serial("id").primaryKey(),
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: ownerId(() => users.id),
    title: text("title").notNull(),
    done: boolean("done").notNull().default(false),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("task_subtasks_task_idx").on(t.taskId, t.position)],
);

/**
 * A count per student bumped by the database itself (statement triggers on tasks and task_subtasks,
 * migration 0032) whenever any of their tasks or checklist items is written, by any path: the list
 * endpoint keeps the list it last built while the count is unchanged (tasks.service.ts listJson). A
 * student with no row yet has written nothing since the count began, which reads as 0.
 */
export const taskListVersions = pgTable("task_list_versions", {
  userId: ownerId(() => users.id).primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
