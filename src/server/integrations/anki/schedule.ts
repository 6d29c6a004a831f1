import { default_w, S_MIN, State } from "ts-fsrs";
import { type CardState, newCardState, type ReviewRating, rateCard } from "#server/features/review/fsrs.ts";
import type { CardSchedule, ReviewEvent } from "#shared/flashcards/card-model.ts";
import type { AnkiCard, AnkiRevlog } from "./collection.ts";

/**
 * Review state between Anki and Studyhall's FSRS (src/shared/review.ts).
 *
 * In: the card's review log is replayed through the same ts-fsrs scheduler Studyhall rates with, which
 * gives the history with the state before each rating (what Undo and the optimizer need) and a memory
 * state (stability, difficulty). Anki's own FSRS memory state, when the card has one (cards.data s/d),
 * wins over the replay: Anki fitted it with the student's own parameters. The schedule itself is Anki's:
 * the due date, interval, reps, lapses and suspended/buried flags are taken as they are, so a student
 * switching from Anki keeps their schedule.
 *
 * Out: the card's columns and revlog rows in Anki's schema, the memory state in cards.data as Anki's FSRS
 * keeps it ({"s","d","lrt"}), and difficulty in revlog.factor as Anki writes it when FSRS is on (100-1100).
 */

export const DAY_MS = 86_400_000;

/** Anki's card.type and revlog.type. */
const CardType = { New: 0, Learn: 1, Review: 2, Relearn: 3 } as const;
const RevlogType = { Learn: 0, Review: 1, Relearn: 2, Filtered: 3, Manual: 4, Rescheduled: 5 } as const;
/** Anki's card.queue. */
const Queue = {
  Suspended: -1,
  SchedBuried: -2,
  UserBuried: -3,
  New: 0,
  Learn: 1,
  Review: 2,
  DayLearn: 3,
} as const;

export type ScheduleContext = {
  /** The collection's creation (seconds): day numbers count from it. */
  crt: number;
  schedVer: number;
  now: Date;
  retention?: number | undefined;
  /**
   * The student's zone: the replay counts the days between reviews there, as their own ratings do
   * (a review at 20:00 and the next at 09:00 the next morning are a day apart, whatever UTC says).
   */
  timeZone?: string | undefined;
};

/**
 * The ratings that count for FSRS, as Anki chooses them (rslib/src/revlog/mod.rs, reviews_for_fsrs in
 * scheduler/fsrs/params.rs): none before the last reset ('Forget': manual with factor 0) nor before the
 * last run of learning steps (Anki before 2.1.50 logged no reset: a card learnt again after one starts
 * over there), no manual reschedules (ease 0), no cramming (filtered without rescheduling: factor 0).
 * The old scheduler had three learning buttons: its 2 and 3 are Good and Easy.
 */
export function ratingsOf(
  entries: readonly AnkiRevlog[],
  schedVer: number,
): { at: Date; rating: ReviewRating; ms: number }[] {
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  const cramming = (e: AnkiRevlog) => e.type === RevlogType.Filtered && e.factor === 0;
  let start = sorted.findLastIndex((e) => e.type === RevlogType.Manual && e.factor === 0) + 1;
  let firstLearn = -1;
  for (let i = sorted.length - 1; i >= start; i--) {
    const e = sorted[i]!;
    if (cramming(e)) continue;
    if (e.ease > 0 && e.type === RevlogType.Learn) firstLearn = i;
    else if (firstLearn !== -1) break;
  }
  if (firstLearn !== -1) start = firstLearn;
  return sorted.slice(start).flatMap((e) => {
    if (e.ease < 1 || e.ease > 4) return [];
    if (cramming(e)) return [];
    if (e.type === RevlogType.Manual || e.type === RevlogType.Rescheduled) return [];
    let rating = e.ease;
    if (schedVer === 1 && (e.type === RevlogType.Learn || e.type === RevlogType.Relearn) && rating > 1)
      rating += 1;
    return [{ at: new Date(e.id), rating: Math.min(rating, 4) as ReviewRating, ms: Math.max(0, e.time) }];
  });
}

/**
 * FSRS's estimate of a memory state from SM-2's ease and interval, for a reviewed card whose log is gone
 * (fsrs-rs memory_state_from_sm2, with the default parameters).
 */
export function memoryFromSm2(
  ease: number,
  intervalDays: number,
  retention = 0.9,
): { stability: number; difficulty: number } {
  const w = default_w;
  const decay = -(w[20] ?? 0.5);
  const factor = 0.9 ** (1 / decay) - 1;
  const stability = (Math.max(intervalDays, S_MIN) * factor) / (retention ** (1 / decay) - 1);
  const difficulty =
    11 - (ease - 1) / (Math.exp(w[8]!) * stability ** -w[9]! * Math.expm1((1 - retention) * w[10]!));
  return { stability, difficulty: Math.min(10, Math.max(1, difficulty)) };
}

type CardData = { s?: unknown; d?: unknown; lrt?: unknown };
function cardData(data: string): { s?: number; d?: number; lrt?: number } {
  if (!data || data === "{}") return {};
  try {
    const parsed = JSON.parse(data) as CardData;
    const finite = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
    const s = finite(parsed.s);
    const d = finite(parsed.d);
    const lrt = finite(parsed.lrt);
    return {
      ...(s !== undefined && s > 0 ? { s } : {}),
      ...(d !== undefined && d >= 1 && d <= 10 ? { d } : {}),
      ...(lrt !== undefined && lrt > 0 ? { lrt } : {}),
    };
  } catch {
    return {};
  }
}

/** The start of Anki day `day` of a collection created at `crt` (seconds). */
export const ankiDayStart = (crt: number, day: number) => new Date((crt + day * 86_400) * 1000);
export const ankiDayOf = (crt: number, at: Date) => Math.floor((at.getTime() / 1000 - crt) / 86_400);

/** One Anki card and its log as a Studyhall review item. */
export function importSchedule(
  card: AnkiCard,
  log: readonly AnkiRevlog[],
  ctx: ScheduleContext,
): CardSchedule {
  const ratings = ratingsOf(log, ctx.schedVer);
  const history: ReviewEvent[] = [];
  let replayed: CardState | null = null;
  for (const r of ratings) {
    const before: CardState = replayed ?? newCardState(r.at);
    const next = rateCard(before, r.rating, r.at, ctx.retention, null, ctx.timeZone);
    history.push({ ...next.log, durationMs: r.ms });
    replayed = next.card;
  }
  const flags = {
    suspended: card.queue === Queue.Suspended,
    buried: card.queue === Queue.SchedBuried || card.queue === Queue.UserBuried,
  };
  const state =
    card.type === CardType.Learn
      ? State.Learning
      : card.type === CardType.Review
        ? State.Review
        : card.type === CardType.Relearn
          ? State.Relearning
          : State.New;
  if (state === State.New) return { ord: card.ord, state: newCardState(ctx.now), history, ...flags };

  const data = cardData(card.data);
  const lastReview = history.at(-1)?.reviewedAt ?? (data.lrt ? new Date(data.lrt * 1000) : null);
  // A card in a filtered deck keeps its real schedule in odue.
  const rawDue = card.odid !== 0 && card.odue !== 0 ? card.odue : card.due;
  const inDays =
    card.queue === Queue.Review || card.queue === Queue.DayLearn || (card.queue < 0 && rawDue < 1e9);
  let due = inDays ? ankiDayStart(ctx.crt, rawDue) : new Date(rawDue * 1000);
  const scheduledDays = state === State.Review ? Math.max(0, card.ivl) : (replayed?.scheduledDays ?? 0);
  // Anki keeps a day; the review's time of day on that day is what FSRS scheduled, when it still fits.
  if (inDays && lastReview && scheduledDays > 0) {
    const precise = new Date(lastReview.getTime() + scheduledDays * DAY_MS);
    if (ankiDayOf(ctx.crt, precise) === rawDue) due = precise;
  }
  const memory =
    data.s !== undefined && data.d !== undefined
      ? { stability: data.s, difficulty: data.d }
      : replayed && replayed.state !== State.New
        ? { stability: replayed.stability, difficulty: replayed.difficulty }
        : memoryFromSm2((card.factor || 2500) / 1000, Math.max(card.ivl, 1));
  return {
    ord: card.ord,
    state: {
      due,
      stability: memory.stability,
      difficulty: memory.difficulty,
      elapsedDays: replayed?.elapsedDays ?? 0,
      scheduledDays,
      learningSteps: state === State.Review ? 0 : (replayed?.learningSteps ?? 0),
      reps: card.reps,
      lapses: card.lapses,
      state,
      lastReview: lastReview ?? (state === State.Review ? new Date(due.getTime() - card.ivl * DAY_MS) : null),
    },
    history,
    ...flags,
  };
}

export type AnkiCardColumns = Pick<
  AnkiCard,
  "type" | "queue" | "due" | "ivl" | "factor" | "reps" | "lapses" | "left" | "data"
>;
export type AnkiRevlogRow = Omit<AnkiRevlog, "cid">;

/** Difficulty as Anki's FSRS writes it into revlog.factor: 100-1100, so it never reads as an SM-2 ease. */
const fsrsFactor = (difficulty: number) => Math.round(((difficulty - 1) / 9 + 0.1) * 1000);

/** A review item as an Anki card's columns; `position` orders new cards. */
export function exportCardColumns(
  schedule: CardSchedule | undefined,
  crt: number,
  position: number,
): AnkiCardColumns {
  const fresh = {
    type: CardType.New,
    queue: Queue.New,
    due: position,
    ivl: 0,
    factor: 0,
    reps: 0,
    lapses: 0,
    left: 0,
    data: "{}",
  };
  if (!schedule) return fresh;
  const s = schedule.state;
  const hidden = schedule.suspended ? Queue.Suspended : schedule.buried ? Queue.UserBuried : null;
  if (s.state === State.New) return { ...fresh, queue: hidden ?? Queue.New };
  const dueDay = ankiDayOf(crt, s.due);
  const data = JSON.stringify({
    s: s.stability,
    d: s.difficulty,
    ...(s.lastReview ? { lrt: Math.floor(s.lastReview.getTime() / 1000) } : {}),
  });
  const common = { reps: s.reps, lapses: s.lapses, data };
  if (s.state === State.Review)
    return {
      ...common,
      type: CardType.Review,
      queue: hidden ?? Queue.Review,
      due: dueDay,
      ivl: Math.max(1, Math.round(s.scheduledDays)),
      factor: 2500,
      left: 0,
    };
  // Learning and relearning: a step within the day is due in seconds, a step of days by day.
  const intraday = s.scheduledDays < 1;
  return {
    ...common,
    type: s.state === State.Learning ? CardType.Learn : CardType.Relearn,
    queue: hidden ?? (intraday ? Queue.Learn : Queue.DayLearn),
    due: intraday ? Math.floor(s.due.getTime() / 1000) : dueDay,
    ivl: s.state === State.Relearning ? Math.max(1, Math.round(s.stability)) : 0,
    factor: s.state === State.Relearning ? 2500 : 0,
    left: 1001,
  };
}

/**
 * A review item's history as revlog rows: ease is the rating, type the state before it, ivl the interval
 * the rating gave (days, or negative seconds within a day) and lastIvl the one before, factor the
 * difficulty after it. Ids are the review times in milliseconds, made unique across the package.
 */
export function exportRevlog(schedule: CardSchedule, usedIds: Set<number>): AnkiRevlogRow[] {
  const { history, state } = schedule;
  const interval = (from: Date, due: Date, days: number) =>
    days >= 1 ? Math.round(days) : -Math.max(1, Math.round((due.getTime() - from.getTime()) / 1000));
  return history.map((h, i) => {
    const after = history[i + 1] ?? state;
    let id = h.reviewedAt.getTime();
    while (usedIds.has(id)) id++;
    usedIds.add(id);
    return {
      id,
      ease: h.rating,
      ivl: interval(h.reviewedAt, after.due, after.scheduledDays),
      lastIvl: h.state === State.New ? 0 : h.scheduledDays >= 1 ? Math.round(h.scheduledDays) : 0,
      factor: fsrsFactor(after.difficulty),
      time: Math.max(0, Math.round(h.durationMs ?? 0)),
      type:
        h.state === State.Review
          ? RevlogType.Review
          : h.state === State.Relearning
            ? RevlogType.Relearn
            : RevlogType.Learn,
    };
  });
}
