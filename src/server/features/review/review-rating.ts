import {
  type CardState,
  newCardState,
  rateCard,
  undoRating,
  unfuzzedInterval,
} from "#server/features/review/fsrs.ts";
import { formatDate } from "#shared/date-format.ts";
import { LEECH_TAG } from "#shared/review/browser-contract.ts";
import {
  CLOCK_SKEW_MS,
  OFFLINE_RATING_MAX_AGE_DAYS,
  type RateResult,
  type ReviewRating,
} from "#shared/review/contract.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { StudyService } from "../study/study.service.ts";
import { afterRating, type HoldDeps, ratingPreferences, reviewableCard, undoLeech } from "./card-holds.ts";
import { fuzzDays } from "./load-balance.ts";
import { type Balance, holdsRepo, reviewRepo } from "./review.repo.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RatingDeps extends HoldDeps {
  db: Db;
  clock: Clock;
  study: Pick<StudyService, "readableStudySet">;
  events: EventBus;
}

/** What a device that rated offline (issue 23) sends beside the rating. */
export type OfflineRating = {
  clientId?: string | undefined;
  reviewedAt?: string | undefined;
  sentAt?: string | undefined;
  /** The zone the page read its queue in (its buttons' intervals); else the saved one. */
  timeZone?: string | undefined;
};

type StoredReview = { id: number; flashcardId: number; nextDue: Date | null; nextState: number | null };
type Rated = RateResult & { replay?: true };

/**
 * When the rating was made: now, or a device's recorded time within the offline bounds. With `sentAt`
 * the device's clock is read only for the rating's age, so a clock hours fast or slow loses nothing;
 * without it (an older client) a time ahead of the server's beyond the allowed skew is refused. A time
 * a little ahead is recorded as now: FSRS must not schedule from a moment that has not come.
 */
function ratedAt(now: Date, offline: OfflineRating): Date {
  if (!offline.reviewedAt) return now;
  let at = new Date(offline.reviewedAt).getTime();
  if (offline.sentAt) at = now.getTime() - Math.max(0, new Date(offline.sentAt).getTime() - at);
  else if (at > now.getTime() + CLOCK_SKEW_MS)
    throw badRequest("reviewedAt is in the future: check the device's clock");
  if (now.getTime() - at > OFFLINE_RATING_MAX_AGE_DAYS * DAY_MS)
    throw badRequest(`A rating older than ${OFFLINE_RATING_MAX_AGE_DAYS} days cannot be recorded`);
  return new Date(Math.min(at, now.getTime()));
}

/** The answer a replayed clientId gets: the first request's, for the same card only. */
function replayOf(stored: StoredReview, cardId: number, at: Date): Rated {
  if (stored.flashcardId !== cardId) throw conflict("This clientId was used for another card.");
  return {
    reviewId: stored.id,
    flashcardId: stored.flashcardId,
    due: (stored.nextDue ?? at).toISOString(),
    state: stored.nextState ?? 0,
    replay: true,
  };
}

/** A rating older than the card's last review (another device got there first): history only, no undo. */
async function recordLateRating(
  tx: Tx,
  userId: number,
  cardId: number,
  state: CardState & { lastReview: Date },
  rating: ReviewRating,
  at: Date,
  desiredRetention: number,
  clientId: string | null,
): Promise<Rated> {
  const log = { ...rateCard(state, rating, state.lastReview, desiredRetention).log, reviewedAt: at };
  const reviewId = await reviewRepo.insertReview(tx, userId, cardId, log, {
    clientId,
    due: null,
    nextDue: state.due,
    nextState: state.state,
  });
  return { reviewId, flashcardId: cardId, due: state.due.toISOString(), state: state.state };
}

/**
 * One rating: the scheduler's next state and its log row, in one transaction whose first statement
 * locks the card and reads its owner, the student's state and what they schedule with (retention, zone,
 * preferences). A rating made offline (issue 23) brings its device's id and time: a replay of a stored
 * id answers as the first request did and changes nothing; FSRS schedules at the recorded time; a rating older than the card's last review is kept in
 * the history, in time order, and leaves the schedule to the later one (decision 012).
 *
 * The answer does not wait for the achievement re-evaluation the rating causes (issue 27): `card.reviewed`
 * is handled after the answer is sent, and achievement reads wait for it.
 */
export async function rate(
  deps: RatingDeps,
  userId: number,
  cardId: number,
  rating: ReviewRating,
  offline: OfflineRating = {},
): Promise<RateResult> {
  const { db, clock, study, events } = deps;
  const at = ratedAt(clock.now(), offline);
  const clientId = offline.clientId ?? null;
  const result = await db.transaction(async (tx): Promise<Rated> => {
    const card = await reviewRepo.cardForRating(tx, userId, cardId);
    if (!card) throw notFound("Flashcard");
    const prefs = ratingPreferences(card, clock.now(), offline.timeZone);
    const { desiredRetention, weights } = prefs;
    if (card.ownerId !== userId)
      await study.readableStudySet(userId, card.studySetId, tx).catch(() => {
        throw notFound("Flashcard");
      });
    if (clientId) {
      // Looked up under the card's lock, after the access check: a replay racing the first request
      // waits for it, then finds it.
      const earlier = await reviewRepo.findByClientId(tx, userId, clientId);
      if (earlier) return replayOf(earlier, cardId, at);
    }
    // A suspended card is out of review until unsuspended (Anki never shows one to answer): a rating
    // from a stale page must not reschedule it or count as a lapse behind the student's back.
    if (card.suspended) throw conflict("This card is suspended: unsuspend it to review it.");
    const last = card.state?.lastReview;
    if (card.state && last && last.getTime() > at.getTime())
      return recordLateRating(
        tx,
        userId,
        cardId,
        { ...card.state, lastReview: last },
        rating,
        at,
        desiredRetention,
        clientId,
      );
    const before = card.state ?? newCardState(at);
    // Fuzz seeded by the card, as the queue's buttons were (review-queue.ts): they show what this gives.
    const next = rateCard(before, rating, at, desiredRetention, weights, prefs.timeZone, String(cardId));
    const saved = await reviewRepo.saveRating(
      tx,
      {
        userId,
        flashcardId: cardId,
        at,
        clientId,
        previousDue: card.state?.due ?? null,
        // The days since the last review as of this rating (the new state's), not the stored ones of
        // the review before: FSRS keeps a passing interval past them, and so must the balancer.
        balance: balanceRange(at, next.card, next.card.elapsedDays, prefs, () =>
          unfuzzedInterval(before, rating, at, desiredRetention, weights, prefs.timeZone),
        ),
      },
      next.card,
      next.log,
    );
    next.card.due = saved.nextDue;
    next.card.scheduledDays = saved.scheduledDays;
    const reviewId = saved.id;
    const { leech } = await afterRating(
      deps,
      tx,
      { userId, cardId, ownerId: card.ownerId, reviewId, before: card.state, after: next.card },
      prefs,
    );
    return {
      reviewId,
      flashcardId: cardId,
      due: next.card.due.toISOString(),
      state: next.card.state,
      ...(leech ? { leech: true as const } : {}),
    };
  });
  if (result.replay) return withoutReplay(result);
  // After the commit and after the answer: cards_reviewed and streak achievements from the stored review.
  events.emitAfterAnswer("card.reviewed", { userId });
  return result;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * Load balancing and Easy Days (issue 25 §3): the days a review card's due date may move to, within
 * FSRS's fuzz range, and which of them are the student's Easy Days (in their zone). The rating's write
 * statement picks the day from the loads (reviewRepo.saveRating); null when FSRS's date stays.
 */
function balanceRange(
  at: Date,
  card: CardState,
  elapsedDays: number,
  prefs: { easyDays: number[]; timeZone: string },
  /** FSRS's interval before fuzz: the range is around it, not around the fuzzed one, or it would stretch. */
  unfuzzed: () => number,
): Balance {
  if (card.state !== 2 || card.scheduledDays < 3) return null;
  const { min, max } = fuzzDays(unfuzzed(), elapsedDays);
  const easy = new Set(prefs.easyDays);
  let mask = "";
  if (easy.size > 0)
    for (let day = min; day <= max; day += 1) {
      const weekday = formatDate(new Date(at.getTime() + day * DAY_MS), "EEE", prefs.timeZone);
      mask += easy.has(WEEKDAYS.indexOf(weekday)) ? "1" : "0";
    }
  return { min, max, easy: mask };
}

function withoutReplay({ replay: _replay, ...answer }: Rated): RateResult {
  return answer;
}

/**
 * Undo a rating: only its card's latest, rolled back with the library from the logged state, with what
 * the rating did beside it (a leech hold, the siblings it buried).
 */
export async function undo(
  deps: RatingDeps,
  userId: number,
  reviewId: number,
): Promise<{ flashcardId: number }> {
  const { db } = deps;
  // The card must still be readable (a member removed from the group cannot touch it any more).
  const found = await reviewRepo.findReview(db, userId, reviewId);
  if (!found) throw notFound("Review");
  const ownerId = await reviewableCard(deps, userId, found.flashcardId).catch(() => {
    throw notFound("Review");
  });
  const result = await db.transaction(async (tx) => {
    const review = await reviewRepo.findReview(tx, userId, reviewId);
    if (!review) throw notFound("Review");
    const { latest, id: _id, flashcardId, previousDue, ...log } = review;
    if (Number(latest) !== reviewId) throw conflict("Only the last rating of a card can be undone.");
    const card = await reviewRepo.cardForUpdate(tx, { userId, ownerId }, flashcardId);
    if (!card?.state || log.due === null || log.stability === null || log.difficulty === null)
      throw conflict("This rating cannot be undone.");
    let lapsesAfter = 0;
    if (log.state === 0) {
      await reviewRepo.removeState(tx, userId, flashcardId);
    } else {
      const entry = {
        ...log,
        rating: log.rating as ReviewRating,
        state: log.state as 0 | 1 | 2 | 3,
        due: log.due,
        stability: log.stability,
        difficulty: log.difficulty,
        lastElapsedDays: log.lastElapsedDays ?? 0,
        learningSteps: log.learningSteps ?? 0,
      };
      const restored = undoRating(card.state, entry, previousDue);
      lapsesAfter = restored.lapses;
      await reviewRepo.saveState(tx, userId, flashcardId, restored);
    }
    const leechLifted = await undoLeech(tx, userId, flashcardId, {
      from: card.state.lapses,
      to: lapsesAfter,
    });
    await holdsRepo.unburySiblings(tx, userId, reviewId);
    await reviewRepo.removeReview(tx, userId, reviewId);
    return { flashcardId, leechLifted };
  });
  // Outside the transaction: the tag goes through the flashcards feature, on its own connection.
  if (result.leechLifted && ownerId === userId)
    await deps.flashcards.bulk.removeTag(userId, [result.flashcardId], LEECH_TAG);
  return { flashcardId: result.flashcardId };
}
