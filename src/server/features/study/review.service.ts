import { type ImportOptions, parseFlashcards, toAnkiTsv, toCsv } from "#shared/flashcard-io.ts";
import { FLASHCARD_SET_MAX_CARDS } from "#shared/flashcards.ts";
import { startOfLocalDay } from "#shared/local-day.ts";
import { type CardState, newCardState, previewIntervals, rateCard, undoRating } from "#shared/review.ts";
import type {
  ExportFile,
  ImportPreview,
  RateResult,
  ReviewCard,
  ReviewQueue,
  ReviewRating,
  ReviewSettings,
} from "#shared/review-api.ts";
import { spreadBacklog } from "#shared/review-plan.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { ExamService } from "./exam.service.ts";
import { flashcardsRepo } from "./flashcards.repo.ts";
import { readableFlashcardSet } from "./owned-set.ts";
import { type QueueScope, reviewRepo } from "./review.repo.ts";
import type { StudyService } from "./study.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lines named in an import's 400 message; the preview shows them all. */
const LINES_NAMED = 10;

type QueueQuery = { setId?: number | undefined; limit: number; timeZone?: string | undefined };

/**
 * Spaced review (issue 11): the due queue, ratings and their Undo through ts-fsrs (src/shared/review.ts),
 * backlog relief, review settings, and flashcard import and export. A card is reached through its owner;
 * another student's card, set or review is a 404 like a missing one.
 */
export function createReviewService({
  db,
  clock,
  settings,
  study,
  events,
  exams,
}: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  study: StudyService;
  events: EventBus;
  /** Today's exam-plan cards join the queue. */
  exams: Pick<ExamService, "plannedToday">;
}) {
  async function ownSet(userId: number, id: number) {
    const set = await flashcardsRepo.findSet(db, userId, id);
    if (!set) throw notFound("Flashcard set");
    return set;
  }

  /**
   * Whose cards a queue covers: all of the student's own, or one set they can read. A group member
   * (issue 13) reviews a shared set's cards (the owner's) on their own card_states rows.
   */
  async function queueScope(userId: number, setId?: number): Promise<QueueScope> {
    if (setId === undefined) return { userId };
    return { userId, setId, ownerId: await readableFlashcardSet(db, study, userId, setId) };
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

  async function insertAll(
    set: { cardCount: number },
    userId: number,
    setId: number,
    cards: ImportPreview["cards"],
  ): Promise<number> {
    if (set.cardCount + cards.length > FLASHCARD_SET_MAX_CARDS)
      throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
    await db.transaction((tx) => reviewRepo.insertCards(tx, userId, setId, cards));
    // Imported and accepted cards count toward the card achievements like cards added one by one.
    await events.emit("flashcard.created", { userId });
    return cards.length;
  }

  function parse(text: string, options: ImportOptions): ImportPreview {
    return parseFlashcards(text, options);
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
      };
    },

    /** One rating: the scheduler's next state and its log row, in one transaction. */
    async rate(userId: number, cardId: number, rating: ReviewRating): Promise<RateResult> {
      const ownerId = await reviewableCard(userId, cardId);
      const now = clock.now();
      const { desiredRetention } = await settings.getReview(userId);
      const result = await db.transaction(async (tx) => {
        const card = await reviewRepo.cardForUpdate(tx, { userId, ownerId }, cardId);
        if (!card) throw notFound("Flashcard");
        const next = rateCard(card.state ?? newCardState(now), rating, now, desiredRetention);
        await reviewRepo.saveState(tx, userId, cardId, next.card);
        const reviewId = await reviewRepo.insertReview(tx, userId, cardId, next.log);
        return { reviewId, flashcardId: cardId, due: next.card.due.toISOString(), state: next.card.state };
      });
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

    async importPreview(userId: number, setId: number, text: string, options: ImportOptions) {
      await ownSet(userId, setId);
      return parse(text, options);
    },

    /** Every parsed card in one transaction, or nothing: any unusable line is a 400 naming it. */
    async importCommit(userId: number, setId: number, text: string, options: ImportOptions) {
      const set = await ownSet(userId, setId);
      const { cards, errors } = parse(text, options);
      if (errors.length > 0) {
        const named = errors.slice(0, LINES_NAMED).map((e) => `line ${e.line} (${e.reason})`);
        const more = errors.length > LINES_NAMED ? ` and ${errors.length - LINES_NAMED} more` : "";
        throw badRequest(`Nothing was imported. Fix ${named.join(", ")}${more}.`, { errors });
      }
      if (cards.length === 0) throw badRequest("Nothing was imported: no cards were found in the text.");
      return { imported: await insertAll(set, userId, setId, cards) };
    },

    /** Cards the student accepted from drafts (issue 15): all of them in one transaction, or none. */
    async addCards(userId: number, setId: number, cards: ImportPreview["cards"]) {
      return { created: await insertAll(await ownSet(userId, setId), userId, setId, cards) };
    },

    async export(userId: number, setId: number, format: "csv" | "anki"): Promise<ExportFile> {
      const set = await ownSet(userId, setId);
      const cards = await flashcardsRepo.listCards(db, userId, setId);
      const base = set.title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "flashcards";
      return format === "csv"
        ? { filename: `${base}.csv`, mimeType: "text/csv", content: toCsv(cards) }
        : { filename: `${base}.txt`, mimeType: "text/tab-separated-values", content: toAnkiTsv(cards) };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
