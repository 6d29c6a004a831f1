import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, foldedSearchVector, ownerId } from "./columns.ts";
import { courses } from "./courses.ts";
import { courseDocuments } from "./materials.ts";
import { studyDocuments, studySets } from "./study.ts";

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** The study set whose conversation this is (the assistant beside its documents); null: the general one. */
    studySetId: integer("study_set_id").references(() => studySets.id, { onDelete: "cascade" }),
    isUser: boolean("is_user").notNull(),
    content: text("content").notNull(),
    /** Sources an answer cites (shared/chat/contract.ts citationSchema). */
    citations: jsonb("citations").$type<unknown[]>(),
    provider: text("provider"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_user_created_idx").on(t.userId, t.createdAt),
    // A set's conversation in order; partial, as most messages belong to the general one.
    index("chat_messages_user_set_idx")
      .on(t.userId, t.studySetId, t.id)
      .where(sql`${t.studySetId} is not null`),
  ],
);

/**
 * Retrieval chunks of both kinds of the student's text (course materials and study-set documents): a
 * few hundred words, never across a page, each an exact slice [charStart, charEnd) of its page.
 * `user_id` is on every row so every retrieval query is scoped by owner by construction.
 */
export const documentChunks = pgTable(
  "document_chunks",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    source: text("source").$type<"material" | "study">().notNull(),
    materialId: integer("material_id").references(() => courseDocuments.id, { onDelete: "cascade" }),
    studyDocumentId: integer("study_document_id").references(() => studyDocuments.id, {
      onDelete: "cascade",
    }),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** Page (PDF) or slide (PPTX), from 1; 1 for a text without pages. */
    page: integer("page").notNull(),
    ordinal: integer("ordinal").notNull(),
    text: text("text").notNull(),
    charStart: integer("char_start").notNull(),
    charEnd: integer("char_end").notNull(),
    search: foldedSearchVector("text"),
  },
  (t) => [
    index("document_chunks_user_idx").on(t.userId),
    index("document_chunks_material_idx").on(t.materialId),
    index("document_chunks_study_document_idx").on(t.studyDocumentId),
    // No pending list: PGlite has no autovacuum to merge it, so every upload's entries were scanned
    // linearly by every search, and its cost made the planner prefer a sequential scan of all chunks.
    index("document_chunks_search_idx").using("gin", t.search).with({ fastupdate: false }),
    check(
      "document_chunks_one_document",
      sql`(${t.source} = 'material' and ${t.materialId} is not null and ${t.studyDocumentId} is null) or (${t.source} = 'study' and ${t.studyDocumentId} is not null and ${t.materialId} is null)`,
    ),
  ],
);
