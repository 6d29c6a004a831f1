import {
  type CardState,
  newCardState,
  previewIntervals,
  type Weights,
} from "#server/features/review/fsrs.ts";
import { cardSides } from "#shared/flashcards/card-sides.ts";
import { addLocalDays, startOfLocalDay } from "#shared/local-day.ts";
import { DEFAULT_REVIEW_SETTINGS, type ReviewCard, type ReviewQueue } from "#shared/review/contract.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { FlashcardsService } from "../flashcards/flashcards.service.ts";
import type { ExamService } from "./exam.service.ts";
import { type QueueScope, reviewRepo } from "./review.repo.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface QueueDeps {
  db: Db;
  clock: Clock;
  flashcards: Pick<FlashcardsService, "readableSet">;
  /** Today's exam-plan cards join the queue. */
  exams: Pick<ExamService, "plannedToday">;
}

export type QueueQuery = { setId?: number | undefined; limit: number; timeZone?: string | undefined };

/**
 * Whose cards a queue covers: all of the student's own, or one set they can read. A group member
 * (issue 13) reviews a shared set's cards (the owner's) on their own card_states rows.
 */
export async function queueScope(
  { flashcards }: Pick<QueueDeps, "flashcards">,
  userId: number,
  setId?: number,
): Promise<QueueScope> {
  if (setId === undefined) return { userId };
  return { userId, setId, ownerId: await flashcards.readableSet(userId, setId) };
}

const sidesOf = (row: Pick<CardFields, "type" | "ord" | "question" | "answer" | "hint">) => {
  const sides = cardSides(row);
  return { question: sides.prompt, answer: sides.back, hint: sides.hint };
};

type CardFields = Omit<ReviewCard, "isNew" | "planned" | "intervals"> & { ord: number };

/**
 * A card as the queue shows it: its text as this row shows it (a cloze blanked and revealed by its number,
 * a reversed card's ord 1 back to front: cardSides), whether it is new or planned, and each rating's interval.
 */
function cardView(
  { id, flashcardSetId, setTitle, ...row }: CardFields,
  state: CardState | null,
  planned: boolean,
  now: Date,
  desiredRetention: number,
  weights: Weights,
  timeZone: string,
): ReviewCard {
  return {
    ...{ id, flashcardSetId, setTitle, type: row.type },
    ...sidesOf(row),
    isNew: state === null,
    planned,
    intervals: previewIntervals(state ?? newCardState(now), now, desiredRetention, weights, timeZone),
  };
}

/**
 * The review queue: due reviews oldest first, then today's exam-plan cards FSRS would show later, then
 * new cards within the day's limit; with the counts the screen shows.
 */
export async function readQueue(deps: QueueDeps, userId: number, q: QueueQuery): Promise<ReviewQueue> {
  const { db, clock, exams } = deps;
  const now = clock.now();
  const scope = { ...(await queueScope(deps, userId, q.setId)), activeAt: now };
  const timeZone = q.timeZone ?? "UTC";
  const startOfToday = startOfLocalDay(now, timeZone);
  // Two statements at once, each a round trip (and on PGlite a turn of its one connection): the first
  // cards, and everything else the screen shows (counts, settings, whether any exam plan applies).
  const [counts, due] = await Promise.all([
    reviewRepo.queueCounts(db, scope, {
      at: now,
      overdueBy: new Date(now.getTime() - DAY_MS),
      until: addLocalDays(startOfToday, 1, timeZone),
      since: startOfToday,
    }),
    reviewRepo.dueCards(db, scope, now, q.limit),
  ]);
  const { unseen, started, settings: stored } = counts;
  // Only a student with an exam has a plan: the planner's reads wait for the counts to say so.
  const plannedIds = counts.hasExams ? await exams.plannedToday(userId, timeZone, q.setId) : [];
  const desiredRetention = stored.desiredRetention ?? DEFAULT_REVIEW_SETTINGS.desiredRetention;
  const newCardsPerDay = stored.newCardsPerDay ?? DEFAULT_REVIEW_SETTINGS.newCardsPerDay;
  const weights = stored.weights?.length ? stored.weights : null;
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

  const view = (card: CardFields, state: CardState | null, isPlanned: boolean) =>
    cardView(card, state, isPlanned, now, desiredRetention, weights, timeZone);
  const cards: ReviewCard[] = [
    ...due.map((c) => view(c, c, false)),
    ...planned.map((r) => view(r.card, r.state, true)),
    ...fresh.map((c) => view(c, null, false)),
  ].slice(0, q.limit);
  return {
    dueCount: counts.due + planned.length + newCount,
    reviewCount: counts.due,
    plannedCount: planned.length,
    newCount,
    backlog: counts.overdue,
    cards,
    nextDue: counts.next?.toISOString() ?? null,
  };
}

/**
 * Each student's whole-queue `dueCount` (what readQueue answers with no set), for many students in one
 * statement: due reviews plus the new cards the day still allows. A student with exams is read through
 * readQueue itself, because today's exam-plan cards need the planner (a few statements per such student).
 */
export async function dueCountsMany(
  deps: QueueDeps,
  students: { userId: number; timeZone: string }[],
): Promise<Map<number, number>> {
  const now = deps.clock.now();
  const rows = await reviewRepo.queueCountsMany(
    deps.db,
    students.map((s) => ({ userId: s.userId, dayStart: startOfLocalDay(now, s.timeZone) })),
    now,
    DEFAULT_REVIEW_SETTINGS.newCardsPerDay,
  );
  const zone = new Map(students.map((s) => [s.userId, s.timeZone]));
  const counts = new Map<number, number>();
  for (const r of rows) {
    if (r.hasExams) {
      const q = await readQueue(deps, r.userId, { limit: 1, timeZone: zone.get(r.userId) });
      counts.set(r.userId, q.dueCount);
    } else counts.set(r.userId, r.due + Math.min(r.unseen, Math.max(0, r.newCardsPerDay - r.started)));
  }
  return counts;
}
