import {
  type CardState,
  formatInterval,
  newCardState,
  rateCard,
  unfuzzedInterval,
  type Weights,
} from "#server/features/review/fsrs.ts";
import { formatDate } from "#shared/date-format.ts";
import { cardSides } from "#shared/flashcards/card-sides.ts";
import { addLocalDays, startOfLocalDay } from "#shared/local-day.ts";
import { DEFAULT_REVIEW_SETTINGS, type ReviewCard, type ReviewQueue } from "#shared/review/contract.ts";
import { dailyLimits } from "#shared/review/daily-limits.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { FlashcardsService } from "../flashcards/flashcards.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { ExamService } from "./exam.service.ts";
import { balancedInterval, fuzzDays } from "./load-balance.ts";
import { type QueueScope, reviewRepo } from "./review.repo.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface QueueDeps {
  db: Db;
  clock: Clock;
  flashcards: Pick<FlashcardsService, "readableSet">;
  /** Today's exam-plan cards join the queue. */
  exams: Pick<ExamService, "plannedToday">;
  /** The saved zone, for a page that sends none. */
  settings: Pick<SettingsService, "timeZone">;
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

const GRADES = { again: 1, hard: 2, good: 3, easy: 4 } as const;
type ButtonKey = keyof typeof GRADES;

/**
 * What one button's rating would do now, as review-rating.ts does it: FSRS's due (its fuzz seeded by the
 * card), and for a review interval of 3 days or more the days of the fuzz range the load balancer may move
 * it to (`range`), whose choice needs the day loads.
 */
type Outcome = {
  due: Date;
  scheduledDays: number;
  range: { min: number; max: number; unfuzzed: number; elapsedDays: number } | null;
};

type Scheduling = { now: Date; desiredRetention: number; weights: Weights; timeZone: string };

function outcomesOf(id: number, state: CardState | null, s: Scheduling): Record<ButtonKey, Outcome> {
  const before = state ?? newCardState(s.now);
  const one = (grade: 1 | 2 | 3 | 4): Outcome => {
    const { card } = rateCard(before, grade, s.now, s.desiredRetention, s.weights, s.timeZone, String(id));
    if (card.state !== 2 || card.scheduledDays < 3)
      return { due: card.due, scheduledDays: card.scheduledDays, range: null };
    const unfuzzed = unfuzzedInterval(before, grade, s.now, s.desiredRetention, s.weights, s.timeZone);
    const range = { ...fuzzDays(unfuzzed, card.elapsedDays), unfuzzed, elapsedDays: card.elapsedDays };
    return { due: card.due, scheduledDays: card.scheduledDays, range };
  };
  return { again: one(1), hard: one(2), good: one(3), easy: one(4) };
}

/**
 * Each button's interval as the rating will give it: FSRS's, moved by the load balancer to the lightest
 * day of its fuzz range (Easy Days heavier), as the rating's write statement chooses it.
 */
function labelsOf(
  outcomes: Record<ButtonKey, Outcome>,
  now: Date,
  loads: (day: number) => number,
  isEasyDay: (day: number) => boolean,
): Record<ButtonKey, string> {
  const label = ({ due, scheduledDays, range }: Outcome) => {
    const days = range
      ? balancedInterval(range.unfuzzed, range.elapsedDays, loads, isEasyDay, scheduledDays)
      : scheduledDays;
    return formatInterval(due.getTime() + (days - scheduledDays) * DAY_MS - now.getTime());
  };
  return {
    again: label(outcomes.again),
    hard: label(outcomes.hard),
    good: label(outcomes.good),
    easy: label(outcomes.easy),
  };
}

/**
 * The cards as the queue shows them: their text as each row shows it (a cloze blanked and revealed by its
 * number, a reversed card's ord 1 back to front: cardSides), whether each is new or planned, and each
 * rating's interval, the one that rating will give (read with the day loads of every range, in one query).
 */
async function cardViews(
  db: Db,
  userId: number,
  rows: { card: CardFields; state: CardState | null; planned: boolean }[],
  s: Scheduling & { easyDays: number[] },
): Promise<ReviewCard[]> {
  const outcomes = rows.map((r) => outcomesOf(r.card.id, r.state, s));
  const ranges = outcomes.flatMap((o) => Object.values(o).flatMap((x) => (x.range ? [x.range] : [])));
  const loads = ranges.length
    ? await reviewRepo.loadsByDay(
        db,
        userId,
        s.now,
        Math.min(...ranges.map((r) => r.min)),
        Math.max(...ranges.map((r) => r.max)),
      )
    : new Map<number, number>();
  const easy = new Set(s.easyDays);
  const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const isEasyDay = (day: number) =>
    easy.size > 0 &&
    easy.has(weekdays.indexOf(formatDate(new Date(s.now.getTime() + day * DAY_MS), "EEE", s.timeZone)));
  return rows.map(({ card: { id, flashcardSetId, setTitle, ...row }, state, planned }, i) => ({
    ...{ id, flashcardSetId, setTitle, type: row.type },
    ...sidesOf(row),
    isNew: state === null,
    planned,
    intervals: labelsOf(outcomes[i]!, s.now, (day) => loads.get(day) ?? 0, isEasyDay),
  }));
}

/**
 * The review queue: due reviews oldest first, then today's exam-plan cards FSRS would show later, then
 * new cards within the day's limit; with the counts the screen shows.
 */
export async function readQueue(deps: QueueDeps, userId: number, q: QueueQuery): Promise<ReviewQueue> {
  const { db, clock, exams } = deps;
  const now = clock.now();
  const scope = { ...(await queueScope(deps, userId, q.setId)), activeAt: now };
  // One day for everything the page shows (counts, new-card limit, buttons) and for the rating it sends
  // with the same zone: the page's, else the saved one (as tasks and holds read it).
  const timeZone = q.timeZone ?? (await deps.settings.timeZone(userId));
  const startOfToday = startOfLocalDay(now, timeZone);
  // Two statements at once, each a round trip (and on PGlite a turn of its one connection): the first
  // cards, and everything else the screen shows (counts, settings, whether any exam plan applies).
  const [counts, dueAll] = await Promise.all([
    reviewRepo.queueCounts(db, scope, {
      at: now,
      overdueBy: new Date(now.getTime() - DAY_MS),
      until: addLocalDays(startOfToday, 1, timeZone),
      since: startOfToday,
      timeZone,
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
  const limits = dailyLimits({
    dueReviews: counts.dueReviews,
    dueInterdayLearning: counts.dueInterday,
    unseen: unseen - plannedNew.length,
    reviewedToday: counts.reviewed,
    startedToday: started,
    newCardsPerDay,
    maxReviewsPerDay: stored.maxReviewsPerDay ?? DEFAULT_REVIEW_SETTINGS.maxReviewsPerDay,
  });
  const newCount = limits.newCards;
  const heldBack = counts.dueReviews - limits.reviews + counts.dueInterday - limits.interdayLearning;
  const reviewCount = counts.due - heldBack;
  // Past the day's review limit (rare: read again) only the oldest cards it allows, intraday steps all.
  const due = heldBack ? await reviewRepo.dueCardsCapped(db, scope, now, q.limit, limits, timeZone) : dueAll;
  const room = Math.max(0, q.limit - due.length - planned.length);
  const fresh =
    room > 0 && newCount > 0
      ? await reviewRepo.newCards(db, scope, Math.min(newCount, room), plannedNew)
      : [];

  const shown = [
    ...due.map((c) => ({ card: c as CardFields, state: c as CardState | null, planned: false })),
    ...planned.map((r) => ({ card: r.card as CardFields, state: r.state, planned: true })),
    ...fresh.map((c) => ({ card: c as CardFields, state: null, planned: false })),
  ].slice(0, q.limit);
  // Scheduled as the rating will schedule them: in this zone, which the page sends with the rating.
  const cards = await cardViews(db, userId, shown, {
    now,
    desiredRetention,
    weights,
    timeZone,
    easyDays: counts.easyDays,
  });
  return {
    dueCount: reviewCount + planned.length + newCount,
    reviewCount,
    heldBack,
    plannedCount: planned.length,
    newCount,
    backlog: counts.overdue,
    cards,
    nextDue: counts.next?.toISOString() ?? null,
  };
}

/**
 * Each student's whole-queue `dueCount` (what readQueue answers with no set), for many students in one
 * statement: due cards and new cards within the day's limits (dailyLimits, as readQueue). A student with exams is read through
 * readQueue itself, because today's exam-plan cards need the planner (a few statements per such student).
 */
export async function dueCountsMany(
  deps: QueueDeps,
  students: { userId: number; timeZone: string }[],
): Promise<Map<number, number>> {
  const now = deps.clock.now();
  const rows = await reviewRepo.queueCountsMany(
    deps.db,
    students.map((s) => ({
      userId: s.userId,
      dayStart: startOfLocalDay(now, s.timeZone),
      timeZone: s.timeZone,
    })),
    now,
    DEFAULT_REVIEW_SETTINGS.newCardsPerDay,
    DEFAULT_REVIEW_SETTINGS.maxReviewsPerDay,
  );
  const zone = new Map(students.map((s) => [s.userId, s.timeZone]));
  const counts = new Map<number, number>();
  for (const r of rows) {
    if (r.hasExams) {
      const q = await readQueue(deps, r.userId, { limit: 1, timeZone: zone.get(r.userId) });
      counts.set(r.userId, q.dueCount);
    } else {
      const limits = dailyLimits({
        dueReviews: r.dueReviews,
        dueInterdayLearning: r.dueInterday,
        unseen: r.unseen,
        reviewedToday: r.reviewed,
        startedToday: r.started,
        newCardsPerDay: r.newCardsPerDay,
        maxReviewsPerDay: r.maxReviewsPerDay,
      });
      const heldBack = r.dueReviews - limits.reviews + r.dueInterday - limits.interdayLearning;
      counts.set(r.userId, r.due - heldBack + limits.newCards);
    }
  }
  return counts;
}
