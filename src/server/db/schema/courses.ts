import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, ownerId, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

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

export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    dueDate: timestamp("due_date", { withTimezone: true }),
    priority: text("priority").notNull().default("medium"),
    completed: boolean("completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    isParsed: boolean("is_parsed").notNull().default(false),
    canvasId: text("canvas_id"),
    htmlUrl: text("html_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_user_due_idx").on(t.userId, t.dueDate),
    index("tasks_course_idx").on(t.courseId),
    // A Canvas assignment is imported once per student: sync upserts on this.
    uniqueIndex("tasks_user_canvas_idx").on(t.userId, t.canvasId),
    check("tasks_priority_check", sql`${t.priority} in ('high', 'medium', 'low')`),
  ],
);

/** Events the student adds on the calendar (SPEC keeps them local; Studyhall saves them). */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_events_user_starts_idx").on(t.userId, t.startsAt)],
);

/** The external calendar service link of SPEC §7 (mock tokens). */
export const calendarTokens = pgTable("calendar_tokens", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Secret iCalendar subscription URL per student; regenerating replaces the token, deleting revokes it. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/** The student's Canvas link. The personal access token is AES-256-GCM encrypted and never returned. */
export const canvasConnections = pgTable("canvas_connections", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  domain: text("domain").notNull(),
  tokenCiphertext: text("token_ciphertext").notNull(),
  lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
  lastSyncError: text("last_sync_error"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
