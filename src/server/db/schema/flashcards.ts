import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { calendarEvents } from "./calendar.ts";
import { createdAt, ownerId } from "./columns.ts";
import { studySets } from "./study.ts";
import { tasks } from "./tasks.ts";

export const flashcardSets = pgTable(
  "flashcard_sets",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    studySetId: integer("study_set_id")
      .notNull()
      .references(() => studySets.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** The set's own colour (issue 25 §6); null shows its study set's. */
    color: text("color"),
    createdAt: createdAt(),
    /** Exam the set is studied for (issue 11): a date picked, or one of the student's tasks or events. */
    examDate: timestamp("exam_date", { withTimezone: true }),
    examTaskId: integer("exam_task_id").references(() => tasks.id, { onDelete: "set null" }),
    examEventId: integer("exam_event_id").references(() => calendarEvents.id, { onDelete: "set null" }),
  },
  (t) => [index("flashcard_sets_set_idx").on(t.studySetId), index("flashcard_sets_user_idx").on(t.userId)],
);

/**
 * One review item (decision 015): a basic card is one row; a note that is reviewed several ways (a
 * reversed card, a cloze with c1..cN, an image with N masks) is one row per way, siblings sharing `guid`
 * and the note's texts, told apart by `ord` (Anki's card ordinal). Review, queues and exam plans work on
 * rows as before; editing, export and 'bury siblings' work on the guid. Review state is per student, in
 * review's card_states.
 */
export const flashcards = pgTable(
  "flashcards",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    flashcardSetId: integer("flashcard_set_id")
      .notNull()
      .references(() => flashcardSets.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    hint: text("hint"),
    /** Anki's tags (issue 25 §5): no spaces inside a tag, each once. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** 'basic' | 'reversed' | 'cloze' | 'occlusion' (src/shared/flashcards/card-model.ts). */
    type: text("type").notNull().default("basic"),
    /** Which way this row reviews its note: 0 forward, 1 reverse; cloze number - 1; mask index. */
    ord: smallint("ord").notNull().default(0),
    /** The note's identity, shared by siblings and kept across export and import (Anki's note guid). */
    guid: text("guid"),
    createdAt: createdAt(),
  },
  (t) => [
    index("flashcards_set_idx").on(t.flashcardSetId),
    index("flashcards_guid_idx").on(t.flashcardSetId, t.guid),
  ],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    flashcardSetId: integer("flashcard_set_id").references(() => flashcardSets.id, { onDelete: "set null" }),
    correct: integer("correct").notNull(),
    total: integer("total").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("quiz_attempts_user_idx").on(t.userId, t.createdAt)],
);
