import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { OcclusionNote } from "#shared/flashcards/card-model.ts";
import { users } from "./auth.ts";
import { calendarEvents } from "./calendar.ts";
import { createdAt, ownerId, updatedAt } from "./columns.ts";
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
  },
  (t) => [index("flashcard_sets_set_idx").on(t.studySetId), index("flashcard_sets_user_idx").on(t.userId)],
);

/**
 * The exams a flashcard set is studied for (issue 11; several per set since issue 25 §3, decision 017): a
 * date picked, or one of the student's tasks (Canvas assignments) or events, whose own date wins while it
 * has one (`exam_date` keeps the date it had when picked, as a fallback). The set's plan aims at its
 * nearest upcoming exam. A set has one exam per date, task or event (the partial unique indexes).
 */
export const flashcardSetExams = pgTable(
  "flashcard_set_exams",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    flashcardSetId: integer("flashcard_set_id")
      .notNull()
      .references(() => flashcardSets.id, { onDelete: "cascade" }),
    /** The student's name for it ('Midterm'); null shows the task's or event's title, or the set's. */
    title: text("title"),
    examDate: timestamp("exam_date", { withTimezone: true }).notNull(),
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    eventId: integer("event_id").references(() => calendarEvents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("flashcard_set_exams_set_idx").on(t.flashcardSetId, t.examDate),
    index("flashcard_set_exams_user_idx").on(t.userId, t.examDate),
    uniqueIndex("flashcard_set_exams_date_idx")
      .on(t.flashcardSetId, t.examDate)
      .where(sql`${t.taskId} is null and ${t.eventId} is null`),
    uniqueIndex("flashcard_set_exams_task_idx")
      .on(t.flashcardSetId, t.taskId)
      .where(sql`${t.taskId} is not null`),
    uniqueIndex("flashcard_set_exams_event_idx")
      .on(t.flashcardSetId, t.eventId)
      .where(sql`${t.eventId} is not null`),
  ],
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
    /**
     * An occlusion note's image and masks (issue 25 §1), shared by its siblings; the row's `ord` is the mask
     * it hides. Null for every other type.
     */
    occlusion: jsonb("occlusion").$type<OcclusionNote>(),
    /**
     * The question and answer as the card browser searches them: compatibility forms unfolded and
     * accents dropped (NFKD, then the combining diacritical marks out), so 'cafe' finds 'café' and 'co2'
     * finds 'CO₂'. Stored, because folding 50,000 cards inside each search took 472-601 ms on PGlite
     * against 111-125 ms for a plain ilike. The search folds its words the same way (review.repo.ts
     * `searchFold`); case stays to ilike.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`regexp_replace(normalize(question || E'\\n' || answer, NFKD), '[\\u0300-\\u036f]', '', 'g')`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index("flashcards_set_idx").on(t.flashcardSetId),
    index("flashcards_guid_idx").on(t.flashcardSetId, t.guid),
    // A student's whole review queue and its counts filter on the owner (review.repo.ts queueQuery and
    // queueCountsMany); without it each count scanned every card (bench:jobs at 10,000 students).
    index("flashcards_user_idx").on(t.userId),
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

/**
 * Where a student is in one study mode of one flashcard set (issue 25 §2): the mode's own state as JSON
 * (bounded by the contract), so a reload or a second device resumes. `version` goes up by one with each
 * save; a save from an older version is refused (optimistic concurrency). A group member studying a
 * shared set has their own row: the key is the student, not the set's owner.
 */
export const studyModeSessions = pgTable(
  "study_mode_sessions",
  {
    userId: ownerId(() => users.id),
    flashcardSetId: integer("flashcard_set_id")
      .notNull()
      .references(() => flashcardSets.id, { onDelete: "cascade" }),
    mode: text("mode").notNull(),
    state: jsonb("state").$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.flashcardSetId, t.mode] })],
);

/** Cards a student starred (per student, so a group member stars a shared set's cards for themselves). */
export const flashcardStars = pgTable(
  "flashcard_stars",
  {
    userId: ownerId(() => users.id),
    flashcardId: integer("flashcard_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    flashcardSetId: integer("flashcard_set_id")
      .notNull()
      .references(() => flashcardSets.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.flashcardId] }),
    index("flashcard_stars_set_idx").on(t.userId, t.flashcardSetId),
  ],
);

/**
 * Images a flashcard set's cards show (issue 25 §1), referred to from card text as `![](name)`. The bytes
 * live in the MediaStore (features/flashcards/media-store.ts) under `hash`, so the same picture in two
 * sets is stored once; a set deleted takes its rows, and files no row names are swept later.
 */
export const cardMedia = pgTable(
  "card_media",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    flashcardSetId: integer("flashcard_set_id")
      .notNull()
      .references(() => flashcardSets.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    /** SHA-256 of the bytes, hex: the MediaStore key. */
    hash: text("hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("card_media_set_name_idx").on(t.flashcardSetId, t.name)],
);
