import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cardStates } from "#server/db/schema/review.ts";
import { type Flashcard, type FlashcardSet, NO_CLOZE_MESSAGE } from "#shared/flashcards/contract.ts";
import type { ReviewQueue } from "#shared/review/contract.ts";
import { createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
const req = t.req;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

async function newSet(owner: TestUser): Promise<FlashcardSet> {
  const sid = (await createStudySet(t.app, { owner, title: "Geo", description: "", color: "#3B82F6" })).id;
  return (await req(owner, "POST", `/api/study/sets/${sid}/flashcard-sets`, { title: "Rivers" })).json();
}
const cards = async (who: TestUser, setId: number) =>
  (await req(who, "GET", `/api/study/flashcard-sets/${setId}/cards`)).json() as Flashcard[];
const rows = (list: Flashcard[]) => list.map((c) => [c.type, c.ord]);

const CLOZE = "The {{c1::Seine::river}} flows through {{c2::Paris}}.";

describe("cloze and reversed cards", () => {
  it("makes one row per cloze number and per direction, siblings sharing a guid", async () => {
    const set = await newSet(ada);
    // A cloze's back (Anki's Back Extra) may be empty; a basic card's may not.
    const bare = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      question: "q",
      answer: " ",
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: "Answer is required" });
    const cloze = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      type: "cloze",
      question: CLOZE,
      answer: "",
    });
    expect(cloze.statusCode).toBe(201);
    expect(cloze.json()).toMatchObject({ type: "cloze", ord: 0, guid: expect.any(String) });
    await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      type: "reversed",
      question: "chien",
      answer: "dog",
    });
    await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, { question: "plain", answer: "one" });
    const list = await cards(ada, set.id);
    expect(rows(list)).toEqual([
      ["cloze", 0],
      ["cloze", 1],
      ["reversed", 0],
      ["reversed", 1],
      ["basic", 0],
    ]);
    expect(list[0]!.guid).toBe(list[1]!.guid);
    expect(list[2]!.guid).toBe(list[3]!.guid);
    expect(list[0]!.guid).not.toBe(list[2]!.guid);
    expect(list[4]!.guid).toBeNull();

    // Review shows each row its own way.
    const queue = (await req(ada, "GET", `/api/review/queue?setId=${set.id}`)).json() as ReviewQueue;
    expect(queue.cards.map((c) => c.question)).toEqual([
      "The \\[river\\] flows through Paris.",
      "The Seine flows through \\[...\\].",
      "chien",
      "dog",
      "plain",
    ]);
    expect(queue.cards[1]!.answer).toBe("The Seine flows through **Paris**.");
    expect(queue.cards[3]!.answer).toBe("chien");
  });

  it("refuses a cloze card without a cloze, on create and on edit (400, clear message)", async () => {
    const set = await newSet(ada);
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      type: "cloze",
      question: "No markup here {{c1::",
      answer: "x",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: NO_CLOZE_MESSAGE });
    const made = (
      await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
        type: "cloze",
        question: CLOZE,
        answer: "x",
      })
    ).json() as Flashcard;
    const edit = await req(ada, "PATCH", `/api/study/flashcards/${made.id}`, { question: "all gone" });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ error: NO_CLOZE_MESSAGE });
    const toCloze = (
      await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, { question: "q", answer: "a" })
    ).json() as Flashcard;
    expect(
      (await req(ada, "PATCH", `/api/study/flashcards/${toCloze.id}`, { type: "cloze" })).statusCode,
    ).toBe(400);
    expect(
      (await req(ada, "PATCH", `/api/study/flashcards/${toCloze.id}`, { type: "occlusion" })).statusCode,
    ).toBe(400);
    expect(rows(await cards(ada, set.id))).toEqual([
      ["cloze", 0],
      ["cloze", 1],
      ["basic", 0],
    ]);
  });

  it("answers a card's edit that breaks a rule as its creation does: code 'validation' and the field", async () => {
    const set = await newSet(ada);
    const url = `/api/study/flashcard-sets/${set.id}/cards`;
    const basic = (await req(ada, "POST", url, { question: "q", answer: "a" })).json() as Flashcard;
    const cloze = (await req(ada, "POST", url, { type: "cloze", question: CLOZE })).json() as Flashcard;
    const cases = [
      { create: { question: "q", answer: " " }, edit: [basic.id, { answer: " " }] },
      { create: { type: "cloze", question: "none here" }, edit: [cloze.id, { question: "none here" }] },
      { create: { type: "cloze", question: "none here" }, edit: [basic.id, { type: "cloze" }] },
    ] as const;
    for (const { create, edit } of cases) {
      const made = await req(ada, "POST", url, create);
      const edited = await req(ada, "PATCH", `/api/study/flashcards/${edit[0]}`, edit[1]);
      expect(made.statusCode).toBe(400);
      expect(edited.statusCode).toBe(400);
      const body = made.json();
      expect(body.code).toBe("validation");
      expect(body.details).toEqual([
        expect.objectContaining({ path: expect.any(String), message: body.error }),
      ]);
      expect(edited.json()).toEqual(body);
    }
  });

  it("counts a set's flashcards as its card list shows them (notes), and its review cards apart", async () => {
    const set = await newSet(ada);
    const url = `/api/study/flashcard-sets/${set.id}/cards`;
    await req(ada, "POST", url, { question: "perro", answer: "dog" });
    await req(ada, "POST", url, { type: "reversed", question: "gato", answer: "cat" });
    await req(ada, "POST", url, { type: "cloze", question: CLOZE });
    const sid = set.studySetId;
    const listed = (await req(ada, "GET", `/api/study/sets/${sid}/flashcards`)).json() as FlashcardSet[];
    expect(listed.find((s) => s.id === set.id)).toMatchObject({ noteCount: 3, cardCount: 5 });
    const renamed = await req(ada, "PATCH", `/api/study/flashcard-sets/${set.id}`, { title: "Mixed" });
    expect(renamed.json()).toMatchObject({ noteCount: 3, cardCount: 5 });
    const fresh = await req(ada, "POST", `/api/study/sets/${sid}/flashcard-sets`, { title: "Empty" });
    expect(fresh.json()).toMatchObject({ noteCount: 0, cardCount: 0 });
  });

  it("re-syncs a cloze note's rows on edit, keeping the review state of unchanged ords", async () => {
    const set = await newSet(ada);
    const first = (
      await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
        type: "cloze",
        question: CLOZE,
        answer: "x",
      })
    ).json() as Flashcard;
    const rated = await req(ada, "POST", `/api/review/cards/${first.id}/rate`, { rating: 3 });
    expect(rated.statusCode).toBe(200);
    const [c1, c2] = await cards(ada, set.id);

    // Through the c2 row: c2 goes, c3 comes; the texts change on every sibling.
    const res = await req(ada, "PATCH", `/api/study/flashcards/${c2!.id}`, {
      question: "The {{c1::Seine}} meets the {{c3::sea}}.",
      hint: "Europe",
    });
    expect(res.statusCode).toBe(200);
    const after = await cards(ada, set.id);
    expect(rows(after)).toEqual([
      ["cloze", 0],
      ["cloze", 2],
    ]);
    expect(after[0]!.id).toBe(c1!.id);
    expect(new Set(after.map((c) => c.guid)).size).toBe(1);
    expect(after.every((c) => c.question.includes("sea") && c.hint === "Europe")).toBe(true);
    expect(res.json()).toMatchObject({ flashcardSetId: set.id, guid: c1!.guid });
    const states = await t.database.db
      .select()
      .from(cardStates)
      .where(and(eq(cardStates.userId, ada.user.id), eq(cardStates.flashcardId, c1!.id)));
    expect(states).toHaveLength(1);

    // Basic -> reversed gains the reverse; reversed -> basic loses it.
    const basic = (
      await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, { question: "a", answer: "b" })
    ).json() as Flashcard;
    await req(ada, "PATCH", `/api/study/flashcards/${basic.id}`, { type: "reversed" });
    expect(rows(await cards(ada, set.id)).slice(2)).toEqual([
      ["reversed", 0],
      ["reversed", 1],
    ]);
    await req(ada, "PATCH", `/api/study/flashcards/${basic.id}`, { type: "basic" });
    expect(rows(await cards(ada, set.id)).slice(2)).toEqual([["basic", 0]]);
  });

  it("deletes a note's siblings with it, and keeps other notes", async () => {
    const set = await newSet(ada);
    const cloze = (
      await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
        type: "cloze",
        question: CLOZE,
        answer: "x",
      })
    ).json() as Flashcard;
    await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      type: "reversed",
      question: "q",
      answer: "a",
    });
    const [, c2] = await cards(ada, set.id);
    expect(c2!.guid).toBe(cloze.guid);
    expect((await req(ada, "DELETE", `/api/study/flashcards/${c2!.id}`)).statusCode).toBe(200);
    expect(rows(await cards(ada, set.id))).toEqual([
      ["reversed", 0],
      ["reversed", 1],
    ]);
    expect((await req(ada, "DELETE", `/api/study/flashcards/${cloze.id}`)).statusCode).toBe(404);
  });

  it("treats another student's card as missing (404) and leaves it alone", async () => {
    const set = await newSet(bob);
    const bobs = (
      await req(bob, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
        type: "cloze",
        question: CLOZE,
        answer: "x",
      })
    ).json() as Flashcard;
    expect(
      (await req(ada, "PATCH", `/api/study/flashcards/${bobs.id}`, { question: "{{c1::mine}}" })).statusCode,
    ).toBe(404);
    expect((await req(ada, "DELETE", `/api/study/flashcards/${bobs.id}`)).statusCode).toBe(404);
    expect(
      (
        await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
          type: "reversed",
          question: "q",
          answer: "a",
        })
      ).statusCode,
    ).toBe(404);
    expect(rows(await cards(bob, set.id))).toEqual([
      ["cloze", 0],
      ["cloze", 1],
    ]);
  });

  it("scores a quiz on a cloze row by its hidden text and exports each note once", async () => {
    const set = await newSet(ada);
    await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      type: "cloze",
      question: CLOZE,
      answer: "x",
    });
    await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      type: "reversed",
      question: "q",
      answer: "a",
    });
    const list = await cards(ada, set.id);
    const attempt = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/quiz-attempts`, {
      answers: [
        { cardId: list[0]!.id, chosen: "Seine" },
        { cardId: list[1]!.id, chosen: "Paris" },
        { cardId: list[3]!.id, chosen: "q" },
      ],
    });
    expect(attempt.json()).toMatchObject({ correct: 3, total: 3 });
    const file = (await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=anki`)).json();
    const body = file.content.split("\n").filter((l: string) => l && !l.startsWith("#"));
    expect(body).toHaveLength(2);
    expect(body[0]).toContain("\tCloze\t");
    expect(body[1]).toContain("\tBasic (and reversed card)\t");
    expect(file.content).toContain("#guid column:1");
  });

  it("imports an Anki text file's cloze notes as one row per cloze number", async () => {
    const set = await newSet(ada);
    const text = "#separator:tab\n#notetype column:1\nCloze\t{{c1::a}} {{c2::b}}\textra\nBasic\tq\ta\n";
    const res = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import`, {
      text,
      options: { format: "anki" },
    });
    expect(res.statusCode).toBe(201);
    expect(rows(await cards(ada, set.id))).toEqual([
      ["cloze", 0],
      ["cloze", 1],
      ["basic", 0],
    ]);
  });
});

describe("renaming sets (issue 25 §6)", () => {
  it("renames, describes and recolours a flashcard set and a study set; another student's is 404", async () => {
    const set = await newSet(ada);
    const res = await req(ada, "PATCH", `/api/study/flashcard-sets/${set.id}`, {
      title: "  Big rivers ",
      description: "Europe",
      color: "#10b981",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Big rivers", description: "Europe", color: "#10B981" });
    expect((await req(ada, "PATCH", `/api/study/flashcard-sets/${set.id}`, { title: " " })).statusCode).toBe(
      400,
    );
    expect(
      (await req(ada, "PATCH", `/api/study/flashcard-sets/${set.id}`, { color: "red" })).statusCode,
    ).toBe(400);
    expect((await req(ada, "PATCH", `/api/study/flashcard-sets/${set.id}`, {})).statusCode).toBe(400);
    expect(
      (await req(bob, "PATCH", `/api/study/flashcard-sets/${set.id}`, { title: "mine" })).statusCode,
    ).toBe(404);

    const sid = set.studySetId;
    const study = await req(ada, "PATCH", `/api/study/sets/${sid}`, { title: "Geography", color: "#EF4444" });
    expect(study.statusCode).toBe(200);
    expect(study.json()).toMatchObject({ title: "Geography", color: "#EF4444" });
    expect((await req(ada, "PATCH", `/api/study/sets/${sid}`, { title: "" })).statusCode).toBe(400);
    expect((await req(bob, "PATCH", `/api/study/sets/${sid}`, { title: "mine" })).statusCode).toBe(404);
  });
});
