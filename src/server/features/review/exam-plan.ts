import { addLocalDays, localDay, localDaysBetween, startOfLocalDay } from "#shared/local-day.ts";
import { type CardState, rateCard, retrievability, type Weights } from "./fsrs.ts";

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

/** A plan day: `day` counts local days from today (0), `date` is that local day. */
export type ExamPlanDay = { day: number; date: string; cardIds: number[] };

/**
 * `days`: the local days from today to the day before the exam that have cards to review (today alone
 * when the exam is later today), in order, each with its cards, lowest recall on the exam day first.
 * `belowTarget`: cards that cannot reach the target even if the plan is followed (too little time).
 */
export type ExamPlan = { days: ExamPlanDay[]; belowTarget: number[] };

type PlanContext = {
  exam: Date;
  /** desired retention: the scheduler's and the recall every card must reach on the exam day */
  retention: number;
  /** Plan days: 0 is today, `last` the day before the exam (or today). */
  last: number;
  /** When a plan day's reviews are assumed to happen: now for today, local midnight after. */
  reviewAt: (day: number) => Date;
  /** The plan day a moment falls on, at most `last + 1` (after the plan). */
  dayOf: (at: Date) => number;
  /** The student's zone: a simulated review counts its elapsed days there, as the real rating does. */
  timeZone: string;
  /** The student's fitted FSRS parameters (null: the defaults), as their real ratings are scheduled. */
  weights: Weights;
};

const GOOD = 3;
const recallAtExam = (card: CardState, ctx: PlanContext) => retrievability(card, ctx.exam, ctx.weights);
const goodAt = (card: CardState, day: number, ctx: PlanContext) =>
  rateCard(card, GOOD, ctx.reviewAt(day), ctx.retention, ctx.weights, ctx.timeZone).card;

/** The earliest day in [from, last] whose Good review alone carries the card to the exam (later is never worse). */
function earliestSufficientDay(card: CardState, from: number, ctx: PlanContext): number | null {
  const last = ctx.last;
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
  firstOnly = false,
): { days: number[]; final: CardState } {
  const last = ctx.last;
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
    days.push(day);
    if (firstOnly) break;
    state = goodAt(state, day, ctx);
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
export function planForExam(...args: Parameters<typeof planSteps>): ExamPlan {
  const steps = planSteps(...args);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Cards planned between two turns of the event loop in `planForExamAsync`. */
const CARDS_PER_SLICE = 200;

/**
 * `planForExam` in slices of CARDS_PER_SLICE cards with the event loop free in between: a long plan
 * (thousands of cards, an exam months away) never holds other students' requests for its whole length.
 */
export async function planForExamAsync(...args: Parameters<typeof planSteps>): Promise<ExamPlan> {
  const steps = planSteps(...args);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* planSteps(
  cards: readonly ScheduledCard[],
  examDate: Date,
  now: Date,
  retention: number,
  timeZone: string,
  newCardsPerDay = Number.POSITIVE_INFINITY,
  /**
   * Only today's cards (the review queue's and the exam list's question): each card's first review day
   * alone, a few scheduler calls per card instead of its whole path to the exam. `days` then holds today
   * at most, and `belowTarget` is empty.
   */
  todayOnly = false,
  /**
   * The student's fitted FSRS parameters: the plan must predict the schedule and the forgetting curve
   * their ratings really get, or a plan made with the defaults asks too much or too little of them.
   */
  weights: Weights = null,
): Generator<void, ExamPlan> {
  if (examDate.getTime() <= now.getTime()) return { days: [], belowTarget: [] };
  const today = startOfLocalDay(now, timeZone);
  const count = Math.max(1, localDaysBetween(today, examDate, timeZone));
  // Work is proportional to the cards' reviews, not to the days until the exam (issue 27 fault 1): a
  // day's midnight is computed only when a card lands on it, and the plan lists only days with cards.
  const midnights = new Map<number, Date>();
  const reviewAt = (day: number): Date => {
    if (day <= 0) return now;
    let at = midnights.get(day);
    if (!at) {
      at = addLocalDays(today, day, timeZone);
      midnights.set(day, at);
    }
    return at;
  };
  const ctx: PlanContext = {
    exam: examDate,
    retention,
    last: count - 1,
    reviewAt,
    dayOf: (at) => Math.min(count, Math.max(0, localDaysBetween(today, at, timeZone))),
    timeZone,
    weights,
  };
  const perDay = new Map<number, { id: number; recall: number }[]>();
  const belowTarget: number[] = [];
  let newSeen = 0;
  let sliced = 0;
  for (const card of cards) {
    if (++sliced % CARDS_PER_SLICE === 0) yield;
    const firstDay =
      card.state === 0 ? Math.min(count - 1, Math.floor(newSeen++ / Math.max(1, newCardsPerDay))) : 0;
    if (todayOnly && firstDay > 0) continue;
    const { days, final } = reviewDays(card, firstDay, ctx, todayOnly);
    const recall = recallAtExam(card, ctx);
    for (const day of days) {
      if (todayOnly && day > 0) continue;
      const list = perDay.get(day);
      if (list) list.push({ id: card.id, recall });
      else perDay.set(day, [{ id: card.id, recall }]);
    }
    if (!todayOnly && recallAtExam(final, ctx) < ctx.retention) belowTarget.push(card.id);
  }
  return {
    days: [...perDay.keys()]
      .sort((a, b) => a - b)
      .map((day) => ({
        day,
        date: localDay(reviewAt(day), timeZone),
        cardIds: perDay
          .get(day)!
          .sort((a, b) => a.recall - b.recall || a.id - b.id)
          .map((c) => c.id),
      })),
    belowTarget,
  };
}
