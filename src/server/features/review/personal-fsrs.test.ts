import { beforeAll, describe, expect, it } from "vitest";
import { cardReviews } from "#server/db/schema/review.ts";
import { historiesOf, type LoggedRating } from "#server/features/review/personal-fsrs.ts";
import { fitFsrsJob } from "#server/features/review/review.jobs.ts";
import { browserEndpoints, FSRS_FIT_MIN_REVIEWS, fsrsEndpoints } from "#shared/review/browser-contract.ts";
import { reviewEndpoints } from "#shared/review/contract.ts";
import { apiClient } from "#tests/api.ts";
import { createFlashcardSet, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
const api = (who: TestUser) => apiClient(t.app)(who);
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

/** A synthetic log: 40 cards, 12 ratings each on growing intervals, lapses by a fixed pseudo-random rule. */
async function seedLog(who: TestUser) {
  const set = await createFlashcardSet(t.app, { owner: who, cards: 40 });
  const { cards } = await api(who).call(browserEndpoints.list, { query: { setId: set.id, limit: 40 } });
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const rows = [];
  const start = Date.UTC(2025, 0, 1);
  for (const card of cards) {
    let at = start;
    let interval = 1;
    for (let k = 0; k < 12; k += 1) {
      const rating = rnd() < Math.exp(-interval / 20) ? 3 : 1;
      rows.push({
        userId: who.user.id,
        flashcardId: card.id,
        rating,
        state: k === 0 ? 0 : 2,
        elapsedDays: interval,
        scheduledDays: interval,
        reviewedAt: new Date(at),
      });
      interval = rating === 1 ? 1 : Math.round(interval * 2.5);
      at += interval * 86_400_000;
    }
  }
  await t.database.db.insert(cardReviews).values(rows);
  return rows.length;
}

describe("personal FSRS parameters (issue 25 §4)", () => {
  it("refuses a fit below the minimum, fits a synthetic log in the job, schedules with it and returns to the defaults", async () => {
    expect(await api(ada).call(fsrsEndpoints.status)).toEqual({ reviews: 0, personal: false, fit: null });
    const tooFew = await api(ada).send(fsrsEndpoints.fit);
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().error).toContain(String(FSRS_FIT_MIN_REVIEWS));

    const n = await seedLog(ada);
    expect(n).toBeGreaterThanOrEqual(FSRS_FIT_MIN_REVIEWS);
    expect(await api(ada).call(fsrsEndpoints.fit)).toEqual({ queued: true });
    // The web role only enqueues: run the job's handler as the worker would.
    const out = await fitFsrsJob.handler({ userId: ada.user.id }, {
      services: t.app.services,
    } as unknown as Parameters<typeof fitFsrsJob.handler>[1]);
    expect(out).toMatchObject({ fitted: true, reviews: n });

    const status = await api(ada).call(fsrsEndpoints.status);
    expect(status.personal).toBe(true);
    expect(status.fit!.logLossAfter).toBeLessThanOrEqual(status.fit!.logLossBefore);
    expect(status.fit!.rmseAfter).toBeGreaterThan(0);
    // The queue's intervals come from the student's scheduler and still read as intervals.
    const queue = await api(ada).call(reviewEndpoints.queue, { query: {} });
    expect(queue.cards.every((c) => /^\d/.test(c.intervals.good))).toBe(true);

    // Bob's schedule is untouched by Ada's fit.
    expect(await api(bob).call(fsrsEndpoints.status)).toEqual({ reviews: 0, personal: false, fit: null });

    const reset = await api(ada).call(fsrsEndpoints.reset);
    expect(reset).toMatchObject({ personal: false, fit: { reviews: n } });
  });

  it("needs a session", async () => {
    expect((await apiClient(t.app)(null).send(fsrsEndpoints.status)).statusCode).toBe(401);
    expect((await apiClient(t.app)(null).send(fsrsEndpoints.fit)).statusCode).toBe(401);
  });
});

describe("the optimizer's training items (Anki's reviews_for_fsrs)", () => {
  const rated = (flashcardId: number, at: string, rating: number, state = 2): LoggedRating => ({
    flashcardId,
    rating,
    reviewedAt: new Date(at),
    state,
  });

  it("makes an item only of a review on a later day; same-day reviews stay in the history", () => {
    const log = [
      rated(1, "2025-01-01T10:00:00Z", 1, 0),
      rated(1, "2025-01-01T10:10:00Z", 3, 1),
      rated(1, "2025-01-02T09:00:00Z", 3),
      rated(1, "2025-01-02T09:10:00Z", 3),
      rated(1, "2025-01-05T09:00:00Z", 3),
    ];
    const r = (rating: number, deltaT: number) => ({ rating, deltaT });
    expect(historiesOf(log)).toEqual([
      [r(1, 0), r(3, 0), r(3, 1)],
      [r(1, 0), r(3, 0), r(3, 1), r(3, 0), r(3, 3)],
    ]);
  });

  it("counts the days between reviews in the student's zone", () => {
    // 23:59 and 00:01 in New York (one UTC date): a day apart there.
    const lateNight = [rated(1, "2025-01-11T04:59:00Z", 3, 0), rated(1, "2025-01-11T05:01:00Z", 3, 1)];
    expect(historiesOf(lateNight, "America/New_York")).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 1 },
      ],
    ]);
    // 18:59 and 19:01 in New York (two UTC dates): one evening, so no item.
    const evening = [rated(1, "2025-01-10T23:59:00Z", 3, 0), rated(1, "2025-01-11T00:01:00Z", 3, 1)];
    expect(historiesOf(evening, "America/New_York")).toEqual([]);
  });

  it("leaves out a card whose log does not start from new", () => {
    const partial = [rated(2, "2025-01-01T10:00:00Z", 3), rated(2, "2025-01-09T10:00:00Z", 3)];
    expect(historiesOf(partial)).toEqual([]);
  });
});
