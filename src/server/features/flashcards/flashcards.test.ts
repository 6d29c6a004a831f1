import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { flashcards as cardsTable, quizAttempts } from "#server/db/schema/flashcards.ts";
import { FLASHCARD_SET_MAX_CARDS, type Flashcard, type FlashcardSet } from "#shared/flashcards/contract.ts";
import { createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const req = t.req;

/** A study set through the study feature's SPEC §7 endpoint. */
const studySet = async (owner: TestUser, title = "Biology") =>
  (await createStudySet(t.app, { owner, title, description: "", color: "#3B82F6" })).id;

async function flashcardSet(owner: TestUser, studySetId: number, body: object = { title: "Cells" }) {
  const res = await req(owner, "POST", `/api/study/sets/${studySetId}/flashcard-sets`, body);
  if (res.statusCode !== 201) throw new Error(`flashcardSet: ${res.statusCode} ${res.body}`);
  return res.json() as FlashcardSet;
}

async function card(owner: TestUser, setId: number, body: object) {
  const res = await req(owner, "POST", `/api/study/flashcard-sets/${setId}/cards`, body);
  if (res.statusCode !== 201) throw new Error(`card: ${res.statusCode} ${res.body}`);
  return res.json() as Flashcard;
}

describe("flashcard sets", () => {
  it("creates a set (title trimmed, blank description is null) and lists it with its card count", async () => {
    const sid = await studySet(ada);
    const res = await req(ada, "POST", `/api/study/sets/${sid}/flashcard-sets`, {
      title: "  Cell parts ",
      description: "  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      studySetId: sid,
      title: "Cell parts",
      description: null,
      cardCount: 0,
    });
    const second = await flashcardSet(ada, sid, { title: "Enzymes", description: "Chapter 4" });
    await card(ada, second.id, { question: "Q1", answer: "A1" });
    await card(ada, second.id, { question: "Q2", answer: "A2" });

    const list = await req(ada, "GET", `/api/study/sets/${sid}/flashcards`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: FlashcardSet) => [s.title, s.description, s.cardCount])).toEqual([
      ["Cell parts", null, 0],
      ["Enzymes", "Chapter 4", 2],
    ]);
  });

  it.each([
    [{}, "Flashcard set title is required"],
    [{ title: "   " }, "Flashcard set title is required"],
    [{ title: "x".repeat(201) }, "Title must be at most 200 characters"],
    [{ title: "ok", description: "d".repeat(2001) }, "Description must be at most 2000 characters"],
    [{ title: 5 }, "Flashcard set title is required"],
  ])("answers 400 with the message for %j", async (payload, message) => {
    const sid = await studySet(ada);
    const res = await req(ada, "POST", `/api/study/sets/${sid}/flashcard-sets`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: "validation" });
  });

  it("treats another student's study set as missing (404) and needs a session (401)", async () => {
    const bobs = await studySet(bob);
    await flashcardSet(bob, bobs);
    const list = await req(ada, "GET", `/api/study/sets/${bobs}/flashcards`);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toMatchObject({ error: "Study set not found.", code: "not_found" });
    expect(
      (await req(ada, "POST", `/api/study/sets/${bobs}/flashcard-sets`, { title: "x" })).statusCode,
    ).toBe(404);
    expect((await req(ada, "GET", `/api/study/sets/${bobs}/cards`)).statusCode).toBe(404);
    expect((await req(null, "GET", `/api/study/sets/${bobs}/flashcards`)).statusCode).toBe(401);
    expect(
      (await req(null, "POST", `/api/study/sets/${bobs}/flashcard-sets`, { title: "x" })).statusCode,
    ).toBe(401);
    expect((await req(ada, "GET", "/api/study/sets/abc/flashcards")).statusCode).toBe(400);
    expect((await req(ada, "GET", "/api/study/sets/0/flashcards")).statusCode).toBe(400);
  });

  it("deletes a set with its cards; another student's set is a 404 and stays", async () => {
    const sid = await studySet(ada);
    const set = await flashcardSet(ada, sid);
    const c = await card(ada, set.id, { question: "Q", answer: "A" });
    const bobSet = await flashcardSet(bob, await studySet(bob));

    expect((await req(ada, "DELETE", `/api/study/flashcard-sets/${bobSet.id}`)).statusCode).toBe(404);
    expect((await req(bob, "GET", `/api/study/flashcard-sets/${bobSet.id}/cards`)).statusCode).toBe(200);

    const res = await req(ada, "DELETE", `/api/study/flashcard-sets/${set.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await req(ada, "GET", `/api/study/sets/${sid}/flashcards`)).json()).toEqual([]);
    expect(await t.database.db.select().from(cardsTable).where(eq(cardsTable.id, c.id))).toEqual([]);
    expect((await req(ada, "DELETE", `/api/study/flashcard-sets/${set.id}`)).statusCode).toBe(404);
    expect((await req(null, "DELETE", `/api/study/flashcard-sets/${set.id}`)).statusCode).toBe(401);
  });
});

describe("cards", () => {
  it("adds cards in FSRS's new state, trims fields and keeps a blank hint as null", async () => {
    const set = await flashcardSet(ada, await studySet(ada));
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      question: "  Mitochondria ",
      answer: " Powerhouse of the cell ",
      hint: " ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      flashcardSetId: set.id,
      question: "Mitochondria",
      answer: "Powerhouse of the cell",
      hint: null,
      tags: [],
      type: "basic",
      ord: 0,
      guid: null,
    });
    const [row] = await t.database.db.select().from(cardsTable).where(eq(cardsTable.id, res.json().id));
    expect(row).toMatchObject({ userId: ada.user.id, question: "Mitochondria", hint: null });
    const withHint = await card(ada, set.id, {
      question: "Ribosome",
      answer: "Makes proteins",
      hint: "Tiny",
    });
    expect(withHint.hint).toBe("Tiny");

    const list = await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/cards`);
    expect(list.json().map((c: Flashcard) => c.question)).toEqual(["Mitochondria", "Ribosome"]);
  });

  it.each([
    [{ answer: "A" }, "Question is required"],
    [{ question: " ", answer: "A" }, "Question is required"],
    [{ question: "Q" }, "Answer is required"],
    [{ question: "Q", answer: "" }, "Answer is required"],
    [{ question: "q".repeat(1001), answer: "A" }, "Question must be at most 1000 characters"],
    [{ question: "Q", answer: "a".repeat(2001) }, "Answer must be at most 2000 characters"],
    [{ question: "Q", answer: "A", hint: "h".repeat(501) }, "Hint must be at most 500 characters"],
  ])("answers 400 for %j", async (payload, message) => {
    const set = await flashcardSet(ada, await studySet(ada));
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("edits only the fields sent and can clear the hint", async () => {
    const set = await flashcardSet(ada, await studySet(ada));
    const c = await card(ada, set.id, { question: "Q", answer: "A", hint: "H" });
    const res = await req(ada, "PATCH", `/api/study/flashcards/${c.id}`, { answer: " New answer " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ question: "Q", answer: "New answer", hint: "H" });
    const cleared = await req(ada, "PATCH", `/api/study/flashcards/${c.id}`, { hint: "" });
    expect(cleared.json().hint).toBeNull();
    for (const [payload, message] of [
      [{}, "Send at least one field to change"],
      [{ question: "" }, "Question is required"],
    ] as const) {
      const bad = await req(ada, "PATCH", `/api/study/flashcards/${c.id}`, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(message);
    }
  });

  it("deletes a card; the set's count follows", async () => {
    const sid = await studySet(ada);
    const set = await flashcardSet(ada, sid);
    const c = await card(ada, set.id, { question: "Q", answer: "A" });
    await card(ada, set.id, { question: "Q2", answer: "A2" });
    const res = await req(ada, "DELETE", `/api/study/flashcards/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect((await req(ada, "GET", `/api/study/sets/${sid}/flashcards`)).json()[0].cardCount).toBe(1);
    expect((await req(ada, "DELETE", `/api/study/flashcards/${c.id}`)).statusCode).toBe(404);
  });

  it("answers every card of a study set in one call, in set then card order", async () => {
    const sid = await studySet(ada);
    const first = await flashcardSet(ada, sid, { title: "One" });
    const second = await flashcardSet(ada, sid, { title: "Two" });
    await card(ada, second.id, { question: "b1", answer: "x" });
    await card(ada, first.id, { question: "a1", answer: "x" });
    await card(ada, first.id, { question: "a2", answer: "x" });
    await card(ada, (await flashcardSet(ada, await studySet(ada))).id, {
      question: "elsewhere",
      answer: "x",
    });
    const res = await req(ada, "GET", `/api/study/sets/${sid}/cards`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: Flashcard) => [c.flashcardSetId, c.question])).toEqual([
      [first.id, "a1"],
      [first.id, "a2"],
      [second.id, "b1"],
    ]);
  });

  it("treats another student's flashcard set and cards as missing (404), untouched", async () => {
    const bobSet = await flashcardSet(bob, await studySet(bob));
    const bobCard = await card(bob, bobSet.id, { question: "Bob's Q", answer: "Bob's A" });
    const tries = [
      await req(ada, "GET", `/api/study/flashcard-sets/${bobSet.id}/cards`),
      await req(ada, "POST", `/api/study/flashcard-sets/${bobSet.id}/cards`, { question: "Q", answer: "A" }),
      await req(ada, "PATCH", `/api/study/flashcards/${bobCard.id}`, { question: "hacked" }),
      await req(ada, "DELETE", `/api/study/flashcards/${bobCard.id}`),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(tries[0]!.json().error).toBe("Flashcard set not found.");
    expect(tries[2]!.json().error).toBe("Flashcard not found.");
    const bobs = await req(bob, "GET", `/api/study/flashcard-sets/${bobSet.id}/cards`);
    expect(bobs.json()).toEqual([bobCard]);
  });

  it("answers 401 without a session and 400 for a bad id", async () => {
    expect((await req(null, "GET", "/api/study/flashcard-sets/1/cards")).statusCode).toBe(401);
    expect(
      (await req(null, "POST", "/api/study/flashcard-sets/1/cards", { question: "Q", answer: "A" }))
        .statusCode,
    ).toBe(401);
    expect((await req(null, "PATCH", "/api/study/flashcards/1", { question: "Q" })).statusCode).toBe(401);
    expect((await req(null, "DELETE", "/api/study/flashcards/1")).statusCode).toBe(401);
    expect((await req(ada, "PATCH", "/api/study/flashcards/x", { question: "Q" })).statusCode).toBe(400);
    expect((await req(ada, "DELETE", "/api/study/flashcards/-1")).statusCode).toBe(400);
  });

  it("deleting the study set removes its flashcard sets and cards", async () => {
    const sid = await studySet(ada);
    const set = await flashcardSet(ada, sid);
    const c = await card(ada, set.id, { question: "Q", answer: "A" });
    expect((await req(ada, "DELETE", `/api/study/sets/${sid}`)).statusCode).toBe(200);
    expect((await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/cards`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(cardsTable).where(eq(cardsTable.id, c.id))).toEqual([]);
  });

  it(`refuses a card beyond ${FLASHCARD_SET_MAX_CARDS} in one set (409)`, async () => {
    const set = await flashcardSet(ada, await studySet(ada));
    const rows = Array.from({ length: FLASHCARD_SET_MAX_CARDS }, (_, i) => ({
      userId: ada.user.id,
      flashcardSetId: set.id,
      question: `Q${i}`,
      answer: `A${i}`,
    }));
    await t.database.db.insert(cardsTable).values(rows);
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      question: "Q",
      answer: "A",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("conflict");
  });
});

describe("quiz attempts", () => {
  async function quizSet(owner: TestUser) {
    const set = await flashcardSet(owner, await studySet(owner));
    const a = await card(owner, set.id, { question: "H2O", answer: "Water" });
    const b = await card(owner, set.id, { question: "NaCl", answer: "Salt" });
    const c = await card(owner, set.id, { question: "CO2", answer: "Carbon dioxide" });
    return { set, a, b, c };
  }

  it("scores the answers on the server (as the quiz compares them) and saves the attempt", async () => {
    const { set, a, b, c } = await quizSet(ada);
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, {
      answers: [
        { cardId: a.id, chosen: " water " },
        { cardId: b.id, chosen: "Water" },
        { cardId: c.id, chosen: "Carbon dioxide" },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ flashcardSetId: set.id, correct: 2, total: 3 });
    const rows = await t.database.db.select().from(quizAttempts).where(eq(quizAttempts.userId, ada.user.id));
    expect(rows.map((r) => [r.flashcardSetId, r.correct, r.total])).toContainEqual([set.id, 2, 3]);
  });

  it.each([
    [{}, "Send the quiz answers"],
    [{ answers: [] }, "A quiz needs at least one answer"],
    [{ answers: [{ chosen: "x" }] }, "Each answer needs a card id"],
    [{ answers: [{ cardId: 1 }] }, "Each answer needs the chosen option"],
  ])("answers 400 for %j", async (payload, message) => {
    const { set } = await quizSet(ada);
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("leaves out of the score a card deleted while the quiz was taken", async () => {
    const { set, a, b, c } = await quizSet(ada);
    expect((await req(ada, "DELETE", `/api/study/flashcards/${c.id}`)).statusCode).toBe(200);
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, {
      answers: [
        { cardId: a.id, chosen: "Water" },
        { cardId: b.id, chosen: "Water" },
        { cardId: c.id, chosen: "Carbon dioxide" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ correct: 1, total: 2 });
    const gone = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, {
      answers: [{ cardId: c.id, chosen: "Carbon dioxide" }],
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().error).toBe("The cards of this quiz have been deleted.");
  });

  it("refuses a card answered twice or a card of another set (400) and another student's set (404)", async () => {
    const { set, a } = await quizSet(ada);
    const twice = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, {
      answers: [
        { cardId: a.id, chosen: "Water" },
        { cardId: a.id, chosen: "Water" },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe("Each card is answered once");
    const other = await quizSet(ada);
    const foreign = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, {
      answers: [{ cardId: other.a.id, chosen: "Water" }],
    });
    expect(foreign.statusCode).toBe(400);
    const bobs = await quizSet(bob);
    const stolen = await req(ada, "POST", `/api/study/flashcard-sets/${bobs.set.id}/quiz-attempts`, {
      answers: [{ cardId: bobs.a.id, chosen: "Water" }],
    });
    expect(stolen.statusCode).toBe(404);
    const none = await req(null, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, {
      answers: [{ cardId: a.id, chosen: "Water" }],
    });
    expect(none.statusCode).toBe(401);
  });
});
