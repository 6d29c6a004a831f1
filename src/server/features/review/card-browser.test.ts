import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { flashcards as cardsTable } from "#server/db/schema/flashcards.ts";
import { cardHolds, cardStates } from "#server/db/schema/review.ts";
import { rateCard, unfuzzedInterval } from "#server/features/review/fsrs.ts";
import { balancedInterval, fuzzDays } from "#server/features/review/load-balance.ts";
import { flashcardEndpoints } from "#shared/flashcards/contract.ts";
import { type BrowserPage, browserEndpoints, preferenceEndpoints } from "#shared/review/browser-contract.ts";
import { type ReviewQueue, reviewEndpoints } from "#shared/review/contract.ts";
import { apiClient } from "#tests/api.ts";
import {
  createCard,
  createFlashcardSet,
  createGroup,
  createSharedSet,
  createStudySet,
  createUser,
  type TestUser,
} from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { travellingClock } from "#tests/test-app.ts";

const clock = travellingClock();
const t = testAppPerFile({ clock });
const api = (who: TestUser) => apiClient(t.app)(who);
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const queue = (who: TestUser, setId: number): Promise<ReviewQueue> =>
  api(who).call(reviewEndpoints.queue, { query: { setId } });
const browse = (who: TestUser, query: Record<string, unknown>): Promise<BrowserPage> =>
  api(who).call(browserEndpoints.list, { query });
const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

describe("suspend and bury", () => {
  it("a suspended card leaves the queue and its counts until unsuspended; another student's ids change nothing", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 3 });
    const bobSet = await createFlashcardSet(t.app, { owner: bob, cards: 1 });
    const [first, second] = ids((await queue(ada, set.id)).cards);
    const bobCard = (await queue(bob, bobSet.id)).cards[0]!.id;

    await api(ada).call(browserEndpoints.bulk, { body: { action: "suspend", ids: [first!] } });
    const after = await queue(ada, set.id);
    expect(after.dueCount).toBe(2);
    expect(ids(after.cards)).not.toContain(first);

    // All or nothing: one of Bob's ids beside Ada's is a 404 and Ada's card stays in review.
    const mixed = await api(ada).send(browserEndpoints.bulk, {
      body: { action: "suspend", ids: [second, bobCard] },
    });
    expect(mixed.statusCode).toBe(404);
    expect(ids((await queue(ada, set.id)).cards)).toContain(second);
    expect(
      (await api(ada).send(browserEndpoints.hold, { params: { id: bobCard }, body: { action: "bury" } }))
        .statusCode,
    ).toBe(404);
    expect((await queue(bob, bobSet.id)).dueCount).toBe(1);

    const suspended = await browse(ada, { setId: set.id, state: "suspended" });
    expect(ids(suspended.cards)).toEqual([first]);
    expect(suspended.cards[0]).toMatchObject({ suspended: true, state: "new" });
    // Rated from a page loaded before the suspension: refused, and the card stays new.
    const stale = await api(ada).send(reviewEndpoints.rate, { params: { id: first! }, body: { rating: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/suspended/);
    expect((await browse(ada, { setId: set.id, state: "suspended" })).cards[0]).toMatchObject({
      state: "new",
    });

    await api(ada).call(browserEndpoints.bulk, { body: { action: "unsuspend", ids: [first!] } });
    expect((await queue(ada, set.id)).dueCount).toBe(3);
    expect(
      (await api(ada).send(reviewEndpoints.rate, { params: { id: first! }, body: { rating: 3 } })).statusCode,
    ).toBe(200);
  });

  it("a buried card comes back at the student's next midnight", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 2 });
    const [first] = ids((await queue(ada, set.id)).cards);
    await api(ada).call(browserEndpoints.hold, {
      params: { id: first! },
      body: { action: "bury", timeZone: "Pacific/Auckland" },
    });
    expect(ids((await queue(ada, set.id)).cards)).not.toContain(first);
    const [hold] = await t.database.db
      .select()
      .from(cardHolds)
      .where(and(eq(cardHolds.userId, ada.user.id), eq(cardHolds.flashcardId, first!)));
    const until = hold!.buriedUntil!;
    // Midnight in Auckland, within the next day.
    expect(until.getTime() - clock.now().getTime()).toBeLessThanOrEqual(24 * 3600_000);
    expect(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Pacific/Auckland",
        hour: "2-digit",
        minute: "2-digit",
      }).format(until),
    ).toBe("00:00");
    expect(ids((await browse(ada, { setId: set.id, state: "buried" })).cards)).toEqual([first]);
    clock.travel(24 * 3600_000 + 1000);
    try {
      expect(ids((await queue(ada, set.id)).cards)).toContain(first);
      expect((await browse(ada, { setId: set.id, state: "buried" })).cards).toEqual([]);
    } finally {
      clock.reset();
    }
  });

  it("refuses a bad hold action and a bad time zone", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 1 });
    const [id] = ids((await queue(ada, set.id)).cards);
    for (const body of [{ action: "freeze" }, { action: "bury", timeZone: "Mars/Base" }, {}]) {
      const res = await api(ada).send(browserEndpoints.hold, { params: { id }, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(
      (await api(ada).send(browserEndpoints.hold, { params: { id: "x" }, body: { action: "bury" } }))
        .statusCode,
    ).toBe(400);
  });

  it("a group member suspends a shared card for themselves only", async () => {
    const studySet = await createStudySet(t.app, { owner: ada });
    const group = await createGroup(t.app, { owner: ada, members: [bob] });
    await createSharedSet(t.app, { owner: ada, group, studySet });
    const set = await createFlashcardSet(t.app, { owner: ada, studySet, cards: 2 });
    const [first] = ids((await queue(bob, set.id)).cards);
    await api(bob).call(browserEndpoints.hold, { params: { id: first! }, body: { action: "suspend" } });
    expect(ids((await queue(bob, set.id)).cards)).not.toContain(first);
    expect(ids((await queue(ada, set.id)).cards)).toContain(first);
    // The browser and its bulk edits are for the student's own cards.
    expect(
      (await api(bob).send(browserEndpoints.bulk, { body: { action: "delete", ids: [first] } })).statusCode,
    ).toBe(404);
  });

  it("with 'bury siblings' on, rating a card hides the other cards of its note until tomorrow", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 3 });
    const [a, b, c] = ids((await queue(ada, set.id)).cards);
    await t.database.db
      .update(cardsTable)
      .set({ guid: "note-1", type: "reversed" })
      .where(eq(cardsTable.id, a!));
    await t.database.db
      .update(cardsTable)
      .set({ guid: "note-1", type: "reversed", ord: 1 })
      .where(eq(cardsTable.id, b!));
    // Off by default: rating a leaves b in the queue.
    expect(await api(ada).call(preferenceEndpoints.get)).toEqual({ burySiblings: false, easyDays: [] });
    await api(ada).call(reviewEndpoints.rate, { params: { id: a! }, body: { rating: 3 } });
    expect(ids((await queue(ada, set.id)).cards)).toContain(b);

    await api(ada).call(preferenceEndpoints.save, { body: { burySiblings: true, easyDays: [] } });
    await api(ada).call(reviewEndpoints.rate, { params: { id: c! }, body: { rating: 3 } });
    expect(ids((await queue(ada, set.id)).cards)).toContain(b);
    clock.travel(11 * 60_000);
    try {
      await api(ada).call(reviewEndpoints.rate, { params: { id: a! }, body: { rating: 3 } });
      expect(ids((await queue(ada, set.id)).cards)).not.toContain(b);
      expect(ids((await browse(ada, { setId: set.id, state: "buried" })).cards)).toEqual([b]);
    } finally {
      clock.reset();
    }
  });

  it("undoing a rating un-buries the siblings it buried, not those buried by hand or by another rating", async () => {
    const cy = await createUser(t.app);
    const set = await createFlashcardSet(t.app, { owner: cy, cards: 6 });
    const [a, b, c, f, d, e] = ids((await queue(cy, set.id)).cards);
    const note = (guid: string, cards: (number | undefined)[]) =>
      Promise.all(
        cards.map((id, ord) =>
          t.database.db.update(cardsTable).set({ guid, type: "reversed", ord }).where(eq(cardsTable.id, id!)),
        ),
      );
    await note("note-a", [a, b, c, f]);
    await note("note-d", [d, e]);
    await api(cy).call(preferenceEndpoints.save, { body: { burySiblings: true, easyDays: [] } });
    const bury = (id: number | undefined) =>
      api(cy).call(browserEndpoints.hold, { params: { id: id! }, body: { action: "bury" } });
    const buried = async () => ids((await browse(cy, { setId: set.id, state: "buried" })).cards).sort();

    await bury(c);
    const rated = await api(cy).call(reviewEndpoints.rate, { params: { id: a! }, body: { rating: 3 } });
    await api(cy).call(reviewEndpoints.rate, { params: { id: d! }, body: { rating: 3 } });
    // Buried by the rating of a, then again by hand: the student's own hold now.
    await bury(f);
    expect(await buried()).toEqual([b, c, f, e].sort());

    await api(cy).call(reviewEndpoints.undo, { body: { reviewId: rated.reviewId } });
    expect(await buried()).toEqual([c, f, e].sort());
    expect(ids((await queue(cy, set.id)).cards)).toEqual([a, b]);
  });

  it("the 8th lapse makes a leech: tagged 'leech' and suspended", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 1 });
    const [id] = ids((await queue(ada, set.id)).cards);
    const now = clock.now();
    await t.database.db.insert(cardStates).values({
      userId: ada.user.id,
      flashcardId: id!,
      due: new Date(now.getTime() - 60_000),
      stability: 2,
      difficulty: 8,
      elapsedDays: 3,
      scheduledDays: 3,
      learningSteps: 0,
      reps: 20,
      lapses: 7,
      state: 2,
      lastReview: new Date(now.getTime() - 3 * 86400_000),
    });
    expect(ids((await queue(ada, set.id)).cards)).toEqual([id]);
    await api(ada).call(reviewEndpoints.rate, { params: { id: id! }, body: { rating: 1 } });
    expect((await queue(ada, set.id)).cards).toEqual([]);
    const [card] = await api(ada).call(flashcardEndpoints.listCards, { params: { id: set.id } });
    expect(card!.tags).toEqual(["leech"]);
    const page = await browse(ada, { setId: set.id, tag: "leech" });
    expect(page.cards[0]).toMatchObject({ id, suspended: true, leech: true, lapses: 8 });
  });

  it("a leech's rating says so, and undoing it (or Unsuspend, the toast's Undo) puts the card back", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 1 });
    const [id] = ids((await queue(ada, set.id)).cards);
    const now = clock.now();
    const lapsed = {
      userId: ada.user.id,
      flashcardId: id!,
      due: new Date(now.getTime() - 60_000),
      stability: 2,
      difficulty: 8,
      elapsedDays: 3,
      scheduledDays: 3,
      learningSteps: 0,
      reps: 20,
      lapses: 7,
      state: 2,
      lastReview: new Date(now.getTime() - 3 * 86400_000),
    };
    await t.database.db.insert(cardStates).values(lapsed);
    const rated = await api(ada).call(reviewEndpoints.rate, { params: { id: id! }, body: { rating: 1 } });
    expect(rated.leech).toBe(true);
    expect((await queue(ada, set.id)).cards).toEqual([]);

    await api(ada).call(reviewEndpoints.undo, { body: { reviewId: rated.reviewId } });
    expect(ids((await queue(ada, set.id)).cards)).toEqual([id]);
    const [card] = await api(ada).call(flashcardEndpoints.listCards, { params: { id: set.id } });
    expect(card!.tags).toEqual([]);
    expect((await browse(ada, { setId: set.id })).cards[0]).toMatchObject({
      suspended: false,
      leech: false,
      lapses: 7,
    });

    // Rated again: a leech once more; this time the toast's Undo unsuspends it through the hold endpoint.
    const again = await api(ada).call(reviewEndpoints.rate, { params: { id: id! }, body: { rating: 1 } });
    expect(again.leech).toBe(true);
    await api(ada).call(browserEndpoints.hold, { params: { id: id! }, body: { action: "unsuspend" } });
    expect((await browse(ada, { setId: set.id })).cards[0]).toMatchObject({ suspended: false, leech: false });
    // An ordinary rating carries no leech mark, and undoing it leaves a suspension the student chose alone.
    const good = await api(ada).call(reviewEndpoints.rate, { params: { id: id! }, body: { rating: 3 } });
    expect(good.leech).toBeUndefined();
    await api(ada).call(browserEndpoints.hold, { params: { id: id! }, body: { action: "suspend" } });
    await api(ada).call(reviewEndpoints.undo, { body: { reviewId: good.reviewId } });
    expect((await browse(ada, { setId: set.id })).cards[0]).toMatchObject({ suspended: true });
  });

  it("a card buried from the review page comes back with Unbury (the toast's Undo)", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 2 });
    const [first] = ids((await queue(ada, set.id)).cards);
    await api(ada).call(browserEndpoints.hold, { params: { id: first! }, body: { action: "bury" } });
    expect(ids((await queue(ada, set.id)).cards)).not.toContain(first);
    await api(ada).call(browserEndpoints.hold, { params: { id: first! }, body: { action: "unbury" } });
    expect(ids((await queue(ada, set.id)).cards)).toContain(first);
    expect(
      (await api(bob).send(browserEndpoints.hold, { params: { id: first! }, body: { action: "unbury" } }))
        .statusCode,
    ).toBe(404);
  });
});

describe("card browser", () => {
  it("searches, filters by set, state, tag and due, sorts and pages", async () => {
    const carol = await createUser(t.app);
    const cells = await createFlashcardSet(t.app, { owner: carol, title: "Cells", cards: 5 });
    const atoms = await createFlashcardSet(t.app, { owner: carol, title: "Atoms", cards: 3 });
    const all = await browse(carol, {});
    expect(all.total).toBe(8);
    expect(all.cards.every((c) => c.state === "new" && c.due === null)).toBe(true);

    expect((await browse(carol, { q: "Q1" })).cards.map((c) => c.setTitle).sort()).toEqual([
      "Atoms",
      "Cells",
    ]);
    expect((await browse(carol, { q: "a4" })).cards.map((c) => c.question)).toEqual(["Q4"]);
    expect((await browse(carol, { q: "%" })).total).toBe(0);
    expect((await browse(carol, { setId: atoms.id })).total).toBe(3);

    const cellIds = ids((await browse(carol, { setId: cells.id })).cards);
    await api(carol).call(reviewEndpoints.rate, { params: { id: cellIds[0]! }, body: { rating: 1 } });
    await api(carol).call(reviewEndpoints.rate, { params: { id: cellIds[1]! }, body: { rating: 4 } });
    expect(ids((await browse(carol, { state: "learning" })).cards)).toEqual([cellIds[0]]);
    expect(ids((await browse(carol, { state: "review" })).cards)).toEqual([cellIds[1]]);
    expect((await browse(carol, { state: "new" })).total).toBe(6);
    // Easy's first interval is fuzzed: put the review card two days out for the due filters.
    await t.database.db
      .update(cardStates)
      .set({ due: new Date(clock.now().getTime() + 2 * 86400_000) })
      .where(and(eq(cardStates.userId, carol.user.id), eq(cardStates.flashcardId, cellIds[1]!)));
    expect(ids((await browse(carol, { due: "today" })).cards)).toEqual([cellIds[0]]);
    expect(ids((await browse(carol, { due: "week" })).cards).sort()).toEqual(cellIds.slice(0, 2).sort());
    expect((await browse(carol, { due: "overdue" })).total).toBe(0);

    await api(carol).call(browserEndpoints.bulk, {
      body: { action: "addTag", ids: cellIds.slice(0, 3), tag: "biology" },
    });
    expect(ids((await browse(carol, { tag: "biology" })).cards)).toEqual(cellIds.slice(0, 3));
    await api(carol).call(browserEndpoints.bulk, {
      body: { action: "removeTag", ids: [cellIds[0]!], tag: "biology" },
    });
    expect((await browse(carol, { tag: "biology" })).total).toBe(2);

    const bySet = await browse(carol, { sort: "set", dir: "asc" });
    expect(bySet.cards[0]!.setTitle).toBe("Atoms");
    const byQuestion = await browse(carol, { sort: "question", dir: "desc" });
    expect(byQuestion.cards[0]!.question).toBe("Q4");
    const byDue = await browse(carol, { sort: "due" });
    expect(byDue.cards[0]!.id).toBe(cellIds[0]);

    const first = await browse(carol, { limit: 3 });
    expect(first.cards).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await browse(carol, { limit: 3, cursor: first.nextCursor });
    const third = await browse(carol, { limit: 3, cursor: second.nextCursor });
    expect(third.nextCursor).toBeNull();
    expect(new Set([...ids(first.cards), ...ids(second.cards), ...ids(third.cards)]).size).toBe(8);

    expect(await api(carol).call(browserEndpoints.sets)).toEqual([
      { id: atoms.id, title: "Atoms" },
      { id: cells.id, title: "Cells" },
    ]);
    expect((await api(bob).call(browserEndpoints.sets)).map((s) => s.id)).not.toContain(cells.id);
    // Another student's browser never shows Carol's cards.
    expect((await browse(bob, { q: "Q1", setId: cells.id })).total).toBe(0);
  });

  it("search ignores accents, case and compatibility forms on both sides, and follows an edited card", async () => {
    const dee = await createUser(t.app);
    const set = await createFlashcardSet(t.app, { owner: dee });
    const cafe = await createCard(t.app, { owner: dee, set, question: "Café au lait", answer: "coffee" });
    const co2 = await createCard(t.app, { owner: dee, set, question: "Formula", answer: "CO₂ and ﬁne" });
    const found = async (q: string) => ids((await browse(dee, { q })).cards);
    expect(await found("cafe")).toEqual([cafe.id]);
    expect(await found("CAFÉ AU")).toEqual([cafe.id]);
    expect(await found("co2")).toEqual([co2.id]);
    expect(await found("fine")).toEqual([co2.id]);
    // The question and answer are searched apart: a search does not run from one into the other.
    expect(await found("lait coffee")).toEqual([]);
    await api(dee).call(flashcardEndpoints.updateCard, {
      params: { id: cafe.id },
      body: { question: "Crème brûlée" },
    });
    expect(await found("cafe")).toEqual([]);
    expect(await found("creme brulee")).toEqual([cafe.id]);
    // Nobody else's search reaches them.
    expect((await browse(bob, { q: "creme" })).total).toBe(0);
  });

  it("moves and deletes in bulk, within the sets' bounds and only the student's own", async () => {
    const dan = await createUser(t.app);
    const from = await createFlashcardSet(t.app, { owner: dan, cards: 3 });
    const to = await createFlashcardSet(t.app, { owner: dan, cards: 0 });
    const bobSet = await createFlashcardSet(t.app, { owner: bob, cards: 0 });
    const [a, b, c] = ids((await browse(dan, { setId: from.id })).cards);
    expect(
      (
        await api(dan).send(browserEndpoints.bulk, {
          body: { action: "move", ids: [a], flashcardSetId: bobSet.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      await api(dan).call(browserEndpoints.bulk, {
        body: { action: "move", ids: [a!, b!], flashcardSetId: to.id },
      }),
    ).toEqual({ updated: 2 });
    expect(ids((await browse(dan, { setId: to.id })).cards)).toEqual([a, b]);
    expect(await api(dan).call(browserEndpoints.bulk, { body: { action: "delete", ids: [c!] } })).toEqual({
      updated: 1,
    });
    expect((await browse(dan, {})).total).toBe(2);
    expect(
      (await api(bob).send(browserEndpoints.bulk, { body: { action: "delete", ids: [a] } })).statusCode,
    ).toBe(404);
    expect((await browse(dan, {})).total).toBe(2);
  });

  it("refuses bad filters and bad bulk bodies with a 400 and a message", async () => {
    for (const query of [
      { limit: 0 },
      { limit: 201 },
      { state: "frozen" },
      { due: "yesterday" },
      { sort: "colour" },
      { dir: "up" },
      { cursor: "abc" },
      { setId: "x" },
      { timeZone: "Nowhere/Land" },
      { q: "x".repeat(201) },
    ]) {
      const res = await api(ada).send(browserEndpoints.list, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    for (const body of [
      {},
      { action: "suspend", ids: [] },
      { action: "suspend", ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      { action: "suspend", ids: [1, 1] },
      { action: "suspend", ids: [0] },
      { action: "suspend", ids: ["1"] },
      { action: "explode", ids: [1] },
      { action: "move", ids: [1] },
      { action: "addTag", ids: [1], tag: "two words" },
      { action: "addTag", ids: [1], tag: "" },
    ]) {
      const res = await api(ada).send(browserEndpoints.bulk, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    for (const body of [
      { burySiblings: "yes", easyDays: [] },
      { burySiblings: true, easyDays: [7] },
      { burySiblings: true, easyDays: [1, 1] },
      { burySiblings: true, easyDays: [0, 1, 2, 3, 4, 5, 6] },
    ]) {
      expect((await api(ada).send(preferenceEndpoints.save, { body })).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});

describe("load balancing (issue 25 §3)", () => {
  it("moves a review card's due date to a free day within FSRS's range", async () => {
    const erin = await createUser(t.app);
    const set = await createFlashcardSet(t.app, { owner: erin, cards: 201 });
    const page1 = await browse(erin, { setId: set.id, limit: 200 });
    const page2 = await browse(erin, { setId: set.id, limit: 200, cursor: page1.nextCursor });
    const [rated, ...others] = ids([...page1.cards, ...page2.cards]);
    const now = clock.now();
    const state = (flashcardId: number, due: Date) => ({
      userId: erin.user.id,
      flashcardId,
      due,
      stability: 20,
      difficulty: 5,
      elapsedDays: 20,
      scheduledDays: 20,
      learningSteps: 0,
      reps: 5,
      lapses: 0,
      state: 2,
      lastReview: new Date(now.getTime() - 20 * 86400_000),
    });
    // One card due on every day after today that is not a multiple of 3, as far as any interval FSRS
    // could give this card: the multiples of 3 are the light days.
    const loaded = Array.from({ length: 300 }, (_, i) => i + 1).filter((d) => d % 3 !== 0);
    await t.database.db
      .insert(cardStates)
      .values([
        state(rated!, new Date(now.getTime() - 60_000)),
        ...loaded.map((d, i) => state(others[i]!, new Date(now.getTime() + d * 86400_000 + 3600_000))),
      ]);
    const res = await api(erin).call(reviewEndpoints.rate, { params: { id: rated! }, body: { rating: 3 } });
    const day = Math.round((new Date(res.due).getTime() - clock.now().getTime()) / 86400_000);
    expect(day).toBeGreaterThan(3);
    expect(day % 3, `due ${res.due}, ${day} days out`).toBe(0);
  });
  it("keeps a late review's balanced day past the days already elapsed, as FSRS's fuzz range does", async () => {
    const gus = await createUser(t.app);
    const set = await createFlashcardSet(t.app, { owner: gus, cards: 20 });
    const [rated, ...others] = ids((await browse(gus, { setId: set.id, limit: 200 })).cards);
    // Rated at a recorded time: the fuzz is seeded by it, so the server's interval is this one.
    const now = new Date(clock.now().getTime() - 60_000);
    // Last reviewed 30 days ago, two days after the review before it: the stored elapsed days (2) are
    // the previous review's, this rating's are 30.
    const late = {
      userId: gus.user.id,
      flashcardId: rated!,
      due: new Date(now.getTime() - 20 * 86400_000),
      stability: 3,
      difficulty: 5,
      elapsedDays: 2,
      scheduledDays: 10,
      learningSteps: 0,
      reps: 5,
      lapses: 0,
      state: 2 as const,
      lastReview: new Date(now.getTime() - 30 * 86400_000),
    };
    // A stability whose interval (before fuzz) is just past 30 days, where the range with 2 elapsed days
    // starts earlier.
    const interval = () => unfuzzedInterval(late, 3, now);
    while (late.stability < 10 && !(interval() > 30 && fuzzDays(interval(), 2).min <= 30))
      late.stability += 0.05;
    const { min, max } = fuzzDays(interval(), 30);
    expect(fuzzDays(interval(), 2).min).toBeLessThan(31);
    expect(min).toBe(31);
    // Every day FSRS allows is busy; the days up to 30, which it does not allow, are free.
    const busy = Array.from({ length: max - min + 1 }, (_, i) => min + i);
    await t.database.db.insert(cardStates).values([
      late,
      ...busy.map((d, i) => ({
        ...late,
        flashcardId: others[i]!,
        due: new Date(now.getTime() + d * 86400_000 + 3600_000),
      })),
    ]);
    const res = await api(gus).call(reviewEndpoints.rate, {
      params: { id: rated! },
      body: { rating: 3, clientId: randomUUID(), reviewedAt: now.toISOString() },
    });
    const day = Math.round((new Date(res.due).getTime() - now.getTime()) / 86400_000);
    expect(day, `due ${res.due}`).toBeGreaterThanOrEqual(min);
    expect(day).toBeLessThanOrEqual(max);
  });
  it("keeps the balanced day within FSRS's fuzz range of the interval before fuzz, not around the fuzzed one", async () => {
    const hal = await createUser(t.app);
    const set = await createFlashcardSet(t.app, { owner: hal, cards: 40 });
    const [rated, ...others] = ids((await browse(hal, { setId: set.id, limit: 200 })).cards);
    const now = new Date(clock.now().getTime() - 60_000);
    const onTime = {
      userId: hal.user.id,
      flashcardId: rated!,
      due: now,
      stability: 20,
      difficulty: 5,
      elapsedDays: 20,
      scheduledDays: 20,
      learningSteps: 0,
      reps: 5,
      lapses: 0,
      state: 2 as const,
      lastReview: new Date(now.getTime() - 20 * 86400_000),
    };
    // A stability whose fuzz lands late enough that a range around the fuzzed day reaches past FSRS's.
    // Seeded with the card's id, as the rating seeds it (fsrs.ts, seedOf).
    const fuzzed = () =>
      rateCard(onTime, 3, now, undefined, undefined, undefined, String(rated)).card.scheduledDays;
    const centre = () => unfuzzedInterval(onTime, 3, now);
    while (onTime.stability < 60 && fuzzDays(fuzzed(), 20).max <= fuzzDays(centre(), 20).max)
      onTime.stability += 0.5;
    const { min, max } = fuzzDays(centre(), 20);
    expect(fuzzDays(fuzzed(), 20).max).toBeGreaterThan(max);
    // Every day FSRS allows is busy; the days after it are free.
    const busy = Array.from({ length: max - min + 1 }, (_, i) => min + i);
    await t.database.db.insert(cardStates).values([
      onTime,
      ...busy.map((d, i) => ({
        ...onTime,
        flashcardId: others[i]!,
        due: new Date(now.getTime() + d * 86400_000 + 3600_000),
      })),
    ]);
    const res = await api(hal).call(reviewEndpoints.rate, {
      params: { id: rated! },
      body: { rating: 3, clientId: randomUUID(), reviewedAt: now.toISOString() },
    });
    const day = Math.round((new Date(res.due).getTime() - now.getTime()) / 86400_000);
    expect(day, `due ${res.due}`).toBeGreaterThanOrEqual(min);
    expect(day, `due ${res.due}`).toBeLessThanOrEqual(max);
  });
  it("picks, in the rating's write statement, the day balancedInterval picks for the same loads and Easy Days", async () => {
    const fay = await createUser(t.app);
    const set = await createFlashcardSet(t.app, { owner: fay, cards: 150 });
    const cards = ids((await browse(fay, { setId: set.id, limit: 200 })).cards);
    const at = new Date(clock.now().getTime() - 60_000);
    const reviewState = (flashcardId: number, due: Date) => ({
      userId: fay.user.id,
      flashcardId,
      due,
      stability: 10,
      difficulty: 5,
      elapsedDays: 10,
      scheduledDays: 10,
      learningSteps: 0,
      reps: 5,
      lapses: 0,
      state: 2 as const,
      lastReview: new Date(at.getTime() - 10 * 86400_000),
    });
    // Two cards to rate; each of the others falls due on a day after `at`, 1-4 cards a day in a repeating
    // pattern, over every day FSRS's fuzz could give either of them.
    const [first, second, ...others] = cards;
    const states = [reviewState(first!, at), reviewState(second!, at)];
    const loads = new Map<number, number>();
    for (let day = 1, next = 0; next < others.length; day += 1) {
      const n = Math.min(1 + ((day * 7) % 4), others.length - next);
      loads.set(day, n);
      for (let k = 0; k < n; k += 1)
        states.push(reviewState(others[next++]!, new Date(at.getTime() + day * 86400_000 + 7200_000)));
    }
    await t.database.db.insert(cardStates).values(states);
    const weekday = (d: number) => new Date(at.getTime() + d * 86400_000).getUTCDay();

    /** Rates `cardId` Good at `at` with the Easy Days `easyDays` picks from FSRS's range; checks the day. */
    const ratedDay = async (cardId: number, easyDays: (min: number, max: number) => number[]) => {
      const state = states.find((r) => r.flashcardId === cardId)!;
      // The rating seeds FSRS's fuzz with the card's id (fsrs.ts, seedOf).
      const fsrs = rateCard(state, 3, at, undefined, undefined, undefined, String(cardId)).card;
      const centre = unfuzzedInterval(state, 3, at);
      const { min, max } = fuzzDays(centre, state.elapsedDays);
      const easy = easyDays(min, max);
      await api(fay).call(preferenceEndpoints.save, { body: { burySiblings: false, easyDays: easy } });
      const day = balancedInterval(
        centre,
        state.elapsedDays,
        (d) => loads.get(d) ?? 0,
        (d) => easy.includes(weekday(d)),
        fsrs.scheduledDays,
      );
      const res = await api(fay).call(reviewEndpoints.rate, {
        params: { id: cardId },
        body: { rating: 3, clientId: randomUUID(), reviewedAt: at.toISOString() },
      });
      expect(res.due).toBe(
        new Date(fsrs.due.getTime() + (day - fsrs.scheduledDays) * 86400_000).toISOString(),
      );
      loads.set(day, (loads.get(day) ?? 0) + 1);
      return { day, min, max };
    };
    // Without Easy Days: the lightest day.
    const plain = await ratedDay(first!, () => []);
    expect(loads.get(plain.day)).toBe(2);
    // The lightest days' weekdays made Easy Days: at twice their load and a half they lose to a busier day.
    const lightest = (min: number, max: number) => {
      const days = Array.from({ length: max - min + 1 }, (_, i) => min + i);
      const least = Math.min(...days.map((d) => loads.get(d) ?? 0));
      return [...new Set(days.filter((d) => loads.get(d) === least).map(weekday))].sort();
    };
    const easy = await ratedDay(second!, lightest);
    expect(lightest(easy.min, easy.max)).not.toContain(weekday(easy.day));
  });
});
