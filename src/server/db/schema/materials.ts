import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId, processingColumns } from "./columns.ts";
import { courses } from "./courses.ts";

/** Course material the AI answers from (SPEC §2.14), searched through its chunks (document_chunks). */
export const courseDocuments = pgTable(
  "course_documents",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    type: text("type").notNull().default("reading"),
    content: text("content").notNull(),
    fileType: text("file_type").notNull().default("text"),
    /** A PDF's pages or a PPTX's slides as character ranges of `content`, for the viewer and citations. */
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
  (t) => [index("course_documents_user_course_idx").on(t.userId, t.courseId)],
);
