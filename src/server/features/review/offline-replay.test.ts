import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cardReviews, cardStates } from "#server/db/schema/review.ts";
import { tasks as tasksTable } from "#server/db/schema/tasks.ts";
import { newCardState, rateCard } from "#server/features/review/fsrs.ts";
import { startOfLocalDay } from "#shared/local-day.ts";
import type { ReviewQueue } from "#shared/review/contract.ts";
import { createFlashcardSet, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { travellingClock } from "#tests/test-app.ts";

// Issue 23: ratings and tasks made offline are replayed with a client id until an answer arrives.

const clock = travellingClock();
const t = testAppPerFile({ clock });
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const req = t.req;

async function cards(owner: TestUser, n: number) {
  const set = await createFlashcardSet(t.app, { owner, title: "Cells", cards: n });
  const q = (await req(owner, "GET", `/api/review/queue?setId=${set.id}`)).json() as ReviewQueue;
  return q.cards.map((c) => c.id);
}

const reviewsOf = (userId: number, cardId: number) =>
  t.database.db
    .select()
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), eq(cardReviews.flashcardId, cardId)));

describe("offline ratings (clientId, reviewedAt)", () => {
  it("applies a replayed rating once and answers the replay as the first time", async () => {
    const [cardId] = await cards(ada, 1);
    const clientId = randomUUID();
    const body = { rating: 3, clientId, reviewedAt: new Date(clock.now().getTime() - HOUR).toISOString() };
    const first = await req(ada, "POST", `/api/review/cards/${cardId}/rate`, body);
    expect(first.statusCode).toBe(200);
    // Time passes, the device did not see the answer and sends it again, twice, concurrently.
    clock.travel(HOUR);
    const replays = await Promise.all([
      req(ada, "POST", `/api/review/cards/${cardId}/rate`, body),
      req(ada, "POST", `/api/review/cards/${cardId}/rate`, body),
    ]);
    for (const r of replays) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(first.json());
    }
    const rows = await reviewsOf(ada.user.id, cardId!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId, reviewedAt: new Date(body.reviewedAt) });
  });

  it("schedules with the recorded time, not the time it arrived", async () => {
    const [cardId] = await cards(ada, 1);
    const at = new Date(clock.now().getTime() - 3 * DAY);
    const res = await req(ada, "POST", `/api/review/cards/${cardId}/rate`, {
      rating: 4,
      clientId: randomUUID(),
      reviewedAt: at.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    // The rating seeds FSRS's fuzz with the card's id (fsrs.ts, seedOf).
    const expected = rateCard(newCardState(at), 4, at, 0.9, null, "UTC", String(cardId));
    expect(res.json().due).toBe(expected.card.due.toISOString());
    const [state] = await t.database.db
      .select()
      .from(cardStates)
      .where(and(eq(cardStates.userId, ada.user.id), eq(cardStates.flashcardId, cardId!)));
    expect(state?.lastReview).toEqual(at);
  });

  it("counts the days since the last review in the student's zone, not UTC's", async () => {
    const eve = await createUser(t.app);
    await req(eve, "PUT", "/api/settings/time-zone", { timeZone: "America/New_York" });
    const [cardId] = await cards(eve, 1);
    // 23:59 and 00:01 in New York, one UTC date: a day apart for the student.
    const midnight = startOfLocalDay(new Date(clock.now().getTime() - DAY), "America/New_York");
    const last = new Date(midnight.getTime() - 60_000);
    const at = new Date(midnight.getTime() + 60_000);
    const before = { ...rateCard(newCardState(last), 3, last).card, state: 2 as const, stability: 5 };
    await t.database.db.insert(cardStates).values({ userId: eve.user.id, flashcardId: cardId!, ...before });
    const res = await req(eve, "POST", `/api/review/cards/${cardId}/rate`, {
      rating: 3,
      clientId: randomUUID(),
      reviewedAt: at.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    const [state] = await t.database.db
      .select()
      .from(cardStates)
      .where(and(eq(cardStates.userId, eve.user.id), eq(cardStates.flashcardId, cardId!)));
    expect(state?.elapsedDays).toBe(1);
    expect((await reviewsOf(eve.user.id, cardId!))[0]?.elapsedDays).toBe(1);
  });

  it("counts a rating replayed late on the student's day it was made, not UTC's", async () => {
    const zone = "America/Los_Angeles";
    const fay = await createUser(t.app);
    await req(fay, "PUT", "/api/settings/time-zone", { timeZone: zone });
    await req(fay, "PUT", "/api/review/settings", { desiredRetention: 0.9, newCardsPerDay: 2 });
    const [late, today] = await cards(fay, 4);
    // 23:30 yesterday in Los Angeles, sent from the queue only now: the same UTC date as this afternoon
    // there (UTC-8 or -7), so a day counted in UTC would merge the two.
    const startOfToday = startOfLocalDay(clock.now(), zone);
    const madeAt = new Date(startOfToday.getTime() - 30 * 60_000);
    const lateRes = await req(fay, "POST", `/api/review/cards/${late}/rate`, {
      rating: 3,
      clientId: randomUUID(),
      reviewedAt: madeAt.toISOString(),
      sentAt: clock.now().toISOString(),
    });
    expect(lateRes.statusCode).toBe(200);
    // Its age by the device's clock, to the request's few milliseconds on the way.
    const recorded = (await reviewsOf(fay.user.id, late!))[0]!.reviewedAt.getTime();
    expect(Math.abs(recorded - madeAt.getTime())).toBeLessThan(1000);
    expect((await req(fay, "POST", `/api/review/cards/${today}/rate`, { rating: 3 })).statusCode).toBe(200);
    // Today's new cards: only this afternoon's counts against the limit of 2, so one more is offered.
    const queue = (await req(fay, "GET", `/api/review/queue?timeZone=${encodeURIComponent(zone)}`)).json();
    expect(queue.newCount).toBe(1);
    // The streak: yesterday and today, two of the student's days.
    const stats = await req(fay, "GET", `/api/study-stats/${fay.user.id}`);
    expect(stats.statusCode).toBe(200);
    expect(stats.json().currentStudyStreak).toBe(2);
  });

  it("keeps a rating older than the card's last review in the history without rescheduling", async () => {
    const [cardId] = await cards(ada, 1);
    const now = await req(ada, "POST", `/api/review/cards/${cardId}/rate`, { rating: 3 });
    const late = await req(ada, "POST", `/api/review/cards/${cardId}/rate`, {
      rating: 1,
      clientId: randomUUID(),
      reviewedAt: new Date(clock.now().getTime() - 2 * HOUR).toISOString(),
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ due: now.json().due, state: now.json().state });
    const rows = await reviewsOf(ada.user.id, cardId!);
    expect(rows.map((r) => r.rating).sort()).toEqual([1, 3]);
    // Only the rating that scheduled the card can be undone.
    const undo = await req(ada, "POST", "/api/review/undo", { reviewId: late.json().reviewId });
    expect(undo.statusCode).toBe(409);
  });

  it("answers 404 with an error to a rating of a card deleted while the device was offline", async () => {
    const [cardId] = await cards(ada, 1);
    expect((await req(ada, "DELETE", `/api/study/flashcards/${cardId}`)).statusCode).toBeLessThan(300);
    const res = await req(ada, "POST", `/api/review/cards/${cardId}/rate`, {
      rating: 3,
      clientId: randomUUID(),
      reviewedAt: new Date(clock.now().getTime() - HOUR).toISOString(),
    });
    // A 4xx the outbox drops for good, not a 5xx it would send again forever.
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("keeps the ratings of a device whose clock is hours off, at their age by that clock (sentAt)", async () => {
    const [fast, slow, ahead, old] = await cards(ada, 4);
    const now = clock.now().getTime();
    const rate = (card: number | undefined, deviceNow: number, madeAgo: number) =>
      req(ada, "POST", `/api/review/cards/${card}/rate`, {
        rating: 3,
        clientId: randomUUID(),
        reviewedAt: new Date(deviceNow - madeAgo).toISOString(),
        sentAt: new Date(deviceNow).toISOString(),
      });
    // The test's clock moves on in real time: how long ago, to the second.
    const recordedAgo = async (card: number | undefined) =>
      Math.abs(Math.round((now - (await reviewsOf(ada.user.id, card!))[0]!.reviewedAt.getTime()) / 1000));
    // A phone three hours fast, rated 10 minutes before it reconnected: recorded 10 minutes ago.
    expect((await rate(fast, now + 3 * HOUR, 10 * 60_000)).statusCode).toBe(200);
    expect(await recordedAgo(fast)).toBe(10 * 60);
    // A phone a day slow, rated two hours before: two hours ago, not a day and two hours.
    expect((await rate(slow, now - DAY, 2 * HOUR)).statusCode).toBe(200);
    expect(await recordedAgo(slow)).toBe(2 * 3600);
    // A rating its own device says was made after it was sent (the clock was changed meanwhile): now.
    expect((await rate(ahead, now, -HOUR)).statusCode).toBe(200);
    expect(await recordedAgo(ahead)).toBe(0);
    // Too old is too old by the device's clock too.
    const tooOld = await rate(old, now + 5 * DAY, 31 * DAY);
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().error).toMatch(/older than 30 days/);
    expect(await reviewsOf(ada.user.id, old!)).toHaveLength(0);
  });

  it("refuses a bad clientId, a future reviewedAt, one older than 30 days, and another card's clientId", async () => {
    const [a, b] = await cards(ada, 2);
    const url = `/api/review/cards/${a}/rate`;
    const now = clock.now().getTime();
    const bad = [
      { rating: 3, clientId: "not-a-uuid" },
      { rating: 3, clientId: randomUUID(), reviewedAt: new Date(now + HOUR).toISOString() },
      { rating: 3, clientId: randomUUID(), reviewedAt: new Date(now - 31 * DAY).toISOString() },
      { rating: 3, clientId: randomUUID(), reviewedAt: "yesterday" },
    ];
    for (const payload of bad) {
      const res = await req(ada, "POST", url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await reviewsOf(ada.user.id, a!)).toHaveLength(0);
    const clientId = randomUUID();
    expect((await req(ada, "POST", url, { rating: 3, clientId })).statusCode).toBe(200);
    const other = await req(ada, "POST", `/api/review/cards/${b}/rate`, { rating: 3, clientId });
    expect(other.statusCode).toBe(409);
  });

  it("scopes client ids per student: the same id from another student is their own rating", async () => {
    const [adaCard] = await cards(ada, 1);
    const [bobCard] = await cards(bob, 1);
    const clientId = randomUUID();
    expect(
      (await req(ada, "POST", `/api/review/cards/${adaCard}/rate`, { rating: 3, clientId })).statusCode,
    ).toBe(200);
    // Bob cannot read Ada's rating through her id, nor rate her card.
    expect(
      (await req(bob, "POST", `/api/review/cards/${adaCard}/rate`, { rating: 3, clientId })).statusCode,
    ).toBe(404);
    expect(
      (await req(bob, "POST", `/api/review/cards/${bobCard}/rate`, { rating: 3, clientId })).statusCode,
    ).toBe(200);
    expect(await reviewsOf(bob.user.id, bobCard!)).toHaveLength(1);
  });
});

describe("offline tasks (clientId)", () => {
  it("creates a task once for a replayed clientId and answers with the same task", async () => {
    const clientId = randomUUID();
    const body = { title: "Read chapter 4", clientId };
    const first = await req(ada, "POST", "/api/tasks", body);
    expect(first.statusCode).toBe(201);
    const again = await Promise.all([
      req(ada, "POST", "/api/tasks", body),
      req(ada, "POST", "/api/tasks", body),
    ]);
    for (const r of again) expect(r.json().id).toBe(first.json().id);
    const rows = await t.database.db.select().from(tasksTable).where(eq(tasksTable.clientId, clientId));
    expect(rows).toHaveLength(1);
    // The same id from another student is another task.
    const bobs = await req(bob, "POST", "/api/tasks", body);
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json().id).not.toBe(first.json().id);
  });

  it("creates a repeating task once for a replayed clientId", async () => {
    // The outbox sends an add made offline again until an answer arrives: a repeating one must not
    // become two series.
    const clientId = randomUUID();
    const body = {
      title: "Lab report",
      dueDate: new Date(clock.now().getTime() + 2 * DAY).toISOString(),
      recurrence: "FREQ=WEEKLY;COUNT=3",
      clientId,
    };
    const first = await req(ada, "POST", "/api/tasks", body);
    expect(first.statusCode).toBe(201);
    const again = await Promise.all([
      req(ada, "POST", "/api/tasks", body),
      req(ada, "POST", "/api/tasks", body),
    ]);
    for (const r of again) expect(r.json().id).toBe(first.json().id);
    const rows = await t.database.db
      .select()
      .from(tasksTable)
      .where(and(eq(tasksTable.userId, ada.user.id), eq(tasksTable.title, "Lab report")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rrule).toBeTruthy();
  });

  it("keeps a completed task's completion time when the tick is sent again", async () => {
    const task = (await req(ada, "POST", "/api/tasks", { title: "Hand in essay" })).json() as { id: number };
    const tick = await req(ada, "PUT", `/api/tasks/${task.id}`, { completed: true });
    expect(tick.statusCode).toBe(200);
    const completedAt = async () =>
      (await t.database.db.select().from(tasksTable).where(eq(tasksTable.id, task.id)))[0]!.completedAt;
    const first = await completedAt();
    expect(first).not.toBeNull();
    // The outbox replays the tick hours later (its answer was lost): the task was done when first ticked.
    clock.travel(5 * HOUR);
    expect((await req(ada, "PUT", `/api/tasks/${task.id}`, { completed: true })).statusCode).toBe(200);
    expect(await completedAt()).toEqual(first);
  });

  it("keeps a completed task's completion time when it is ticked again with others in bulk", async () => {
    const done = (await req(ada, "POST", "/api/tasks", { title: "Read chapter 2" })).json() as { id: number };
    const open = (await req(ada, "POST", "/api/tasks", { title: "Read chapter 3" })).json() as { id: number };
    expect((await req(ada, "PUT", `/api/tasks/${done.id}`, { completed: true })).statusCode).toBe(200);
    const completedAt = async (id: number) =>
      (await t.database.db.select().from(tasksTable).where(eq(tasksTable.id, id)))[0]!.completedAt;
    const first = await completedAt(done.id);
    expect(first).not.toBeNull();
    clock.travel(2 * DAY);
    const bulk = await req(ada, "PATCH", "/api/tasks", { ids: [done.id, open.id], completed: true });
    expect(bulk.statusCode).toBe(200);
    expect(await completedAt(done.id)).toEqual(first);
    expect((await completedAt(open.id))!.getTime()).toBeGreaterThanOrEqual(first!.getTime() + 2 * DAY);
  });

  it("refuses a clientId that is not a UUID", async () => {
    const res = await req(ada, "POST", "/api/tasks", { title: "x", clientId: "123" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/UUID/);
  });
});
