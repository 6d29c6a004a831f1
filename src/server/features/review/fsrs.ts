import {
  type AbstractScheduler,
  type Card,
  createEmptyCard,
  DefaultInitSeedStrategy,
  default_w,
  type FSRS,
  fsrs,
  type Grade,
  type ReviewLog,
  StrategyMode,
} from "ts-fsrs";
import { REVIEW } from "#shared/constants.ts";
import { wallClock } from "#shared/local-day.ts";
import {
  type CardState,
  desiredRetentionSchema,
  type REVIEW_RATINGS,
  type ReviewLogEntry,
  type ReviewRating,
} from "#shared/review/contract.ts";

/**
 * Spaced review on ts-fsrs (issue 11). Every schedule comes from the library's scheduler; this module
 * only maps the flashcards table's columns to its Card and back, and words its answers for the UI.
 */

export type { CardState, ReviewLogEntry } from "#shared/review/contract.ts";
export {
  DEFAULT_REVIEW_SETTINGS,
  desiredRetentionSchema,
  REVIEW_RATINGS,
  type ReviewRating,
  type ReviewSettings,
  reviewRatingSchema,
  reviewSettingsSchema,
} from "#shared/review/contract.ts";

/** A card for the library, with the key its fuzz is seeded from (`seedOf`) when one is given. */
type SeededCard = Card & { seedKey?: string };

/**
 * The fuzz seed: the card (its `seedKey`, the flashcard id) and the card as the rating finds it (reviews
 * so far, difficulty and stability), as Anki seeds it from the card id and reps. The library's own seed
 * has the rating's millisecond in it, so the interval shown on a button a moment before the rating came
 * out different from the one the rating gave. Without a key (an import replaying a history), the
 * library's seed.
 */
function seedOf(this: AbstractScheduler): string {
  // `last` is the scheduler's protected copy of the card as given (decision 023); if a release renames
  // it, the library's own seed is used and only the interval's stability across a moment is lost.
  const before = Reflect.get(this, "last") as SeededCard | undefined;
  if (before?.seedKey === undefined) return DefaultInitSeedStrategy.call(this);
  return `${before.seedKey}_${before.reps}_${before.difficulty * before.stability}`;
}

export function toFsrsCard(c: CardState, seedKey?: string): SeededCard {
  return {
    ...(seedKey === undefined ? {} : { seedKey }),
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsedDays,
    scheduled_days: c.scheduledDays,
    learning_steps: c.learningSteps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    ...(c.lastReview ? { last_review: c.lastReview } : {}),
  };
}

export function fromFsrsCard(c: Card): CardState {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    lastReview: c.last_review ?? null,
  };
}

function fromFsrsLog(log: ReviewLog): ReviewLogEntry {
  return {
    rating: log.rating as ReviewRating,
    state: log.state,
    due: log.due,
    stability: log.stability,
    difficulty: log.difficulty,
    elapsedDays: log.elapsed_days,
    lastElapsedDays: log.last_elapsed_days,
    scheduledDays: log.scheduled_days,
    learningSteps: log.learning_steps,
    reviewedAt: log.review,
  };
}

function toFsrsLog(log: ReviewLogEntry): ReviewLog {
  return {
    rating: log.rating,
    state: log.state,
    due: log.due,
    stability: log.stability,
    difficulty: log.difficulty,
    elapsed_days: log.elapsedDays,
    last_elapsed_days: log.lastElapsedDays,
    scheduled_days: log.scheduledDays,
    learning_steps: log.learningSteps,
    review: log.reviewedAt,
  };
}

/** A new card as the library creates it: due now, state New. */
export const newCardState = (now: Date): CardState => fromFsrsCard(createEmptyCard(now));

const schedulers = new Map<string, FSRS>();

/** A student's fitted FSRS parameters (issue 25 §4), or null for the library's defaults. */
export type Weights = readonly number[] | null | undefined;

/**
 * Whether fitted parameters can schedule: as many as FSRS's defaults, every one a finite number. ts-fsrs
 * does not refuse others: it turns NaN into its lower bound and a wrong length into its defaults,
 * without a word, so a bad fit would schedule a student's every card on parameters nobody fitted.
 */
export const usableWeights = (w: readonly number[] | null | undefined): w is readonly number[] =>
  Array.isArray(w) && w.length === default_w.length && w.every((v) => Number.isFinite(v));

/**
 * The FSRS scheduler for a desired retention (one per value, they are immutable in use). Fuzz is on,
 * as in Anki, so cards learnt together do not fall due together forever; it is seeded from the card
 * (`seedOf`), so the interval a button shows is the one its rating gives.
 */
export function scheduler(retention: number = REVIEW.defaultRetention, given?: Weights, fuzz = true): FSRS {
  const weights = usableWeights(given) ? given : null;
  // Keyed by the value as given: an import replays each of 200,000 reviews through here, and checking
  // the retention every time was a tenth of that replay. A value that fails the check is never stored.
  const key = `${fuzz ? "" : "exact:"}${weights?.length ? `${retention}:${weights.join(",")}` : retention}`;
  let f = schedulers.get(key);
  if (!f) {
    const checked = desiredRetentionSchema.parse(retention);
    f = fsrs({
      request_retention: checked,
      enable_fuzz: fuzz,
      ...(weights?.length ? { w: [...weights] } : {}),
    }).useStrategy(StrategyMode.SEED, seedOf);
    // Personal parameters make one scheduler per student; a bounded cache keeps that in check.
    if (schedulers.size > 1000) schedulers.clear();
    schedulers.set(key, f);
  }
  return f;
}

/**
 * The card after a rating and the log row that records it. The days elapsed since the last review are
 * the student's calendar days in `timeZone` (a review at 23:59 and the next at 00:01 are a day apart):
 * ts-fsrs counts UTC dates, so it is given the two instants' wall-clock times, and every time it answers
 * is moved back by the same amount it is from the rating's.
 */
export function rateCard(
  card: CardState,
  rating: ReviewRating,
  now: Date,
  retention: number = REVIEW.defaultRetention,
  weights?: Weights,
  timeZone = "UTC",
  /** The flashcard id, which seeds the fuzz (`seedOf`); without it the library's seed. */
  seedKey?: string,
): { card: CardState; log: ReviewLogEntry } {
  return rateOn(scheduler(retention, weights), card, rating, now, timeZone, seedKey);
}

/**
 * The interval in days FSRS gives a rating before its fuzz: the centre of the days the rating's due
 * date may land on, which the load balancer chooses among (as in Anki, where it takes fuzz's place).
 */
export function unfuzzedInterval(
  card: CardState,
  rating: ReviewRating,
  now: Date,
  retention: number = REVIEW.defaultRetention,
  weights?: Weights,
  timeZone = "UTC",
): number {
  return rateOn(scheduler(retention, weights, false), card, rating, now, timeZone).card.scheduledDays;
}

function rateOn(
  f: FSRS,
  card: CardState,
  rating: ReviewRating,
  now: Date,
  timeZone: string,
  seedKey?: string,
): { card: CardState; log: ReviewLogEntry } {
  if (timeZone === "UTC") {
    const next = f.next(toFsrsCard(card, seedKey), now, rating as Grade);
    return { card: fromFsrsCard(next.card), log: fromFsrsLog(next.log) };
  }
  const local = wallClock(now, timeZone);
  const shifted = {
    ...card,
    due: wallClock(card.due, timeZone),
    lastReview: card.lastReview && wallClock(card.lastReview, timeZone),
  };
  const next = f.next(toFsrsCard(shifted, seedKey), local, rating as Grade);
  const back = (d: Date) => new Date(now.getTime() + d.getTime() - local.getTime());
  return {
    card: { ...fromFsrsCard(next.card), due: back(next.card.due), lastReview: now },
    log: { ...fromFsrsLog(next.log), due: card.lastReview ?? card.due, reviewedAt: now },
  };
}

/**
 * Undo: the card as it was before the rating `log` recorded (the library's rollback). The library's log
 * keeps the card's last review in `due` (its due date when it had none), not its due date, and its
 * rollback makes the card due at the undone review's time: `previousDue`, the card's due date as the
 * rating found it (card_reviews.previous_due), puts it back, and tells a card never reviewed before
 * (whose log `due` is that due date) from one reviewed. Null for a rating logged before it was kept:
 * the library's answer.
 */
export function undoRating(card: CardState, log: ReviewLogEntry, previousDue: Date | null = null): CardState {
  const restored = fromFsrsCard(scheduler().rollback(toFsrsCard(card), toFsrsLog(log)));
  if (!previousDue || restored.state === 0) return restored;
  const neverReviewed = log.due.getTime() === previousDue.getTime();
  return { ...restored, due: previousDue, lastReview: neverReviewed ? null : restored.lastReview };
}

/**
 * Probability of recall at `at` on the library's forgetting curve (its decay is one of the parameters,
 * so a student's fitted ones give their own curve); 0 for a card never reviewed.
 */
export function retrievability(card: CardState, at: Date, weights?: Weights): number {
  return scheduler(REVIEW.defaultRetention, weights).get_retrievability(toFsrsCard(card), at, false);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Anki-style short interval: '1m', '10m', '1h', '3d', '2mo', '1.5y'. */
export function formatInterval(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(ms / HOUR);
  if (hours < 24) return `${hours}h`;
  const days = Math.round(ms / DAY);
  if (days < 30) return `${days}d`;
  const months = Math.round(days / 30);
  if (months < 12) return `${months}mo`;
  return `${Number((days / 365).toFixed(1))}y`;
}

/** The interval each button would give, shown on Again / Hard / Good / Easy. */
export function previewIntervals(
  card: CardState,
  now: Date,
  retention: number = REVIEW.defaultRetention,
  weights?: Weights,
  timeZone = "UTC",
): Record<keyof typeof REVIEW_RATINGS, string> {
  const label = (g: Grade) =>
    formatInterval(rateCard(card, g, now, retention, weights, timeZone).card.due.getTime() - now.getTime());
  return { again: label(1), hard: label(2), good: label(3), easy: label(4) };
}
