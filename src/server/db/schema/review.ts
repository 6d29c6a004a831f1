import {
  doublePrecision,
  index,
  integer,
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
