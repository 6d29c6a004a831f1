/**
 * The day's limits on the review queue, as Anki's v3 scheduler applies them (its manual, Deck Options >
 * Daily Limits): review cards past Maximum reviews/day wait for another day, oldest due first; new cards
 * count against that limit too (Anki's default, "New cards ignore review limit" off), so none are shown
 * once the reviews have used it up, and each one started today leaves one review fewer. Interday learning
 * cards (learning or relearning cards on a step of a day or more: due on a later day than they were last
 * shown) count against it as reviews do, and take it first, as Anki gathers them before reviews. Only
 * intraday learning steps (a card rated minutes ago) are not limited: leaving one half-learnt would waste
 * the step.
 */
export function dailyLimits(day: {
  /** Review-state cards due now. */
  dueReviews: number;
  /** Interday learning cards due now. */
  dueInterdayLearning: number;
  /** Cards new to the student that the queue could show (the exam plan's new ones aside). */
  unseen: number;
  /** Review cards and interday learning cards rated today (each counted once: a lapse then relearns). */
  reviewedToday: number;
  /** New cards started today. */
  startedToday: number;
  newCardsPerDay: number;
  maxReviewsPerDay: number;
}): { interdayLearning: number; reviews: number; newCards: number } {
  const room = Math.max(0, day.maxReviewsPerDay - day.reviewedToday - day.startedToday);
  const interdayLearning = Math.min(day.dueInterdayLearning, room);
  const reviews = Math.min(day.dueReviews, room - interdayLearning);
  const newCards = Math.max(
    0,
    Math.min(day.unseen, day.newCardsPerDay - day.startedToday, room - interdayLearning - reviews),
  );
  return { interdayLearning, reviews, newCards };
}
