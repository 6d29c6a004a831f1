import { spreadBacklog } from "#server/features/review/exam-plan.ts";
import type { BrowserQuery, BulkBody, ReviewPreferences } from "#shared/review/browser-contract.ts";
import type { ReviewRating, ReviewSettings } from "#shared/review/contract.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/events.ts";
import type { FlashcardsService } from "../flashcards/flashcards.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { StudyService } from "../study/study.service.ts";
import { browse, bulk, getPreferences, hold, savePreferences } from "./card-holds.ts";
import type { ExamService } from "./exam.service.ts";
import { enqueueMonthlyFits, fitFsrs, fsrsStatus, requestFit, resetFsrs } from "./fsrs-fit.service.ts";
import { browserRepo, reviewRepo } from "./review.repo.ts";
import { dueCountsMany, type QueueQuery, queueScope, readQueue } from "./review-queue.ts";
import { type OfflineRating, rate, undo } from "./review-rating.ts";
import { exportSchedules, importSchedules, type ScheduleIn } from "./review-transfer.ts";

type HoldAction = "suspend" | "unsuspend" | "bury" | "unbury";

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  study: StudyService;
  flashcards: Pick<FlashcardsService, "readableSet" | "bulk">;
  events: EventBus;
  /** Today's exam-plan cards join the queue. */
  exams: Pick<ExamService, "plannedToday">;
  jobs: JobQueue;
}

/** Backlog relief: overdue cards spread over `days`, lowest recall first (shared spreadBacklog). */
async function spread(deps: ReviewDeps, userId: number, days: number, setId?: number) {
  const scope = await queueScope(deps, userId, setId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const moves = spreadBacklog(await reviewRepo.overdue(tx, scope, now), days, now);
    for (const m of moves) await reviewRepo.moveDue(tx, userId, m.id, m.due);
    return { moved: moves.length };
  });
}

/** Time in Review is study time: a session with activityType 'reviewing'. */
async function recordSession({ study }: ReviewDeps, userId: number, duration: number) {
  const session = await study.recordSession(userId, {
    studySetId: null,
    activityType: "reviewing",
    duration,
  });
  return { id: session.id };
}

/**
 * Spaced review (issue 11): the due queue (review-queue.ts), ratings and their Undo through ts-fsrs
 * (review-rating.ts), backlog relief and review settings. A card is reached through its owner;
 * another student's card, set or review is a 404 like a missing one.
 */
export function createReviewService(deps: ReviewDeps) {
  const { settings } = deps;
  return {
    getSettings: (userId: number): Promise<ReviewSettings> => settings.getReview(userId),
    saveSettings: (userId: number, values: Parameters<SettingsService["saveReview"]>[1]) =>
      settings.saveReview(userId, values),
    queue: (userId: number, q: QueueQuery) => readQueue(deps, userId, q),
    /** Each student's whole-queue due count (the daily review reminder), set-based. */
    dueCounts: (students: { userId: number; timeZone: string }[]) => dueCountsMany(deps, students),
    rate: (userId: number, cardId: number, rating: ReviewRating, offline?: OfflineRating) =>
      rate(deps, userId, cardId, rating, offline),
    undo: (userId: number, reviewId: number) => undo(deps, userId, reviewId),
    spread: (userId: number, days: number, setId?: number) => spread(deps, userId, days, setId),
    recordSession: (userId: number, duration: number) => recordSession(deps, userId, duration),
    /** A package's review history into the student's own state and log (issue 25 §5). */
    importSchedules: (tx: DbOrTx, userId: number, items: ScheduleIn[], opts?: { fresh?: boolean }) =>
      importSchedules(tx, userId, items, opts),
    exportSchedules: (db: DbOrTx, userId: number, ids: number[]) => exportSchedules(db, userId, ids),
    hold: (userId: number, cardId: number, action: HoldAction, timeZone?: string) =>
      hold(deps, userId, cardId, action, timeZone),
    browse: (userId: number, q: BrowserQuery) => browse(deps, userId, q),
    ownSets: (userId: number) => browserRepo.sets(deps.db, userId),
    fsrsStatus: (userId: number) => fsrsStatus(deps, userId),
    requestFit: (userId: number) => requestFit(deps, userId),
    fitFsrs: (userId: number) => fitFsrs(deps, userId),
    resetFsrs: (userId: number) => resetFsrs(deps, userId),
    enqueueMonthlyFits: () => enqueueMonthlyFits(deps),
    bulk: (userId: number, body: BulkBody) => bulk(deps, userId, body),
    getPreferences: (userId: number) => getPreferences(deps.db, userId),
    savePreferences: (userId: number, values: ReviewPreferences) => savePreferences(deps.db, userId, values),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
