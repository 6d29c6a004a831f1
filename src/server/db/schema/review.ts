import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { ownerId } from "./columns.ts";
import { flashcards } from "./flashcards.ts";

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
    /**
     * The id a device made for a rating it may send again (issue 23, offline review): a replay finds the
     * row and answers as the first request did, from the card's due date and state after it.
     */
    clientId: uuid("client_id"),
    nextDue: timestamp("next_due", { withTimezone: true }),
    nextState: smallint("next_state"),
    /**
     * The card's own due date before the rating: `due` above is the library's log field, the card's
     * last review, and Undo puts the card back due when it was (null on rows logged before this column).
     */
    previousDue: timestamp("previous_due", { withTimezone: true }),
  },
  (t) => [
    index("card_reviews_user_idx").on(t.userId, t.reviewedAt),
    index("card_reviews_card_idx").on(t.flashcardId),
    uniqueIndex("card_reviews_user_client_idx").on(t.userId, t.clientId),
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

/**
 * Cards a student has taken out of review (issue 25 §3), per student like card_states: suspended until
 * they unsuspend it, or buried until a time (the start of their next day). `leech` marks a suspension the
 * scheduler made after too many lapses. No row: the card is in review.
 */
export const cardHolds = pgTable(
  "card_holds",
  {
    userId: ownerId(() => users.id),
    flashcardId: integer("flashcard_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    suspended: boolean("suspended").notNull().default(false),
    buriedUntil: timestamp("buried_until", { withTimezone: true }),
    /**
     * The rating (card_reviews.id) whose 'bury siblings' buried the card, so that undoing it un-buries
     * exactly the cards it buried; null for a card buried by hand. No foreign key: review ids are never
     * reused, and a review deleted with its card leaves nothing to undo.
     */
    buriedBy: integer("buried_by"),
    leech: boolean("leech").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.flashcardId] })],
);

/** How a personal FSRS fit went (issue 25 §4): the same log scored with the defaults and the fit. */
export type FsrsFit = {
  reviews: number;
  logLossBefore: number;
  logLossAfter: number;
  rmseBefore: number;
  rmseAfter: number;
  fittedAt: string;
};

/**
 * The review feature's own preferences per student (issue 25 §3-4), beside user_settings' retention and
 * daily limit: bury siblings, Easy Days, and FSRS parameters fitted from the student's log.
 */
export const reviewPreferences = pgTable("review_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  burySiblings: boolean("bury_siblings").notNull().default(false),
  /** Days of the week (0 Sunday .. 6 Saturday) with a reduced review load. */
  easyDays: smallint("easy_days").array().notNull().default(sql`'{}'::smallint[]`),
  /** FSRS parameters fitted to the student's reviews; null schedules with the defaults. */
  weights: doublePrecision("weights").array(),
  fit: jsonb("fit").$type<FsrsFit>(),
});
