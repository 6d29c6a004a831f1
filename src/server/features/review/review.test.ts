import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { flashcards as cardsTable } from "#server/db/schema/flashcards.ts";
import { cardReviews, cardStates } from "#server/db/schema/review.ts";
import { studySessions } from "#server/db/schema/study.ts";
import { formatInterval, newCardState, rateCard } from "#server/features/review/fsrs.ts";
import { startOfLocalDay } from "#shared/local-day.ts";
import type { ReviewQueue } from "#shared/review/contract.ts";
import { createFlashcardSet, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { travellingClock } from "#tests/test-app.ts";

const clock = travellingClock();
const t = testAppPerFile({ clock });
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const req = t.req;

const setWithCards = (owner: TestUser, n: number, title = "Cells") =>
  createFlashcardSet(t.app, { owner, title, cards: n });

const queue = async (who: TestUser, query = "") =>
  (await req(who, "GET", `/api/review/queue${query}`)).json() as ReviewQueue;

describe("review queue, rating and undo", () => {
  it("rates a new card Good to the library's state and due date, with the log row, and Undo restores it", async () => {
    const set = await setWithCards(ada, 3);
    const before = await queue(ada, `?setId=${set.id}`);
    expect(before).toMatchObject({ dueCount: 3, reviewCount: 0, newCount: 3, backlog: 0 });
    expect(before.cards.map((c) => c.question)).toEqual(["Q0", "Q1", "Q2"]);
    expect(before.cards[0]!.intervals).toEqual({
      again: "1m",
      hard: "6m",
      good: "10m",
      easy: expect.any(String),
    });

    const cardId = before.cards[0]!.id;
    const res = await req(ada, "POST", `/api/review/cards/${cardId}/rate`, { rating: 3 });
    expect(res.statusCode).toBe(200);
    const now = clock.now();
    const expected = rateCard(newCardState(now), 3, now, 0.9);
    const body = res.json();
    expect(body.state).toBe(expected.card.state);
    expect(Math.abs(new Date(body.due).getTime() - expected.card.due.getTime())).toBeLessThan(5000);
    const [state] = await t.database.db
      .select()
      .from(cardStates)
      .where(and(eq(cardStates.userId, ada.user.id), eq(cardStates.flashcardId, cardId)));
    expect(state).toMatchObject({ state: 1, reps: 1, lapses: 0 });
    const [log] = await t.database.db.select().from(cardReviews).where(eq(cardReviews.id, body.reviewId));
    expect(log).toMatchObject({
      flashcardId: cardId,
      userId: ada.user.id,
      rating: 3,
      state: 0,
      stability: 0,
    });

    expect((await queue(ada, `?setId=${set.id}`)).dueCount).toBe(2);

    const undo = await req(ada, "POST", "/api/review/undo", { reviewId: body.reviewId });
    expect(undo.statusCode).toBe(200);
    expect(await t.database.db.select().from(cardReviews).where(eq(cardReviews.id, body.reviewId))).toEqual(
      [],
    );
    expect((await queue(ada, `?setId=${set.id}`)).dueCount).toBe(3);
    expect((await req(ada, "POST", "/api/review/undo", { reviewId: body.reviewId })).statusCode).toBe(404);
  });

  it("undoes a review of a learnt card back to its previous state; only the latest rating", async () => {
    const set = await setWithCards(ada, 1, "Undo");
    const id = (await queue(ada, `?setId=${set.id}`)).cards[0]!.id;
    const first = (await req(ada, "POST", `/api/review/cards/${id}/rate`, { rating: 4 })).json();
    const stateOf = async () =>
      (
        await t.database.db
          .select()
          .from(cardStates)
          .where(and(eq(cardStates.userId, ada.user.id), eq(cardStates.flashcardId, id)))
      )[0]!;
    const afterFirst = await stateOf();
    clock.travel(2 * 24 * 3600 * 1000);
    const second = (await req(ada, "POST", `/api/review/cards/${id}/rate`, { rating: 1 })).json();
    expect((await stateOf()).lapses).toBe(1);
    const old = await req(ada, "POST", "/api/review/undo", { reviewId: first.reviewId });
    expect(old.statusCode).toBe(409);
    expect((await req(ada, "POST", "/api/review/undo", { reviewId: second.reviewId })).statusCode).toBe(200);
    const restored = await stateOf();
    expect(restored).toMatchObject({
      state: afterFirst.state,
      stability: afterFirst.stability,
      difficulty: afterFirst.difficulty,
      reps: afterFirst.reps,
      lapses: 0,
    });
    clock.reset();
  });

  it("Undo restores a review card due yesterday exactly as it was, in UTC and in the student's zone", async () => {
    for (const [rating, timeZone] of [
      [3, null],
      [1, "America/Los_Angeles"],
    ] as const) {
      const student = await createUser(t.app);
      if (timeZone) await req(student, "PUT", "/api/settings/time-zone", { timeZone });
      const set = await setWithCards(student, 1, "Exact undo");
      const id = (await queue(student, `?setId=${set.id}`)).cards[0]!.id;
      const now = clock.now();
      const before = {
        userId: student.user.id,
        flashcardId: id,
        due: new Date(now.getTime() - 86_400_000 - 3_600_000),
        stability: 9.5,
        difficulty: 5.25,
        elapsedDays: 4,
        scheduledDays: 9,
        learningSteps: 0,
        reps: 6,
        lapses: 1,
        state: 2,
        lastReview: new Date(now.getTime() - 10 * 86_400_000 - 3_600_000),
      };
      await t.database.db.insert(cardStates).values(before);
      const rated = (await req(student, "POST", `/api/review/cards/${id}/rate`, { rating })).json();
      const stateOf = async () =>
        (
          await t.database.db
            .select()
            .from(cardStates)
            .where(and(eq(cardStates.userId, student.user.id), eq(cardStates.flashcardId, id)))
        )[0];
      expect(await stateOf()).not.toEqual(before);
      expect((await req(student, "POST", "/api/review/undo", { reviewId: rated.reviewId })).statusCode).toBe(
        200,
      );
      expect(await stateOf()).toEqual(before);
    }
  });

  it("undoes a card's latest rating after another card was rated since", async () => {
    const set = await setWithCards(ada, 2, "Undo one of two");
    const [a, b] = (await queue(ada, `?setId=${set.id}`)).cards.map((c) => c.id);
    const first = (await req(ada, "POST", `/api/review/cards/${a}/rate`, { rating: 3 })).json();
    await req(ada, "POST", `/api/review/cards/${b}/rate`, { rating: 3 });
    const undo = await req(ada, "POST", "/api/review/undo", { reviewId: first.reviewId });
    expect(undo.statusCode).toBe(200);
    expect((await queue(ada, `?setId=${set.id}`)).cards.map((c) => c.id)).toEqual([a]);
  });

  it("shows on each button the interval that rating then gives, fuzz and load balancing included", async () => {
    const cy = await createUser(t.app);
    const set = await setWithCards(cy, 8, "Shown");
    // Each card as the page shows it: the queue read again after every rating.
    const rateFirst = async (rating: 3 | 4, key: "good" | "easy") => {
      const card = (await queue(cy, `?setId=${set.id}`)).cards[0]!;
      const res = await req(cy, "POST", `/api/review/cards/${card.id}/rate`, { rating });
      expect(res.statusCode).toBe(200);
      return [
        formatInterval(new Date(res.json().due).getTime() - clock.now().getTime()),
        card.intervals[key],
      ];
    };
    const shown: string[][] = [];
    // New cards rated Easy land in one fuzz range, where each one's day moves the next one's.
    for (let i = 0; i < 8; i++) shown.push(await rateFirst(4, "easy"));
    clock.travel(12 * 24 * 3600 * 1000);
    for (let i = 0; i < 8; i++) shown.push(await rateFirst(3, "good"));
    clock.reset();
    for (const [given, label] of shown) expect(given).toBe(label);
  });

  it("limits new cards per day from the review settings and counts the day's started cards", async () => {
    const set = await setWithCards(bob, 5, "Limit");
    const saved = await req(bob, "PUT", "/api/review/settings", {
      desiredRetention: 0.85,
      newCardsPerDay: 2,
    });
    expect(saved.statusCode).toBe(200);
    expect((await req(bob, "GET", "/api/review/settings")).json()).toEqual({
      desiredRetention: 0.85,
      newCardsPerDay: 2,
      maxReviewsPerDay: 200,
    });
    const q = await queue(bob, `?setId=${set.id}`);
    expect(q).toMatchObject({ newCount: 2, dueCount: 2 });
    expect(q.cards).toHaveLength(2);
    await req(bob, "POST", `/api/review/cards/${q.cards[0]!.id}/rate`, { rating: 4 });
    expect((await queue(bob, `?setId=${set.id}`)).newCount).toBe(1);
  });

  it("schedules a rating with the student's saved desired retention, another's with the default", async () => {
    // The retention travels with the rating's locking read of the card (issue 27), not a read of its own.
    const carol = await createUser(t.app);
    const dan = await createUser(t.app);
    const put = await req(carol, "PUT", "/api/review/settings", {
      desiredRetention: 0.7,
      newCardsPerDay: 20,
    });
    expect(put.statusCode).toBe(200);
    const days = async (who: TestUser) => {
      const set = await setWithCards(who, 1, "Retention");
      const [card] = (await queue(who, `?setId=${set.id}`)).cards;
      const res = await req(who, "POST", `/api/review/cards/${card!.id}/rate`, { rating: 4 });
      expect(res.statusCode).toBe(200);
      return (new Date(res.json().due).getTime() - clock.now().getTime()) / 86_400_000;
    };
    // Easy on a new card: about 80 days at 0.7 and 9 at 0.9 with the default weights (FSRS's fuzz, seeded
    // by the review time, moves either by a few days).
    expect(await days(carol)).toBeGreaterThan(50);
    expect(await days(dan)).toBeLessThan(20);
  });

  it.each([
    [{ desiredRetention: 0.5, newCardsPerDay: 20 }, "Desired retention must be at least 0.7"],
    [{ desiredRetention: 0.98, newCardsPerDay: 20 }, "Desired retention must be at most 0.97"],
    [{ desiredRetention: 0.9, newCardsPerDay: -1 }, "New cards per day cannot be negative"],
    [{ desiredRetention: 0.9, newCardsPerDay: 1.5 }, "New cards per day must be a whole number"],
  ])("refuses review settings %j (400)", async (payload, message) => {
    const res = await req(ada, "PUT", "/api/review/settings", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("refuses bad ratings (400) and another student's card, set or review (404)", async () => {
    const set = await setWithCards(ada, 1, "Mine");
    const id = (await queue(ada, `?setId=${set.id}`)).cards[0]!.id;
    for (const rating of [0, 5, "3", 2.5, null]) {
      const res = await req(ada, "POST", `/api/review/cards/${id}/rate`, { rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Rating must be 1 (Again) to 4 (Easy)");
    }
    expect((await req(bob, "POST", `/api/review/cards/${id}/rate`, { rating: 3 })).statusCode).toBe(404);
    expect((await req(bob, "GET", `/api/review/queue?setId=${set.id}`)).statusCode).toBe(404);
    const mine = (await req(ada, "POST", `/api/review/cards/${id}/rate`, { rating: 3 })).json();
    expect((await req(bob, "POST", "/api/review/undo", { reviewId: mine.reviewId })).statusCode).toBe(404);
    expect((await req(bob, "GET", `/api/study/flashcard-sets/${set.id}/export`)).statusCode).toBe(404);
    expect((await queue(bob)).cards.map((c) => c.id)).not.toContain(id);
    expect((await req(null, "GET", "/api/review/queue")).statusCode).toBe(401);
  });

  it("spreads a backlog over the next days and records review time as a 'reviewing' session", async () => {
    const u = await createUser(t.app);
    const set = await setWithCards(u, 6, "Backlog");
    for (const c of (await queue(u)).cards)
      await req(u, "POST", `/api/review/cards/${c.id}/rate`, { rating: 3 });
    clock.travel(3 * 24 * 3600 * 1000);
    const late = await queue(u, `?setId=${set.id}`);
    expect(late).toMatchObject({ reviewCount: 6, backlog: 6 });
    const spread = await req(u, "POST", "/api/review/spread", { days: 3 });
    expect(spread.json()).toEqual({ moved: 4 });
    expect((await queue(u)).reviewCount).toBe(2);
    expect((await req(u, "POST", "/api/review/spread", { days: 1 })).statusCode).toBe(400);
    clock.reset();

    const session = await req(u, "POST", "/api/review/sessions", { duration: 120 });
    expect(session.statusCode).toBe(201);
    const rows = await t.database.db.select().from(studySessions).where(eq(studySessions.userId, u.user.id));
    expect(rows.map((r) => [r.activityType, r.durationSeconds])).toEqual([["reviewing", 120]]);
    expect((await req(u, "POST", "/api/review/sessions", { duration: 0 })).statusCode).toBe(400);
  });
});

describe("import and export", () => {
  it("previews pasted text with a custom separator, lines it cannot use, and saves nothing", async () => {
    const set = await setWithCards(ada, 0, "Paste");
    const body = {
      text: "one::uno\ntwo::dos\nbroken line\n\nthree::tres",
      options: { format: "text", termSeparator: { custom: "::" }, rowSeparator: "newline" },
    };
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().cards).toHaveLength(3);
    expect(res.json().errors).toEqual([
      {
        line: 3,
        text: "broken line",
        reason: "No separator between term and definition",
        code: "no_delimiter",
      },
    ]);
    const commit = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import`, body);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error).toBe(
      "Nothing was imported. Fix line 3 (No separator between term and definition), or choose to skip bad lines.",
    );
    const cards = await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/cards`);
    expect(cards.json()).toEqual([]);
  });

  it("imports 1,000 CSV rows in one go and exports them back the same (CSV and Anki)", async () => {
    const set = await setWithCards(ada, 0, 'Big, "quoted" set');
    const rows = Array.from({ length: 1000 }, (_, i) => `"Term ${i}, with comma","Def ""${i}""",`);
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import`, {
      text: `question,answer,hint\n${rows.join("\n")}`,
      options: { format: "csv" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ imported: 1000, updated: 0, skipped: 0, errors: [] });
    const csv = (await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=csv`)).json();
    expect(csv.filename).toBe("Big-quoted-set.csv");
    const anki = (await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=anki`)).json();
    expect(anki.content.startsWith("#separator:tab\n#html:false\n")).toBe(true);
    for (const [file, format] of [
      [csv, "csv"],
      [anki, "anki"],
    ] as const) {
      const back = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
        text: file.content,
        options: { format },
      });
      expect(back.json().errors).toEqual([]);
      expect(back.json().cards[999]).toEqual({
        question: "Term 999, with comma",
        answer: 'Def "999"',
        hint: null,
        tags: [],
      });
      expect(back.json().cards).toHaveLength(1000);
    }
  });

  it("answers 400 for empty text or bad options and 404 for another student's set", async () => {
    const set = await setWithCards(ada, 0, "Bad");
    const url = `/api/study/flashcard-sets/${set.id}/import`;
    const empty = await req(ada, "POST", url, { text: "", options: { format: "csv" } });
    expect(empty.json().error).toBe("Paste or upload the cards");
    expect((await req(ada, "POST", url, { text: "a,b", options: { format: "xml" } })).statusCode).toBe(400);
    const blank = await req(ada, "POST", url, { text: "\n\n", options: { format: "csv" } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe("Nothing was imported: no cards were found in the text.");
    const stolen = await req(bob, "POST", url, { text: "a,b", options: { format: "csv" } });
    expect(stolen.statusCode).toBe(404);
    expect(
      await t.database.db.select().from(cardsTable).where(eq(cardsTable.flashcardSetId, set.id)),
    ).toEqual([]);
  });
});

describe("a group member reviews a shared set on their own schedule (issue 13)", () => {
  const ok = async (who: TestUser, method: Method, url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: who.headers });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const statesOf = (cardId: number) =>
    t.database.db
      .select()
      .from(cardStates)
      .where(eq(cardStates.flashcardId, cardId))
      .then((rows) => new Map(rows.map((r) => [r.userId, r])));

  it("rates and undoes on the member's card_states rows, never the owner's; outsiders and removed members get 404", async () => {
    const [owner, member, outsider] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    await ok(owner, "POST", "/api/friends/request", { username: member.user.username });
    await ok(member, "POST", "/api/friends/request", { username: owner.user.username });
    const group = await ok(owner, "POST", "/api/study-groups", { name: "Bio crew", isPrivate: false });
    await ok(owner, "POST", `/api/study-groups/${group.id}/members`, { username: member.user.username });
    const set = await setWithCards(owner, 2, "Shared");
    await ok(owner, "POST", `/api/study-groups/${group.id}/sets`, { studySetId: set.studySetId });

    const [first, second] = (await queue(owner, `?setId=${set.id}`)).cards.map((c) => c.id);
    await ok(owner, "POST", `/api/review/cards/${first}/rate`, { rating: 3 });
    const ownerState = (await statesOf(first!)).get(owner.user.id);
    expect(ownerState).toMatchObject({ state: 1, reps: 1 });

    // The member starts from scratch: both cards are new to them.
    const theirs = await queue(member, `?setId=${set.id}`);
    expect(theirs).toMatchObject({ reviewCount: 0, newCount: 2, dueCount: 2 });
    expect(theirs.cards.map((c) => [c.id, c.isNew])).toEqual([
      [first, true],
      [second, true],
    ]);
    const rated = await ok(member, "POST", `/api/review/cards/${first}/rate`, { rating: 4 });
    let states = await statesOf(first!);
    expect(states.get(member.user.id)).toMatchObject({ state: 2, reps: 1 });
    expect(states.get(owner.user.id)).toEqual(ownerState);
    expect((await queue(member, `?setId=${set.id}`)).newCount).toBe(1);
    const [log] = await t.database.db.select().from(cardReviews).where(eq(cardReviews.id, rated.reviewId));
    expect(log).toMatchObject({ userId: member.user.id, flashcardId: first, rating: 4 });

    await ok(member, "POST", "/api/review/undo", { reviewId: rated.reviewId });
    states = await statesOf(first!);
    expect(states.has(member.user.id)).toBe(false);
    expect(states.get(owner.user.id)).toEqual(ownerState);
    const again = await ok(member, "POST", `/api/review/cards/${second}/rate`, { rating: 3 });

    // Not a member: the set, its cards and the member's reviews are all "not found".
    expect((await req(outsider, "GET", `/api/review/queue?setId=${set.id}`)).statusCode).toBe(404);
    expect((await req(outsider, "POST", `/api/review/cards/${first}/rate`, { rating: 3 })).statusCode).toBe(
      404,
    );
    expect((await req(outsider, "POST", "/api/review/undo", { reviewId: again.reviewId })).statusCode).toBe(
      404,
    );
    expect((await req(outsider, "POST", "/api/review/spread", { days: 3, setId: set.id })).statusCode).toBe(
      404,
    );
    // Members read; only the owner writes.
    const importBody = {
      text: "a\tb",
      options: { format: "text", termSeparator: "tab", rowSeparator: "newline" },
    };
    expect(
      (await req(member, "POST", `/api/study/flashcard-sets/${set.id}/import`, importBody)).statusCode,
    ).toBe(404);
    expect(
      (await req(member, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { examDate: null })).statusCode,
    ).toBe(404);
    // Opening Review of the shared set asks for its plan: a state (no plan for a member), not a 404.
    const memberPlan = await req(member, "GET", `/api/review/flashcard-sets/${set.id}/plan`);
    expect(memberPlan.statusCode).toBe(200);
    expect(memberPlan.json()).toEqual({ exam: null, days: [], belowTarget: 0, canPlan: false });
    expect((await req(outsider, "GET", `/api/review/flashcard-sets/${set.id}/plan`)).statusCode).toBe(404);

    await ok(owner, "DELETE", `/api/study-groups/${group.id}/members/${member.user.id}`);
    expect((await req(member, "GET", `/api/review/flashcard-sets/${set.id}/plan`)).statusCode).toBe(404);
    expect((await req(member, "GET", `/api/review/queue?setId=${set.id}`)).statusCode).toBe(404);
    expect((await req(member, "POST", `/api/review/cards/${first}/rate`, { rating: 3 })).statusCode).toBe(
      404,
    );
    expect((await req(member, "POST", "/api/review/undo", { reviewId: again.reviewId })).statusCode).toBe(
      404,
    );
    expect((await statesOf(second!)).get(owner.user.id)).toBeUndefined();
  });
});

describe("the next learning card (issue 25 §3)", () => {
  it("says when a learning card rated Good returns today, and nothing once none returns today", async () => {
    clock.reset();
    // At noon UTC, so the 10-minute step stays on today's date whenever the suite runs (at 23:55 it did not).
    const noon = new Date(clock.now());
    noon.setUTCHours(12, 0, 0, 0);
    if (noon <= clock.now()) noon.setUTCDate(noon.getUTCDate() + 1);
    clock.travel(noon.getTime() - clock.now().getTime());
    const u = await createUser(t.app);
    const set = await setWithCards(u, 1);
    const q = `?setId=${set.id}&timeZone=UTC`;
    expect((await queue(u, q)).nextDue).toBeNull();
    const [card] = (await queue(u, q)).cards;
    const rated = await req(u, "POST", `/api/review/cards/${card!.id}/rate`, { rating: 3 });
    const after = await queue(u, q);
    expect(after.cards).toEqual([]);
    // Good on a new card is a 10 minute learning step: the page can count down to it.
    expect(after.nextDue).toBe(new Date(rated.json().due).toISOString());
    expect(new Date(after.nextDue!).getTime() - clock.now().getTime()).toBeLessThanOrEqual(10 * 60_000);
    clock.travel(11 * 60_000);
    expect((await queue(u, q)).cards.map((c) => c.id)).toEqual([card!.id]);
    await req(u, "POST", `/api/review/cards/${card!.id}/rate`, { rating: 4 });
    expect((await queue(u, q)).nextDue).toBeNull();
    clock.reset();
  });
});

describe("the queue's day: the page's zone, else the saved one", () => {
  // Kiritimati is UTC+14 and Pago Pago UTC-11: at 11:00 UTC one is on the next day, the other on the
  // previous. D is a UTC midnight a day or two ahead (a session outlives that, not months).
  const D = (() => {
    const d = new Date();
    d.setUTCHours(0, 0, 0, 0);
    return d.getTime() + 2 * 86_400_000;
  })();
  const H = 3_600_000;
  const at = (ms: number) => clock.travel(D + ms - clock.now().getTime());

  it("shows on the buttons what a rating in the page's zone gives, not the saved zone's", async () => {
    const u = await createUser(t.app);
    expect(
      (await req(u, "PUT", "/api/settings/time-zone", { timeZone: "Pacific/Kiritimati" })).statusCode,
    ).toBe(200);
    const set = await setWithCards(u, 1, "Zones");
    const id = (await queue(u, `?setId=${set.id}`)).cards[0]!.id;
    at(11 * H);
    // Reviewed at 10:30 UTC five days before: a day later in Kiritimati (4 days ago there), a day
    // earlier in Pago Pago (6 days ago).
    await t.database.db.insert(cardStates).values({
      userId: u.user.id,
      flashcardId: id,
      due: new Date(D + 9 * H),
      stability: 5,
      difficulty: 5,
      elapsedDays: 0,
      scheduledDays: 5,
      learningSteps: 0,
      reps: 3,
      lapses: 0,
      state: 2,
      lastReview: new Date(D - 5 * 24 * H + 10.5 * H),
    });
    const there = (await queue(u, `?setId=${set.id}&timeZone=Pacific/Pago_Pago`)).cards[0]!.intervals;
    const saved = (await queue(u, `?setId=${set.id}&timeZone=Pacific/Kiritimati`)).cards[0]!.intervals;
    expect(there.good).not.toBe(saved.good);
    // No zone from the page: the saved one.
    expect((await queue(u, `?setId=${set.id}`)).cards[0]!.intervals).toEqual(saved);
    const res = await req(u, "POST", `/api/review/cards/${id}/rate`, {
      rating: 3,
      timeZone: "Pacific/Pago_Pago",
    });
    expect(res.statusCode).toBe(200);
    expect(formatInterval(new Date(res.json().due).getTime() - clock.now().getTime())).toBe(there.good);
    expect(
      (await req(u, "POST", `/api/review/cards/${id}/rate`, { rating: 3, timeZone: "Mars/Olympus" }))
        .statusCode,
    ).toBe(400);
    clock.reset();
  });

  it("counts the day's new cards from the saved zone's midnight when the page sends no zone", async () => {
    const u = await createUser(t.app);
    await req(u, "PUT", "/api/settings/time-zone", { timeZone: "Pacific/Kiritimati" });
    await req(u, "PUT", "/api/review/settings", { desiredRetention: 0.9, newCardsPerDay: 1 });
    const set = await setWithCards(u, 3, "Midnight");
    // 23:00 in Kiritimati (09:00 UTC): one new card started.
    at(9 * H);
    const first = (await queue(u, `?setId=${set.id}`)).cards[0]!;
    await req(u, "POST", `/api/review/cards/${first.id}/rate`, { rating: 4 });
    expect((await queue(u, `?setId=${set.id}`)).newCount).toBe(0);
    // 01:00 the next day there, the same day in UTC: a new day for the student.
    at(11 * H);
    expect((await queue(u, `?setId=${set.id}`)).newCount).toBe(1);
    expect((await queue(u, `?setId=${set.id}&timeZone=UTC`)).newCount).toBe(0);
    clock.reset();
  });
});

describe("Maximum reviews per day (Anki's daily review limit)", () => {
  it("keeps due reviews past the limit for another day, counts new cards against it, and saves it", async () => {
    const u = await createUser(t.app);
    const set = await setWithCards(u, 6, "Limit reviews");
    const ids = (await queue(u, `?setId=${set.id}`)).cards.map((c) => c.id);
    expect((await req(u, "GET", "/api/review/settings")).json()).toMatchObject({ maxReviewsPerDay: 200 });
    const put = (body: object) => req(u, "PUT", "/api/review/settings", body);
    expect((await put({ desiredRetention: 0.9, newCardsPerDay: 20, maxReviewsPerDay: 3 })).json()).toEqual({
      desiredRetention: 0.9,
      newCardsPerDay: 20,
      maxReviewsPerDay: 3,
    });
    const tooMany = await put({ desiredRetention: 0.9, newCardsPerDay: 20, maxReviewsPerDay: 10_000 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/Maximum reviews per day/);
    // A page that does not know the limit leaves it as saved.
    expect((await put({ desiredRetention: 0.9, newCardsPerDay: 20 })).json().maxReviewsPerDay).toBe(3);

    const now = clock.now().getTime();
    const state = (id: number, i: number, s: 1 | 2) => ({
      userId: u.user.id,
      flashcardId: id,
      due: new Date(now - (10 - i) * 3_600_000),
      stability: 4,
      difficulty: 5,
      elapsedDays: 0,
      scheduledDays: 4,
      learningSteps: 0,
      reps: 3,
      lapses: 0,
      state: s,
      lastReview: new Date(now - 5 * 86_400_000),
    });
    // Four reviews due, a learning card due on an intraday step (shown earlier today), one new card.
    const today = startOfLocalDay(clock.now(), "UTC");
    await t.database.db
      .insert(cardStates)
      .values([
        ...ids.slice(0, 4).map((id, i) => state(id, i, 2)),
        { ...state(ids[4]!, 4, 1), due: clock.now(), lastReview: today, scheduledDays: 0 },
      ]);
    const q = `?setId=${set.id}&timeZone=UTC`;
    const first = await queue(u, q);
    expect(first).toMatchObject({ reviewCount: 4, heldBack: 1, newCount: 0, dueCount: 4 });
    // The oldest three reviews, and the learning card, which no limit leaves half-learnt.
    expect(first.cards.map((c) => c.id).sort()).toEqual([...ids.slice(0, 3), ids[4]].sort());

    await req(u, "POST", `/api/review/cards/${ids[0]}/rate`, { rating: 3, timeZone: "UTC" });
    expect(await queue(u, q)).toMatchObject({ reviewCount: 3, heldBack: 1, newCount: 0 });

    await put({ desiredRetention: 0.9, newCardsPerDay: 20, maxReviewsPerDay: 5 });
    // 5 less the one reviewed today: room for the three due reviews and one new card.
    const raised = await queue(u, q);
    expect(raised).toMatchObject({ reviewCount: 4, heldBack: 0, newCount: 1, dueCount: 5 });
    expect(raised.cards.map((c) => c.id)).toContain(ids[5]);
  });
});

describe("interday learning cards count against Maximum reviews per day (Anki's v3 scheduler)", () => {
  it("limits learning cards shown on an earlier day, before reviews, counts their ratings, and leaves intraday steps free", async () => {
    const u = await createUser(t.app);
    const set = await setWithCards(u, 6, "Interday steps");
    const ids = (await queue(u, `?setId=${set.id}`)).cards.map((c) => c.id);
    await req(u, "PUT", "/api/review/settings", {
      desiredRetention: 0.9,
      newCardsPerDay: 0,
      maxReviewsPerDay: 3,
    });
    const now = clock.now();
    const today = startOfLocalDay(now, "UTC");
    const state = (id: number, s: 1 | 2 | 3, due: Date, lastReview: Date) => ({
      userId: u.user.id,
      flashcardId: id,
      due,
      stability: 4,
      difficulty: 5,
      elapsedDays: 1,
      scheduledDays: s === 2 ? 4 : 1,
      learningSteps: 1,
      reps: 3,
      lapses: s === 3 ? 1 : 0,
      state: s,
      lastReview,
    });
    const yesterday = new Date(today.getTime() - 3_600_000);
    // Two reviews, a learning and a relearning card on a one-day step (shown yesterday, due from today's
    // start), and a learning card on an intraday step shown today.
    await t.database.db
      .insert(cardStates)
      .values([
        state(
          ids[0]!,
          2,
          new Date(today.getTime() - 3 * 86_400_000),
          new Date(today.getTime() - 7 * 86_400_000),
        ),
        state(
          ids[1]!,
          2,
          new Date(today.getTime() - 2 * 86_400_000),
          new Date(today.getTime() - 6 * 86_400_000),
        ),
        state(ids[2]!, 1, today, yesterday),
        state(ids[3]!, 3, today, new Date(yesterday.getTime() - 1000)),
        state(ids[4]!, 1, now, today),
      ]);
    const q = `?setId=${set.id}&timeZone=UTC`;
    const first = await queue(u, q);
    // The limit of 3 takes both interday learning cards first, then the oldest review; the intraday step
    // is shown whatever the limit.
    expect(first).toMatchObject({ reviewCount: 4, heldBack: 1, newCount: 0, dueCount: 4 });
    expect(first.cards.map((c) => c.id).sort()).toEqual([ids[0], ids[2], ids[3], ids[4]].sort());

    // Rating an interday learning card uses the day's limit as a review does.
    await req(u, "POST", `/api/review/cards/${ids[2]}/rate`, { rating: 3, timeZone: "UTC" });
    const after = await queue(u, q);
    expect(after.heldBack).toBe(1);
    expect(after.cards.map((c) => c.id)).toEqual(expect.arrayContaining([ids[3], ids[4]]));
    expect(after.cards.map((c) => c.id)).not.toContain(ids[1]);

    // The daily reminder's count keeps to the same limit.
    const counts = await t.app.services.review.dueCounts([{ userId: u.user.id, timeZone: "UTC" }]);
    expect(counts.get(u.user.id)).toBe(after.dueCount);
  });
});
