import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { calendarEvents } from "./calendar.ts";
import { createdAt, ownerId, searchVector } from "./columns.ts";
import { tasks } from "./tasks.ts";
import { users } from "./users.ts";

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
    search: searchVector("title", "content"),
    createdAt: createdAt(),
  },
  (t) => [
    index("study_documents_set_idx").on(t.studySetId),
    index("study_documents_user_idx").on(t.userId),
    index("study_documents_search_idx").using("gin", t.search),
  ],
);

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
    createdAt: createdAt(),
    /** Exam the set is studied for (issue 11): a date picked, or one of the student's tasks or events. */
    examDate: timestamp("exam_date", { withTimezone: true }),
    examTaskId: integer("exam_task_id").references(() => tasks.id, { onDelete: "set null" }),
    examEventId: integer("exam_event_id").references(() => calendarEvents.id, { onDelete: "set null" }),
  },
  (t) => [index("flashcard_sets_set_idx").on(t.studySetId), index("flashcard_sets_user_idx").on(t.userId)],
);

/** A card carries its FSRS scheduling state (ts-fsrs Card fields) so review needs no second table read. */
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
    due: timestamp("due", { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    state: smallint("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("flashcards_set_idx").on(t.flashcardSetId),
    index("flashcards_user_due_idx").on(t.userId, t.due),
  ],
);

/** FSRS review log: one row per rating, the input for optimising parameters later. */
export const cardReviews = pgTable(
  "card_reviews",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    flashcardId: integer("flashcard_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    state: smallint("state").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
    // The card's state before the rating (ts-fsrs ReviewLog): Undo rolls the card back from these.
    due: timestamp("due", { withTimezone: true }),
    stability: doublePrecision("stability"),
    difficulty: doublePrecision("difficulty"),
    lastElapsedDays: integer("last_elapsed_days"),
    learningSteps: integer("learning_steps"),
  },
  (t) => [
    index("card_reviews_user_idx").on(t.userId, t.reviewedAt),
    index("card_reviews_card_idx").on(t.flashcardId),
  ],
);

/**
 * Review state per student per card (issue 11): a group member (issue 13) reviews a set they do not own
 * on their own state, so it cannot live on the card. No row means the card is new to that student.
 */
export const cardStates = pgTable(
  "card_states",
  {
    userId: ownerId(() => users.id),
    flashcardId: integer("flashcard_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    state: smallint("state").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.flashcardId] }),
    index("card_states_user_due_idx").on(t.userId, t.due),
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

export const studySessions = pgTable(
  "study_sessions",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    studySetId: integer("study_set_id").references(() => studySets.id, { onDelete: "set null" }),
    activityType: text("activity_type").notNull().default("studying"),
    durationSeconds: integer("duration_seconds").notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("study_sessions_user_ended_idx").on(t.userId, t.endedAt),
    check("study_sessions_duration_check", sql`${t.durationSeconds} >= 0`),
  ],
);
