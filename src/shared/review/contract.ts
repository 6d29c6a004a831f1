import { z } from "zod";
import { REVIEW } from "../constants.ts";
import { endpoint, idParamsSchema } from "../http.ts";
import { dbId, dbIdParam, sensibleDate, timeZoneQuery } from "../schema-primitives.ts";

/**
 * Spaced review's contract (issue 11), free of ts-fsrs so the client can import it: the library patches
 * Date.prototype and only the server schedules.
 */

import type { ReviewRating } from "./ratings.ts";

export { REVIEW_RATINGS, type ReviewRating } from "./ratings.ts";

/** FSRS card states: 0 New, 1 Learning, 2 Review, 3 Relearning (ts-fsrs's State, whose values these are). */
export type FsrsState = 0 | 1 | 2 | 3;

/** A card's scheduling state, named like card_states' columns (state 0 New .. 3 Relearning). */
export type CardState = {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: FsrsState;
  lastReview: Date | null;
};

/**
 * One rating, named like card_reviews' columns. It holds the state before the rating, which is what
 * the library's rollback needs to undo it; card_reviews must keep all of it for Undo to work.
 */
export type ReviewLogEntry = {
  rating: ReviewRating;
  state: FsrsState;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  lastElapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reviewedAt: Date;
};

/** The keys 1-4 and the rating body of the rate endpoint. */
export const reviewRatingSchema = z.literal([1, 2, 3, 4], "Rating must be 1 (Again) to 4 (Easy)");

export const desiredRetentionSchema = z
  .number("Desired retention must be a number")
  .min(REVIEW.minRetention, `Desired retention must be at least ${REVIEW.minRetention}`)
  .max(REVIEW.maxRetention, `Desired retention must be at most ${REVIEW.maxRetention}`);

export const reviewSettingsSchema = z.object({
  desiredRetention: desiredRetentionSchema.default(REVIEW.defaultRetention),
  newCardsPerDay: z
    .number("New cards per day must be a number")
    .int("New cards per day must be a whole number")
    .min(0, "New cards per day cannot be negative")
    .max(REVIEW.maxNewCardsPerDay, `New cards per day must be at most ${REVIEW.maxNewCardsPerDay}`)
    .default(REVIEW.defaultNewCardsPerDay),
  /** Anki's Maximum reviews/day: due reviews past it wait for another day; new cards count against it. */
  maxReviewsPerDay: z
    .number("Maximum reviews per day must be a number")
    .int("Maximum reviews per day must be a whole number")
    .min(0, "Maximum reviews per day cannot be negative")
    .max(REVIEW.maxReviewsPerDay, `Maximum reviews per day must be at most ${REVIEW.maxReviewsPerDay}`)
    .default(REVIEW.defaultMaxReviewsPerDay),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = reviewSettingsSchema.parse({});

/** Up to this many cards per queue request; the view asks again when it runs low. */
export const REVIEW_QUEUE_MAX = 200;
export const BACKLOG_MAX_DAYS = 30;

export const reviewQueueQuerySchema = z.object({
  setId: dbIdParam("Set must be a flashcard set id").optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_QUEUE_MAX).default(50),
  /**
   * The browser's zone (else the student's saved one): the daily limits count from the student's midnight
   * in it, and the buttons show the intervals a rating in it gives (the page sends it with the rating).
   */
  timeZone: timeZoneQuery,
});

const intervalsSchema = z.object({ again: z.string(), hard: z.string(), good: z.string(), easy: z.string() });

export const reviewCardSchema = z.object({
  id: z.int(),
  flashcardSetId: z.int(),
  setTitle: z.string(),
  question: z.string(),
  answer: z.string(),
  hint: z.string().nullable(),
  /**
   * The card's type (decision 015): 'basic', 'reversed', 'cloze' or 'occlusion'. Review draws an
   * occlusion card's picture and masks by it, not by what its text looks like.
   */
  type: z.string(),
  isNew: z.boolean(),
  /** Not due by FSRS yet, but today's exam plan asks for it (rated like any other card). */
  planned: z.boolean(),
  /** What each rating would give, e.g. '10m', '3d'. */
  intervals: intervalsSchema,
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const reviewQueueSchema = z.object({
  /** Reviews due now, the exam plans' cards for today and the new cards still allowed today. */
  dueCount: z.int(),
  reviewCount: z.int(),
  /**
   * Due reviews and interday learning cards past Maximum reviews/day, waiting for another day (in none of
   * the counts above): the page says so, as Anki's congratulations screen does.
   */
  heldBack: z.int(),
  /** Cards an exam plan puts in today that FSRS would show later (or that are new, past the daily limit). */
  plannedCount: z.int(),
  newCount: z.int(),
  /** Reviews overdue by more than a day: offered to be spread out when more than a day's worth. */
  backlog: z.int(),
  cards: z.array(reviewCardSchema),
  /**
   * When the next card that is not due yet returns, if it does before the student's day ends (a
   * learning card after Again or Good): the review page says so and brings it back by itself.
   */
  nextDue: z.string().nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** How old a rating made offline may be when it reaches the server (issue 23), and the clock skew allowed. */
export const OFFLINE_RATING_MAX_AGE_DAYS = 30;
export const CLOCK_SKEW_MS = 2 * 60_000;

export const rateBodySchema = z.object({
  rating: reviewRatingSchema,
  /**
   * A rating made offline (issue 23) carries the id its device made for it and when it was made: sent
   * again, it is applied once and answered as the first time; FSRS schedules it at `reviewedAt`.
   */
  clientId: z.uuid("clientId must be a UUID").optional(),
  reviewedAt: sensibleDate("reviewedAt must be an ISO 8601 date-time").optional(),
  /**
   * The device's clock as the rating left it (the outbox adds it): the rating's age by the device's own
   * clock, which is right even when that clock is minutes or hours off. The server records the rating
   * that long before its own now, so a phone set fast or slow keeps its offline ratings on their day.
   */
  sentAt: sensibleDate("sentAt must be an ISO 8601 date-time").optional(),
  /**
   * The page's zone, as the queue was read in: the rating counts the days since the last review in it, so
   * the card gets the interval its button showed. Without it, the student's saved zone (as the queue).
   */
  timeZone: timeZoneQuery,
});
export type RateBody = z.infer<typeof rateBodySchema>;
export const rateResultSchema = z.object({
  reviewId: z.int(),
  flashcardId: z.int(),
  due: z.string(),
  state: z.int(),
  /**
   * This rating made the card a leech and suspended it (issue 25 §3): the review page says so and offers
   * Undo. Absent otherwise.
   */
  leech: z.literal(true).optional(),
});
export type RateResult = z.infer<typeof rateResultSchema>;

export const undoBodySchema = z.object({
  reviewId: z.number("Send the review to undo").int().positive("Send the review to undo"),
});

export const spreadBodySchema = z.object({
  days: z
    .number("Days must be a whole number")
    .int("Days must be a whole number")
    .min(2, "Spread over at least 2 days")
    .max(BACKLOG_MAX_DAYS, `Spread over at most ${BACKLOG_MAX_DAYS} days`),
  setId: dbId("Set must be a flashcard set id").optional(),
});

export const reviewSessionBodySchema = z.object({
  duration: z
    .number("Duration must be a whole number of seconds")
    .int("Duration must be a whole number of seconds")
    .positive("Duration must be a whole number of seconds")
    .max(12 * 3600, "A session can last at most 12 hours"),
});

export const reviewEndpoints = {
  queue: endpoint({
    method: "GET",
    path: "/api/review/queue",
    query: reviewQueueQuerySchema,
    response: reviewQueueSchema,
  }),
  rate: endpoint({
    method: "POST",
    path: "/api/review/cards/:id/rate",
    params: idParamsSchema,
    body: rateBodySchema,
    response: rateResultSchema,
  }),
  undo: endpoint({
    method: "POST",
    path: "/api/review/undo",
    body: undoBodySchema,
    response: z.object({ flashcardId: z.int() }),
  }),
  spread: endpoint({
    method: "POST",
    path: "/api/review/spread",
    body: spreadBodySchema,
    response: z.object({ moved: z.int() }),
  }),
  /** Time spent in Review, recorded as a study session (activityType 'reviewing'). */
  session: endpoint({
    method: "POST",
    path: "/api/review/sessions",
    body: reviewSessionBodySchema,
    response: z.object({ id: z.int() }),
    status: 201,
  }),
  getSettings: endpoint({ method: "GET", path: "/api/review/settings", response: reviewSettingsSchema }),
  saveSettings: endpoint({
    method: "PUT",
    path: "/api/review/settings",
    body: z.object({
      desiredRetention: desiredRetentionSchema,
      newCardsPerDay: reviewSettingsSchema.shape.newCardsPerDay.unwrap(),
      /** Absent (a page from before it existed), the saved limit stays. */
      maxReviewsPerDay: reviewSettingsSchema.shape.maxReviewsPerDay.unwrap().optional(),
    }),
    response: reviewSettingsSchema,
  }),
};
