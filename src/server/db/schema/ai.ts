import { boolean, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, ownerId, searchVector } from "./columns.ts";
import { courses } from "./courses.ts";
import { users } from "./users.ts";

/** Course material the AI answers from (SPEC §2.14), searchable with PostgreSQL full-text search. */
export const courseDocuments = pgTable(
  "course_documents",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    type: text("type").notNull().default("reading"),
    content: text("content").notNull(),
    search: searchVector("title", "content"),
    createdAt: createdAt(),
  },
  (t) => [
    index("course_documents_user_course_idx").on(t.userId, t.courseId),
    index("course_documents_search_idx").using("gin", t.search),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    isUser: boolean("is_user").notNull(),
    content: text("content").notNull(),
    /** Sources an answer cites: [{ kind, id, title }]. */
    citations: jsonb("citations").$type<{ kind: string; id: number; title: string }[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_user_created_idx").on(t.userId, t.createdAt)],
);
