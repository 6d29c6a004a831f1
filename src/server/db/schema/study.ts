import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId, processingColumns } from "./columns.ts";
import { courses } from "./courses.ts";
import { tasks } from "./tasks.ts";

export const studySets = pgTable(
  "study_sets",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    title: text("title").notNull(),
    description: text("description"),
    color: text("color").notNull().default("#3B82F6"),
    createdAt: createdAt(),
  },
  (t) => [index("study_sets_user_idx").on(t.userId)],
);

/** user_id is repeated on children so every per-user query and retrieval is one indexed scan. */
export const studyDocuments = pgTable(
  "study_documents",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    studySetId: integer("study_set_id")
      .notNull()
      .references(() => studySets.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    fileType: text("file_type").notNull().default("text"),
    summary: text("summary"),
    /** A PDF's pages as character ranges of `content` ({ page, start, end }), so answers can cite pages. */
    pages: jsonb("pages").$type<Array<{ page: number; start: number; end: number }>>(),
    /**
     * Its rows in document_chunks, kept by the retrieval index (retrieval.repo.ts replaceChunks): the
     * passage count BM25's IDF needs is a sum over the student's documents rather than a count of every
     * chunk, which grew with the library on every answer.
     */
    chunkCount: integer("chunk_count").notNull().default(0),
    createdAt: createdAt(),
    ...processingColumns(),
  },
  (t) => [index("study_documents_set_idx").on(t.studySetId), index("study_documents_user_idx").on(t.userId)],
);

export const studySessions = pgTable(
  "study_sessions",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    studySetId: integer("study_set_id").references(() => studySets.id, { onDelete: "set null" }),
    activityType: text("activity_type").notNull().default("studying"),
    /**
     * What a focus session was for (issue 26): the task it was linked to and that task's course (kept when
     * the task goes, so the course's focus time stays), or a course named directly. A deleted link is
     * unlinked, never the session deleted: the time was still studied.
     */
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    durationSeconds: integer("duration_seconds").notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("study_sessions_user_ended_idx").on(t.userId, t.endedAt),
    index("study_sessions_task_idx").on(t.taskId),
    index("study_sessions_course_idx").on(t.courseId),
    check("study_sessions_duration_check", sql`${t.durationSeconds} >= 0`),
  ],
);
