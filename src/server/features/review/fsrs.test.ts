import { createEmptyCard, fsrs, default_w as fsrsDefaults, Rating, State } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { REVIEW } from "#shared/constants.ts";
import {
  type CardState,
  DEFAULT_REVIEW_SETTINGS,
  formatInterval,
  fromFsrsCard,
  newCardState,
  previewIntervals,
  rateCard,
  retrievability,
  reviewRatingSchema,
  reviewSettingsSchema,
  scheduler,
  toFsrsCard,
  undoRating,
  usableWeights,
} from "./fsrs.ts";

const now = new Date("2025-04-01T14:00:00Z");
const library = (retention = 0.9) => fsrs({ request_retention: retention, enable_fuzz: true });
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A card that has been through a few reviews, by the library itself. */
function reviewed(ratings: (1 | 2 | 3 | 4)[], start = new Date("2025-01-01T10:00:00Z")): CardState {
  let card = newCardState(start);
  for (const rating of ratings) {
    const at = new Date(Math.max(card.due.getTime(), start.getTime()));
    card = rateCard(card, rating, at).card;
  }
  return card;
}

describe("rateCard on ts-fsrs", () => {
  it("moves a new card rated Good to exactly the state and due date the library gives", () => {
    const expected = library().next(createEmptyCard(now), now, Rating.Good);
    const { card } = rateCard(newCardState(now), 3, now);
    expect(toFsrsCard(card)).toEqual(expected.card);
    expect(card.state).toBe(State.Learning);
    expect(card.due.getTime() - now.getTime()).toBe(10 * MINUTE);
    expect(card).toMatchObject({ reps: 1, lapses: 0, lastReview: now });
  });

  it("gives the library's review log for that rating", () => {
    const expected = library().next(createEmptyCard(now), now, Rating.Good).log;
    const { log } = rateCard(newCardState(now), 3, now);
    expect(log).toEqual({
      rating: expected.rating,
      state: expected.state,
      due: expected.due,
      stability: expected.stability,
      difficulty: expected.difficulty,
      elapsedDays: expected.elapsed_days,
      lastElapsedDays: expected.last_elapsed_days,
      scheduledDays: expected.scheduled_days,
      learningSteps: expected.learning_steps,
      reviewedAt: now,
    });
    expect(log).toMatchObject({ rating: 3, state: State.New, reviewedAt: now });
  });

  it("follows the library through a whole history, lapses included", () => {
    let ours = newCardState(now);
    let theirs = createEmptyCard(now);
    const f = library(0.85);
    let at = now;
    for (const rating of [3, 3, 4, 1, 2, 3, 3] as const) {
      ours = rateCard(ours, rating, at, 0.85).card;
      theirs = f.next(theirs, at, rating).card;
      expect(toFsrsCard(ours)).toEqual(theirs);
      at = new Date(ours.due.getTime() + 3 * 60 * MINUTE);
    }
    expect(ours.lapses).toBe(1);
    expect(ours.state).toBe(State.Review);
  });

  it("maps the table's columns to the library's card and back without loss", () => {
    const card = reviewed([3, 3, 3]);
    expect(fromFsrsCard(toFsrsCard(card))).toEqual(card);
    expect(fromFsrsCard(toFsrsCard(newCardState(now)))).toEqual(newCardState(now));
  });

  it("undoes a rating back to the card exactly as it was, its due date included", () => {
    // A learning card from an import that never had a review logged: no last review to restore.
    const unseen = { ...reviewed([3]), lastReview: null };
    for (const before of [newCardState(now), reviewed([3, 3]), reviewed([3, 3, 3, 1]), unseen]) {
      const at = new Date(Math.max(before.due.getTime(), now.getTime()) + 5 * MINUTE);
      for (const rating of [1, 2, 3, 4] as const) {
        const { card, log } = rateCard(before, rating, at);
        expect(undoRating(card, log, before.due)).toEqual(before);
        // A rating logged without the card's due date: the library's rollback, due at the undone review.
        if (before.lastReview)
          expect(undoRating(card, log)).toEqual(before.state === State.New ? before : { ...before, due: at });
      }
    }
  });

  it("counts elapsed days in the student's zone: 23:59 and 00:01 local are a day apart, 18:59 and 19:01 are not", () => {
    const zone = "America/New_York"; // UTC-5 in January
    // A review card last seen at `last` (UTC), rated Good at `at`.
    const seenAt = (last: string) => ({ ...reviewed([3, 3, 3]), lastReview: new Date(last) });
    const elapsed = (last: string, at: string) => {
      const { card, log } = rateCard(seenAt(last), 3, new Date(at), 0.9, null, zone);
      expect(log.elapsedDays).toBe(card.elapsedDays);
      return card.elapsedDays;
    };
    // 23:59 and 00:01 in New York: one UTC date (05:xx), two local ones.
    expect(elapsed("2025-01-11T04:59:00Z", "2025-01-11T05:01:00Z")).toBe(1);
    // 18:59 and 19:01 in New York: two UTC dates, one local evening.
    expect(elapsed("2025-01-10T23:59:00Z", "2025-01-11T00:01:00Z")).toBe(0);

    // The memory state is the library's for those local days; the times it answers are the real ones.
    const at = new Date("2025-01-11T05:01:00Z");
    const before = seenAt("2025-01-11T04:59:00Z");
    const { card, log } = rateCard(before, 3, at, 0.9, null, zone);
    const wall = (d: Date) => new Date(d.getTime() - 5 * 60 * MINUTE);
    const lib = library().next(
      toFsrsCard({ ...before, due: wall(before.due), lastReview: wall(before.lastReview!) }),
      wall(at),
      Rating.Good,
    );
    expect(card.stability).toBe(lib.card.stability);
    expect(card.scheduledDays).toBe(lib.card.scheduled_days);
    expect(card.due.getTime() - at.getTime()).toBe(lib.card.due.getTime() - wall(at).getTime());
    expect(card.lastReview).toEqual(at);
    expect(log.reviewedAt).toEqual(at);
    expect(log.due).toEqual(before.lastReview);
    // Undo still gives the card back as it was.
    expect(undoRating(card, log, before.due)).toEqual(before);
  });

  it("schedules further apart for a lower desired retention", () => {
    const card = reviewed([3, 3, 3]);
    const at = card.due;
    const low = rateCard(card, 3, at, REVIEW.minRetention).card.due.getTime();
    const high = rateCard(card, 3, at, REVIEW.maxRetention).card.due.getTime();
    expect(low).toBeGreaterThan(high);
  });

  it("schedules with the defaults, not clamped nonsense, when fitted parameters are NaN or the wrong length", () => {
    const card = reviewed([3, 3, 3]);
    const at = new Date(card.due.getTime() + DAY);
    const byDefault = rateCard(card, 3, at).card;
    const nan = [...fsrsDefaults];
    nan[8] = Number.NaN;
    expect(usableWeights(nan)).toBe(false);
    expect(rateCard(card, 3, at, 0.9, nan).card).toEqual(byDefault);
    expect(usableWeights(fsrsDefaults.slice(0, 19))).toBe(false);
    expect(usableWeights([...fsrsDefaults.slice(0, 20), Number.POSITIVE_INFINITY])).toBe(false);
    // Real parameters still schedule differently.
    const fitted = [...fsrsDefaults];
    fitted[8] = 2;
    expect(usableWeights(fitted)).toBe(true);
    expect(rateCard(card, 3, at, 0.9, fitted).card.stability).not.toBe(byDefault.stability);
  });

  it("refuses a desired retention outside 0.70-0.97", () => {
    expect(() => scheduler(0.69)).toThrow();
    expect(() => scheduler(0.98)).toThrow();
    expect(scheduler(0.7)).toBe(scheduler(0.7));
  });
});

describe("retrievability", () => {
  it("is 0 for a card never reviewed", () => {
    expect(retrievability(newCardState(now), now)).toBe(0);
  });

  it("follows the library's forgetting curve: 90% after `stability` days, falling with time", () => {
    const card = reviewed([3, 3, 3]);
    const last = card.lastReview!.getTime();
    const at = (days: number) => retrievability(card, new Date(last + days * DAY));
    expect(at(0)).toBe(1);
    expect(at(Math.floor(card.stability))).toBeCloseTo(0.9, 1);
    expect(at(10)).toBeGreaterThan(at(40));
    expect(at(40)).toBe(library().get_retrievability(toFsrsCard(card), new Date(last + 40 * DAY), false));
  });
});

describe("fuzz", () => {
  it("is seeded by the card, so a rating a moment after the buttons were shown lands on the same day", () => {
    const card = reviewed([3, 3, 3, 3]);
    const days = (key: string, ms: number) =>
      rateCard(card, 3, new Date(card.due.getTime() + ms), 0.9, null, "UTC", key).card.scheduledDays;
    for (const key of ["1", "2", "3", "4", "5"])
      for (const ms of [1, 17, 999, 30_000]) expect(days(key, ms)).toBe(days(key, 0));
    // Still fuzz: cards reviewed together do not all land on one day.
    expect(new Set(["1", "2", "3", "4", "5", "6", "7", "8"].map((k) => days(k, 0))).size).toBeGreaterThan(1);
  });
});

describe("previewIntervals", () => {
  it("shows the learning steps for a new card", () => {
    const labels = previewIntervals(newCardState(now), now);
    expect(labels).toMatchObject({ again: "1m", hard: "6m", good: "10m" });
    expect(labels.easy).toMatch(/^\d+d$/);
  });

  it("shows what rateCard would give for each button", () => {
    const card = reviewed([3, 3, 3, 3]);
    const labels = previewIntervals(card, card.due);
    for (const [name, rating] of [
      ["again", 1],
      ["hard", 2],
      ["good", 3],
      ["easy", 4],
    ] as const) {
      const due = rateCard(card, rating, card.due).card.due.getTime();
      expect(labels[name]).toBe(formatInterval(due - card.due.getTime()));
    }
  });

  it.each([
    [20_000, "1m"],
    [10 * MINUTE, "10m"],
    [59 * MINUTE, "59m"],
    [59.6 * MINUTE, "1h"],
    [5 * 60 * MINUTE, "5h"],
    [23.6 * 60 * MINUTE, "1d"],
    [3 * DAY, "3d"],
    [29 * DAY, "29d"],
    [61 * DAY, "2mo"],
    [340 * DAY, "11mo"],
    [350 * DAY, "1y"],
    [365 * DAY, "1y"],
    [548 * DAY, "1.5y"],
  ])("formats %i ms as %s", (ms, label) => {
    expect(formatInterval(ms)).toBe(label);
  });
});

describe("review settings", () => {
  it("defaults to 0.90 retention, 20 new cards and 200 reviews a day (Anki's defaults)", () => {
    expect(DEFAULT_REVIEW_SETTINGS).toEqual({
      desiredRetention: 0.9,
      newCardsPerDay: 20,
      maxReviewsPerDay: 200,
    });
  });

  it("allows retention 0.70-0.97 only and a whole, non-negative new-card limit", () => {
    expect(reviewSettingsSchema.safeParse({ desiredRetention: 0.7 }).success).toBe(true);
    expect(reviewSettingsSchema.safeParse({ desiredRetention: 0.97 }).success).toBe(true);
    expect(reviewSettingsSchema.safeParse({ desiredRetention: 0.6 }).error?.issues[0]?.message).toBe(
      "Desired retention must be at least 0.7",
    );
    expect(reviewSettingsSchema.safeParse({ desiredRetention: 0.99 }).success).toBe(false);
    expect(reviewSettingsSchema.safeParse({ newCardsPerDay: 2.5 }).success).toBe(false);
    expect(reviewSettingsSchema.safeParse({ newCardsPerDay: -1 }).success).toBe(false);
  });

  it("accepts ratings 1-4 only", () => {
    expect([1, 2, 3, 4].map((r) => reviewRatingSchema.safeParse(r).success)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([0, 5, 2.5, "3"].map((r) => reviewRatingSchema.safeParse(r).success)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
