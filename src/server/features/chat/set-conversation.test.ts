import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "#shared/chat/contract.ts";
import { createDocument, createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { chatMessages } from "../../db/schema/chat.ts";

// Issue 24: the assistant beside a study document keeps a conversation of that study set's own; the
// general assistant keeps its own (no set), and neither shows the other's questions.
const t = testAppPerFile({ chatRateLimit: 1000 });
let ada: TestUser;
let bob: TestUser;
const sets: Record<string, { id: number }> = {};

beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
  sets.bio = await createStudySet(t.app, { owner: ada, title: "Biology" });
  sets.chem = await createStudySet(t.app, { owner: ada, title: "Chemistry" });
  sets.bobs = await createStudySet(t.app, { owner: bob, title: "Bob's biology" });
  await createDocument(t.app, {
    set: sets.bio as never,
    title: "Cells",
    content: "Mitochondria release energy from glucose by respiration.",
  });
});

const ask = (who: TestUser, content: string, extra: object = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: who.headers,
    payload: { isUser: true, content, timeZone: "UTC", ...extra },
  });
const query = (studySetId?: unknown) => (studySetId === undefined ? "" : `?studySetId=${studySetId}`);
const history = (who: TestUser, studySetId?: unknown) =>
  t.app.inject({ method: "GET", url: `/api/chat${query(studySetId)}`, headers: who.headers });
const clear = (who: TestUser, studySetId?: unknown) =>
  t.app.inject({ method: "DELETE", url: `/api/chat${query(studySetId)}`, headers: who.headers });
const questions = async (who: TestUser, studySetId?: number) =>
  ((await history(who, studySetId)).json() as ChatMessage[]).filter((m) => m.isUser).map((m) => m.content);

describe("a conversation per study set", () => {
  it("keeps a set's questions in its own conversation, apart from the general one and other sets'", async () => {
    expect((await ask(ada, "general question")).statusCode).toBe(200);
    const scoped = await ask(ada, "What releases energy?", {
      studySetId: sets.bio!.id,
      scope: { studySetId: sets.bio!.id },
    });
    expect(scoped.statusCode).toBe(200);
    // Widened to everything beside the document: still the set's conversation.
    expect((await ask(ada, "widened question", { studySetId: sets.bio!.id })).statusCode).toBe(200);
    expect((await ask(ada, "chemistry question", { studySetId: sets.chem!.id })).statusCode).toBe(200);

    const bio = (await history(ada, sets.bio!.id)).json() as ChatMessage[];
    expect(bio.map((m) => [m.isUser, m.isUser ? m.content : ""])).toEqual([
      [true, "What releases energy?"],
      [false, ""],
      [true, "widened question"],
      [false, ""],
    ]);
    expect(await questions(ada)).toEqual(["general question"]);
    expect(await questions(ada, sets.chem!.id)).toEqual(["chemistry question"]);
  });

  it("clears only the conversation asked for", async () => {
    const cleared = await clear(ada, sets.bio!.id);
    expect(cleared.json(), cleared.body).toEqual({ ok: true });
    expect(await questions(ada, sets.bio!.id)).toEqual([]);
    expect(await questions(ada)).toEqual(["general question"]);
    expect(await questions(ada, sets.chem!.id)).toEqual(["chemistry question"]);

    await ask(ada, "biology again", { studySetId: sets.bio!.id });
    expect((await clear(ada)).statusCode).toBe(200);
    expect(await questions(ada)).toEqual([]);
    expect(await questions(ada, sets.bio!.id)).toEqual(["biology again"]);
    expect(await questions(ada, sets.chem!.id)).toEqual(["chemistry question"]);
  });

  it("answers 404 with an error for another student's set or a set that does not exist", async () => {
    await ask(bob, "bob's own question", { studySetId: sets.bobs!.id });
    for (const id of [sets.bobs!.id, 2_000_000]) {
      for (const res of [
        await history(ada, id),
        await clear(ada, id),
        await ask(ada, "peek", { studySetId: id }),
      ]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(typeof res.json().error).toBe("string");
      }
    }
    // Bob's conversation was neither read nor cleared, and nothing was stored for the refused question.
    expect(await questions(bob, sets.bobs!.id)).toEqual(["bob's own question"]);
    expect(await questions(ada, sets.bio!.id)).toEqual(["biology again"]);
  });

  it("refuses a malformed set id with 400", async () => {
    for (const id of ["one", "0", "-1", "1.5", "3000000000", ""]) {
      for (const res of [await history(ada, id), await clear(ada, id)]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
        expect(typeof res.json().error).toBe("string");
      }
    }
    for (const id of ["one", 0, -1, 1.5, 3_000_000_000, null]) {
      const res = await ask(ada, "bad", { studySetId: id });
      expect(res.statusCode, JSON.stringify(id)).toBe(400);
      expect(typeof res.json().error).toBe("string");
    }
  });

  it("goes with its set when the set is deleted", async () => {
    const set = await createStudySet(t.app, { owner: ada, title: "Short-lived" });
    await ask(ada, "soon gone", { studySetId: set.id });
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/study/sets/${set.id}`,
      headers: ada.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await t.app.db.select().from(chatMessages).where(eq(chatMessages.studySetId, set.id))).toEqual([]);
    expect((await history(ada, set.id)).statusCode).toBe(404);
  });
});
