import { beforeAll, describe, expect, it } from "vitest";
import { flashcardEndpoints } from "#shared/flashcards/contract.ts";
import { studyModeEndpoints as e, STUDY_STATE_MAX_BYTES } from "#shared/flashcards/study-modes.ts";
import {
  createFlashcardSet,
  createGroup,
  createSharedSet,
  createStudySet,
  createUser,
  type TestUser,
} from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const learnState = { piles: { learning: [1, 2], mastered: [3] }, at: 0 };

describe("study mode sessions", () => {
  it("start empty, save from version 0, then only from the stored version (409 otherwise)", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 3 });
    const params = { id: set.id, mode: "learn" as const };
    expect(await t.api(ada).call(e.getSession, { params })).toEqual({
      mode: "learn",
      state: null,
      version: 0,
      updatedAt: null,
    });
    const first = await t.api(ada).call(e.saveSession, { params, body: { state: learnState, version: 0 } });
    expect(first).toMatchObject({ mode: "learn", state: learnState, version: 1 });

    // A second device that loaded before the first save sends version 0 again: refused, nothing lost.
    const stale = await t.api(ada).send(e.saveSession, { params, body: { state: { at: 9 }, version: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/another device/);

    const second = await t.api(ada).call(e.saveSession, {
      params,
      body: { state: { ...learnState, at: 1 }, version: 1 },
    });
    expect(second.version).toBe(2);
    const old = await t.api(ada).send(e.saveSession, { params, body: { state: { at: 5 }, version: 1 } });
    expect(old.statusCode).toBe(409);
    const skipped = await t.api(ada).send(e.saveSession, { params, body: { state: { at: 5 }, version: 7 } });
    expect(skipped.statusCode).toBe(409);

    // What a reload or another device reads is the last save that won.
    const loaded = await t.api(ada).call(e.getSession, { params });
    expect(loaded).toMatchObject({ state: { ...learnState, at: 1 }, version: 2 });
    expect(Date.parse(loaded.updatedAt!)).not.toBeNaN();
    // Each mode keeps its own session.
    expect((await t.api(ada).call(e.getSession, { params: { id: set.id, mode: "match" } })).version).toBe(0);
  });

  it.each([
    ["a mode that does not exist", { mode: "cram" }, { state: {}, version: 0 }],
    ["a set id that is not an id", { id: "abc" }, { state: {}, version: 0 }],
    ["no state", {}, { version: 0 }],
    ["a state that is not an object", {}, { state: [1, 2], version: 0 }],
    ["a negative version", {}, { state: {}, version: -1 }],
    ["a fractional version", {}, { state: {}, version: 1.5 }],
    ["a NUL in the state", {}, { state: { typed: "a\u0000b" }, version: 0 }],
  ])("refuse %s with a 400", async (_name, paramsOver, body) => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const res = await t.api(ada).send(e.saveSession, {
      params: { id: set.id, mode: "learn", ...paramsOver },
      body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("refuse a state over the size cap (400), keeping the stored one", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const params = { id: set.id, mode: "write" as const };
    await t.api(ada).call(e.saveSession, { params, body: { state: { at: 1 }, version: 0 } });
    const big = { order: "x".repeat(STUDY_STATE_MAX_BYTES) };
    const res = await t.api(ada).send(e.saveSession, { params, body: { state: big, version: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/bytes/);
    expect((await t.api(ada).call(e.getSession, { params })).state).toEqual({ at: 1 });
  });

  it("answer another student's set as a 404, reading and writing", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const params = { id: set.id, mode: "quiz" as const };
    await t.api(ada).call(e.saveSession, { params, body: { state: { secret: true }, version: 0 } });
    expect((await t.api(bob).send(e.getSession, { params })).statusCode).toBe(404);
    const write = await t.api(bob).send(e.saveSession, { params, body: { state: {}, version: 1 } });
    expect(write.statusCode).toBe(404);
    expect(
      (await t.api(bob).send(e.getSession, { params: { id: 2_000_000, mode: "quiz" } })).statusCode,
    ).toBe(404);
    expect((await t.api(ada).call(e.getSession, { params })).state).toEqual({ secret: true });
  });

  it("give a group member on a shared set a session of their own", async () => {
    const carol = await createUser(t.app);
    const group = await createGroup(t.app, { owner: ada, members: [carol] });
    const studySet = await createStudySet(t.app, { owner: ada });
    await createSharedSet(t.app, { owner: ada, group, studySet });
    const set = await createFlashcardSet(t.app, { owner: ada, studySet, cards: 2 });
    const params = { id: set.id, mode: "match" as const };
    await t.api(ada).call(e.saveSession, { params, body: { state: { bestMs: 9000 }, version: 0 } });
    expect((await t.api(carol).call(e.getSession, { params })).version).toBe(0);
    await t.api(carol).call(e.saveSession, { params, body: { state: { bestMs: 7000 }, version: 0 } });
    expect((await t.api(carol).call(e.getSession, { params })).state).toEqual({ bestMs: 7000 });
    expect((await t.api(ada).call(e.getSession, { params })).state).toEqual({ bestMs: 9000 });
  });
});

describe("stars", () => {
  it("star and unstar a card (idempotent), listed per set and per student", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 3 });
    const cards = await t.api(ada).call(flashcardEndpoints.listCards, { params: { id: set.id } });
    const [a, b] = cards;
    for (const card of [b!, a!, b!]) {
      expect(await t.api(ada).call(e.setStar, { params: { id: card.id }, body: { starred: true } })).toEqual({
        cardId: card.id,
        starred: true,
      });
    }
    expect(await t.api(ada).call(e.stars, { params: { id: set.id } })).toEqual({
      cardIds: [a!.id, b!.id].sort((x, y) => x - y),
    });
    await t.api(ada).call(e.setStar, { params: { id: a!.id }, body: { starred: false } });
    await t.api(ada).call(e.setStar, { params: { id: a!.id }, body: { starred: false } });
    expect((await t.api(ada).call(e.stars, { params: { id: set.id } })).cardIds).toEqual([b!.id]);
  });

  it("refuse bad input (400) and another student's card or set (404)", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 1 });
    const [card] = await t.api(ada).call(flashcardEndpoints.listCards, { params: { id: set.id } });
    for (const body of [{}, { starred: "yes" }, null]) {
      const res = await t.api(ada).send(e.setStar, { params: { id: card!.id }, body });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await t.api(ada).send(e.setStar, { params: { id: 0 }, body: { starred: true } })).statusCode,
    ).toBe(400);
    const theirs = await t.api(bob).send(e.setStar, { params: { id: card!.id }, body: { starred: true } });
    expect(theirs.statusCode).toBe(404);
    expect((await t.api(bob).send(e.stars, { params: { id: set.id } })).statusCode).toBe(404);
    expect((await t.api(ada).call(e.stars, { params: { id: set.id } })).cardIds).toEqual([]);
  });

  it("let a group member star a shared set's cards for themselves", async () => {
    const carol = await createUser(t.app);
    const group = await createGroup(t.app, { owner: ada, members: [carol] });
    const studySet = await createStudySet(t.app, { owner: ada });
    await createSharedSet(t.app, { owner: ada, group, studySet });
    const set = await createFlashcardSet(t.app, { owner: ada, studySet, cards: 1 });
    const [card] = await t.api(ada).call(flashcardEndpoints.listCards, { params: { id: set.id } });
    await t.api(carol).call(e.setStar, { params: { id: card!.id }, body: { starred: true } });
    expect((await t.api(carol).call(e.stars, { params: { id: set.id } })).cardIds).toEqual([card!.id]);
    expect((await t.api(ada).call(e.stars, { params: { id: set.id } })).cardIds).toEqual([]);
  });
});

describe("Test mode attempts", () => {
  it("score written answers leniently and true/false against the answer shown", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const api = t.api(ada);
    const mk = (question: string, answer: string) =>
      api.call(flashcardEndpoints.createCard, { params: { id: set.id }, body: { question, answer } });
    const paris = await mk("Capital of France", "Paris");
    const rome = await mk("Capital of Italy", "Rome");
    const bern = await mk("Capital of Switzerland", "Bern");
    const oslo = await mk("Capital of Norway", "Oslo");
    const attempt = await api.call(flashcardEndpoints.saveQuizAttempt, {
      params: { id: set.id },
      body: {
        answers: [
          { cardId: paris.id, chosen: "paaris", kind: "written" }, // a typo: right
          { cardId: rome.id, chosen: "true", kind: "truefalse", shown: "Rome" }, // right
          { cardId: bern.id, chosen: "true", kind: "truefalse", shown: "Oslo" }, // wrong
          { cardId: oslo.id, chosen: "Oslo" }, // a choice: right
        ],
      },
    });
    expect(attempt).toMatchObject({ correct: 3, total: 4 });
    const bad = await api.send(flashcardEndpoints.saveQuizAttempt, {
      params: { id: set.id },
      body: { answers: [{ cardId: rome.id, chosen: "maybe", kind: "truefalse", shown: "Rome" }] },
    });
    expect(bad.statusCode).toBe(400);
    const noShown = await api.send(flashcardEndpoints.saveQuizAttempt, {
      params: { id: set.id },
      body: { answers: [{ cardId: rome.id, chosen: "true", kind: "truefalse" }] },
    });
    expect(noShown.statusCode).toBe(400);
  });
});
