import { addLocalDays, localDay, localDaysBetween, startOfLocalDay } from "#shared/local-day.ts";
import { type CardState, rateCard, retrievability } from "./fsrs.ts";

/** A flashcard's id with its scheduling state. */
export type ScheduledCard = CardState & { id: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Backlog relief (issue 11): spread the overdue cards over `days` days, the lowest recall (then the
 * most overdue) first. The first day's share stays due; the rest move to the same time on later days.
 * Answers only the cards that move. The library's scheduling is untouched: a moved card is reviewed
 * later, with the real elapsed time.
 */
export function spreadBacklog(
  cards: readonly ScheduledCard[],
  days: number,
  now: Date,
): { id: number; due: Date }[] {
  const overdue = cards
    .filter((c) => c.due.getTime() <= now.getTime())
    .map((c) => ({ card: c, recall: retrievability(c, now) }))
    .sort(
      (a, b) => a.recall - b.recall || a.card.due.getTime() - b.card.due.getTime() || a.card.id - b.card.id,
    );
  const perDay = Math.ceil(overdue.length / Math.max(1, Math.floor(days)));
  return overdue.slice(perDay).map(({ card }, i) => ({
    id: card.id,
    due: new Date(now.getTime() + (Math.floor(i / perDay) + 1) * DAY_MS),
  }));
}

export type ExamPlanDay = { date: string; cardIds: number[] };

/**
 * `days`: every local day from today to the day before the exam (today alone when the exam is later
 * today), each with the cards to review that day, lowest recall on the exam day first.
 * `belowTarget`: cards that cannot reach the target even if the plan is followed (too little time).
 */
export type ExamPlan = { days: ExamPlanDay[]; belowTarget: number[] };

type PlanContext = {
  exam: Date;
  /** desired retention: the scheduler's and the recall every card must reach on the exam day */
  retention: number;
  /** When each plan day's reviews are assumed to happen: now for today, local midnight after. */
  reviewAt: Date[];
  dayOf: (at: Date) => number;
};

const GOOD = 3;
const recallAtExam = (card: CardState, ctx: PlanContext) => retrievability(card, ctx.exam);
const goodAt = (card: CardState, day: number, ctx: PlanContext) =>
  rateCard(card, GOOD, ctx.reviewAt[day]!, ctx.retention).card;

/** The earliest day in [from, last] whose Good review alone carries the card to the exam (later is never worse). */
function earliestSufficientDay(card: CardState, from: number, ctx: PlanContext): number | null {
  const last = ctx.reviewAt.length - 1;
  if (recallAtExam(goodAt(card, last, ctx), ctx) < ctx.retention) return null;
  let [lo, hi] = [from, last];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (recallAtExam(goodAt(card, mid, ctx), ctx) >= ctx.retention) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The days one card is reviewed on, simulating the library with Good answers: it is reviewed when
 * FSRS says it is due, and when its next due date falls after the exam but its recall on the exam day
 * would be below target, it gets one extra review on the earliest day that is enough (or, when no
 * single review is enough, the first free day, to build stability). New cards start on `firstDay`.
 */
function reviewDays(
  card: CardState,
  firstDay: number,
  ctx: PlanContext,
): { days: number[]; final: CardState } {
  const last = ctx.reviewAt.length - 1;
  const days: number[] = [];
  let state = card;
  let from = firstDay;
  while (from <= last) {
    const due = Math.max(from, ctx.dayOf(state.due));
    let day = due;
    if (due > last) {
      if (recallAtExam(state, ctx) >= ctx.retention) break;
      day = earliestSufficientDay(state, from, ctx) ?? from;
    }
    state = goodAt(state, day, ctx);
    days.push(day);
    from = day + 1;
  }
  return { days, final: state };
}

/**
 * Exam plan (issue 11): per local day until the exam, the cards to review so that, if the plan is
 * followed, every card's predicted recall at `examDate` (the library's forgetting curve) is at least
 * `retention`. Reviews under the plan are ordinary FSRS reviews. Later days assume their reviews at
 * local midnight; real review times shift FSRS's schedule, so compute the plan afresh each day (from
 * the cards' current state) rather than storing it. `newCardsPerDay` staggers cards never studied, in
 * the given order, instead of starting them all today.
 */
export function planForExam(
  cards: readonly ScheduledCard[],
  examDate: Date,
  now: Date,
  retention: number,
  timeZone: string,
  newCardsPerDay = Number.POSITIVE_INFINITY,
): ExamPlan {
  if (examDate.getTime() <= now.getTime()) return { days: [], belowTarget: [] };
  const today = startOfLocalDay(now, timeZone);
  const count = Math.max(1, localDaysBetween(today, examDate, timeZone));
  // Local midnights that start plan days 1..count; time zone lookups stay out of the per-card loop.
  const midnights = Array.from({ length: count }, (_, i) => addLocalDays(today, i + 1, timeZone).getTime());
  const ctx: PlanContext = {
    exam: examDate,
    retention,
    reviewAt: [now, ...midnights.slice(0, count - 1).map((t) => new Date(t))],
    dayOf: (at) => midnights.filter((t) => t <= at.getTime()).length,
  };
  const perDay: { id: number; recall: number }[][] = ctx.reviewAt.map(() => []);
  const belowTarget: number[] = [];
  let newSeen = 0;
  for (const card of cards) {
    const firstDay =
      card.state === 0 ? Math.min(count - 1, Math.floor(newSeen++ / Math.max(1, newCardsPerDay))) : 0;
    const { days, final } = reviewDays(card, firstDay, ctx);
    const recall = recallAtExam(card, ctx);
    for (const day of days) perDay[day]!.push({ id: card.id, recall });
    if (recallAtExam(final, ctx) < ctx.retention) belowTarget.push(card.id);
  }
  return {
    days: perDay.map((list, i) => ({
      date: localDay(ctx.reviewAt[i]!, timeZone),
      cardIds: list.sort((a, b) => a.recall - b.recall || a.id - b.id).map((c) => c.id),
    })),
    belowTarget,
  };
}
