import { spreadBacklog } from "#server/features/review/exam-plan.ts";
import {
  type CardState,
  newCardState,
  previewIntervals,
  rateCard,
  undoRating,
} from "#server/features/review/fsrs.ts";
import { addLocalDays, startOfLocalDay } from "#shared/local-day.ts";
import {
  CLOCK_SKEW_MS,
  OFFLINE_RATING_MAX_AGE_DAYS,
  type RateResult,
  type ReviewCard,
  type ReviewQueue,
  type ReviewRating,
  type ReviewSettings,
} from "#shared/review/contract.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { FlashcardsService } from "../flashcards/flashcards.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { StudyService } from "../study/study.service.ts";
import type { ExamService } from "./exam.service.ts";
import { type QueueScope, reviewRepo } from "./review.repo.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type QueueQuery = { setId?: number | undefined; limit: number; timeZone?: string | undefined };

/**
 * Spaced review (issue 11): the due queue, ratings and their Undo through ts-fsrs (fsrs.ts),
 * backlog relief and review settings. A card is reached through its owner;
 * another student's card, set or review is a 404 like a missing one.
 */
export function createReviewService({
  db,
  clock,
  settings,
  study,
  flashcards,
  events,
  exams,
}: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  study: StudyService;
  flashcards: Pick<FlashcardsService, "readableSet">;
  events: EventBus;
  /** Today's exam-plan cards join the queue. */
  exams: Pick<ExamService, "plannedToday">;
}) {
  /**
   * Whose cards a queue covers: all of the student's own, or one set they can read. A group member
   * (issue 13) reviews a shared set's cards (the owner's) on their own card_states rows.
   */
  async function queueScope(userId: number, setId?: number): Promise<QueueScope> {
    if (setId === undefined) return { userId };
    return { userId, setId, ownerId: await flashcards.readableSet(userId, setId) };
  }

  /** The owner of a card the student may review: their own, or one in a set shared with them. */
  async function reviewableCard(userId: number, cardId: number): Promise<number> {
    const place = await reviewRepo.cardPlace(db, cardId);
    if (!place) throw notFound("Flashcard");
    if (place.ownerId !== userId)
      await study.readableStudySet(userId, place.studySetId).catch(() => {
        throw notFound("Flashcard");
      });
    return place.ownerId;
  }

  return {
    getSettings: (userId: number): Promise<ReviewSettings> => settings.getReview(userId),
    saveSettings: (userId: number, values: ReviewSettings) => settings.saveReview(userId, values),

    async queue(userId: number, q: QueueQuery): Promise<ReviewQueue> {
      const scope = await queueScope(userId, q.setId);
      const now = clock.now();
      const timeZone = q.timeZone ?? "UTC";
      const [{ desiredRetention, newCardsPerDay }, dueCounts, unseen, started, due, plannedIds] =
        await Promise.all([
          settings.getReview(userId),
          reviewRepo.countDue(db, scope, now, new Date(now.getTime() - DAY_MS)),
          reviewRepo.count(db, scope, { isNew: true }),
          reviewRepo.countStartedSince(db, userId, startOfLocalDay(now, timeZone)),
          reviewRepo.dueCards(db, scope, now, q.limit),
          exams.plannedToday(userId, timeZone, q.setId),
        ]);
      const nextDue = await reviewRepo.nextDue(
        db,
        scope,
        now,
        addLocalDays(startOfLocalDay(now, timeZone), 1, timeZone),
      );
      // The plan's cards FSRS would not show now (the due ones are in `due` already), in the plan's order.
      const byId = new Map((await reviewRepo.cardsByIds(db, scope, plannedIds)).map((r) => [r.card.id, r]));
      const planned = plannedIds.flatMap((id) => {
        const r = byId.get(id);
        return r && (r.state === null || r.state.due.getTime() > now.getTime()) ? [r] : [];
      });
      const plannedNew = planned.filter((r) => r.state === null).map((r) => r.card.id);
      const newCount = Math.min(unseen - plannedNew.length, Math.max(0, newCardsPerDay - started));
      const room = Math.max(0, q.limit - due.length - planned.length);
      const fresh =
        room > 0 && newCount > 0
          ? await reviewRepo.newCards(db, scope, Math.min(newCount, room), plannedNew)
          : [];

      const empty = newCardState(now);
      const view = (
        {
          id,
          flashcardSetId,
          setTitle,
          question,
          answer,
          hint,
        }: Omit<ReviewCard, "isNew" | "planned" | "intervals">,
        state: CardState | null,
        isPlanned: boolean,
      ): ReviewCard => ({
        ...{ id, flashcardSetId, setTitle, question, answer, hint },
        isNew: state === null,
        planned: isPlanned,
        intervals: previewIntervals(state ?? empty, now, desiredRetention),
      });
      const cards: ReviewCard[] = [
        ...due.map((c) => view(c, c, false)),
        ...planned.map((r) => view(r.card, r.state, true)),
        ...fresh.map((c) => view(c, null, false)),
      ].slice(0, q.limit);
      return {
        dueCount: dueCounts.due + planned.length + newCount,
        reviewCount: dueCounts.due,
        plannedCount: planned.length,
        newCount,
        backlog: dueCounts.overdue,
        cards,
        nextDue: nextDue?.toISOString() ?? null,
      };
    },

    /**
     * One rating: the scheduler's next state and its log row, in one transaction. A rating made offline
     * (issue 23) brings its device's id and time: a replay of a stored id answers as the first request
     * did and changes nothing; FSRS schedules at the recorded time; a rating older than the card's last
     * review (another device got there first) is kept in the history, in time order, and leaves the
     * schedule to the later one (docs/decisions/0xx-offline.md).
     */
    async rate(
      userId: number,
      cardId: number,
      rating: ReviewRating,
      offline: { clientId?: string | undefined; reviewedAt?: string | undefined } = {},
    ): Promise<RateResult> {
      const ownerId = await reviewableCard(userId, cardId);
      const now = clock.now();
      const at = offline.reviewedAt ? new Date(offline.reviewedAt) : now;
      if (at.getTime() > now.getTime() + CLOCK_SKEW_MS)
        throw badRequest("reviewedAt is in the future: check the device's clock");
      if (now.getTime() - at.getTime() > OFFLINE_RATING_MAX_AGE_DAYS * DAY_MS)
        throw badRequest(`A rating older than ${OFFLINE_RATING_MAX_AGE_DAYS} days cannot be recorded`);
      const { desiredRetention } = await settings.getReview(userId);
      const replayed = (r: {
        id: number;
        flashcardId: number;
        nextDue: Date | null;
        nextState: number | null;
      }) => {
        if (r.flashcardId !== cardId) throw conflict("This clientId was used for another card.");
        return {
          reviewId: r.id,
          flashcardId: r.flashcardId,
          due: (r.nextDue ?? at).toISOString(),
          state: r.nextState ?? 0,
          replay: true,
        };
      };
      if (offline.clientId) {
        const earlier = await reviewRepo.findByClientId(db, userId, offline.clientId);
        if (earlier) {
          const { replay: _replay, ...answer } = replayed(earlier);
          return answer;
        }
      }
      const result = await db.transaction(async (tx) => {
        const card = await reviewRepo.cardForUpdate(tx, { userId, ownerId }, cardId);
        if (!card) throw notFound("Flashcard");
        if (offline.clientId) {
          // Under the card's lock: a replay racing the first request waits for it, then finds it.
          const earlier = await reviewRepo.findByClientId(tx, userId, offline.clientId);
          if (earlier) return replayed(earlier);
        }
        const extra = { clientId: offline.clientId ?? null };
        const last = card.state?.lastReview;
        if (card.state && last && last.getTime() > at.getTime()) {
          // Rated later elsewhere: history only. The log row has no 'before' state, so it cannot be undone.
          const log = { ...rateCard(card.state, rating, last, desiredRetention).log, reviewedAt: at };
          const reviewId = await reviewRepo.insertReview(tx, userId, cardId, log, {
            ...extra,
            due: null,
            nextDue: card.state.due,
            nextState: card.state.state,
          });
          return {
            reviewId,
            flashcardId: cardId,
            due: card.state.due.toISOString(),
            state: card.state.state,
          };
        }
        const next = rateCard(card.state ?? newCardState(at), rating, at, desiredRetention);
        await reviewRepo.saveState(tx, userId, cardId, next.card);
        const reviewId = await reviewRepo.insertReview(tx, userId, cardId, next.log, {
          ...extra,
          nextDue: next.card.due,
          nextState: next.card.state,
        });
        return { reviewId, flashcardId: cardId, due: next.card.due.toISOString(), state: next.card.state };
      });
      if ("replay" in result) {
        const { replay: _replay, ...answer } = result;
        return answer;
      }
      // After the commit: cards_reviewed and streak achievements are evaluated from the stored review.
      await events.emit("card.reviewed", { userId });
      return result;
    },

    /** Undo a rating: only its card's latest, rolled back with the library from the logged state. */
    async undo(userId: number, reviewId: number): Promise<{ flashcardId: number }> {
      // The card must still be readable (a member removed from the group cannot touch it any more).
      const found = await reviewRepo.findReview(db, userId, reviewId);
      if (!found) throw notFound("Review");
      const ownerId = await reviewableCard(userId, found.flashcardId).catch(() => {
        throw notFound("Review");
      });
      return db.transaction(async (tx) => {
        const review = await reviewRepo.findReview(tx, userId, reviewId);
        if (!review) throw notFound("Review");
        const { latest, id: _id, flashcardId, ...log } = review;
        if (Number(latest) !== reviewId) throw conflict("Only the last rating of a card can be undone.");
        const card = await reviewRepo.cardForUpdate(tx, { userId, ownerId }, flashcardId);
        if (!card?.state || log.due === null || log.stability === null || log.difficulty === null)
          throw conflict("This rating cannot be undone.");
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
          await reviewRepo.saveState(tx, userId, flashcardId, undoRating(card.state, entry));
        }
        await reviewRepo.removeReview(tx, userId, reviewId);
        return { flashcardId };
      });
    },

    /** Backlog relief: overdue cards spread over `days`, lowest recall first (shared spreadBacklog). */
    async spread(userId: number, days: number, setId?: number): Promise<{ moved: number }> {
      const scope = await queueScope(userId, setId);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const moves = spreadBacklog(await reviewRepo.overdue(tx, scope, now), days, now);
        for (const m of moves) await reviewRepo.moveDue(tx, userId, m.id, m.due);
        return { moved: moves.length };
      });
    },

    /** Time in Review is study time: a session with activityType 'reviewing'. */
    async recordSession(userId: number, duration: number) {
      const session = await study.recordSession(userId, {
        studySetId: null,
        activityType: "reviewing",
        duration,
      });
      return { id: session.id };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
