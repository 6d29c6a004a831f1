import { type ImportOptions, parseFlashcards, toAnkiTsv, toCsv } from "#shared/flashcard-io.ts";
import { FLASHCARD_SET_MAX_CARDS } from "#shared/flashcards.ts";
import { startOfLocalDay } from "#shared/local-day.ts";
import { newCardState, previewIntervals, rateCard, undoRating } from "#shared/review.ts";
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
import { flashcardsRepo } from "./flashcards.repo.ts";
import { reviewRepo } from "./review.repo.ts";
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
}: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  study: StudyService;
  events: EventBus;
}) {
  async function ownSet(userId: number, id: number) {
    const set = await flashcardsRepo.findSet(db, userId, id);
    if (!set) throw notFound("Flashcard set");
    return set;
  }

  async function requireSet(userId: number, setId?: number) {
    if (setId !== undefined) await ownSet(userId, setId);
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
      await requireSet(userId, q.setId);
      const now = clock.now();
      const { desiredRetention, newCardsPerDay } = await settings.getReview(userId);
      const since = startOfLocalDay(now, q.timeZone ?? "UTC");
      const [reviewCount, backlog, unseen, started] = await Promise.all([
        reviewRepo.countDue(db, userId, now, q.setId),
        reviewRepo.countDue(db, userId, new Date(now.getTime() - DAY_MS), q.setId),
        reviewRepo.countNew(db, userId, q.setId),
        reviewRepo.countStartedSince(db, userId, since),
      ]);
      const newCount = Math.min(unseen, Math.max(0, newCardsPerDay - started));
      const due = await reviewRepo.dueCards(db, userId, now, q.limit, q.setId);
      const fresh =
        due.length < q.limit && newCount > 0
          ? await reviewRepo.newCards(db, userId, Math.min(newCount, q.limit - due.length), q.setId)
          : [];
      const empty = newCardState(now);
      const cards: ReviewCard[] = [
        ...due.map(({ id, flashcardSetId, setTitle, question, answer, hint, ...state }) => ({
          ...{ id, flashcardSetId, setTitle, question, answer, hint },
          isNew: false,
          intervals: previewIntervals(state, now, desiredRetention),
        })),
        ...fresh.map((c) => ({
          ...c,
          isNew: true,
          intervals: previewIntervals(empty, now, desiredRetention),
        })),
      ];
      return { dueCount: reviewCount + newCount, reviewCount, newCount, backlog, cards };
    },

    /** One rating: the scheduler's next state and its log row, in one transaction. */
    async rate(userId: number, cardId: number, rating: ReviewRating): Promise<RateResult> {
      const now = clock.now();
      const { desiredRetention } = await settings.getReview(userId);
      const result = await db.transaction(async (tx) => {
        const card = await reviewRepo.cardForUpdate(tx, userId, cardId);
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
      return db.transaction(async (tx) => {
        const review = await reviewRepo.findReview(tx, userId, reviewId);
        if (!review) throw notFound("Review");
        const { latest, id: _id, flashcardId, ...log } = review;
        if (Number(latest) !== reviewId) throw conflict("Only the last rating of a card can be undone.");
        const card = await reviewRepo.cardForUpdate(tx, userId, flashcardId);
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
      await requireSet(userId, setId);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const moves = spreadBacklog(await reviewRepo.overdue(tx, userId, now, setId), days, now);
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
