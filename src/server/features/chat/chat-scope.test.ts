import { beforeAll, describe, expect, it } from "vitest";
import { questionTerms } from "#server/integrations/ai/builtin/query.ts";
import type { Citation } from "#shared/chat/contract.ts";
import { createDocument, createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

// Issue 24: the assistant beside a document asks with that document's study set (or the document alone)
// in scope. Retrieval searches only there; the scope must be the student's own.
const t = testAppPerFile({ chatRateLimit: 1000 });
let ada: TestUser;
let bob: TestUser;
const sets: Record<string, { id: number }> = {};
const docs: Record<string, { id: number }> = {};

beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
  sets.bio = await createStudySet(t.app, { owner: ada, title: "Biology" });
  sets.chem = await createStudySet(t.app, { owner: ada, title: "Chemistry" });
  sets.bobs = await createStudySet(t.app, { owner: bob, title: "Bob's biology" });
  docs.cells = await createDocument(t.app, {
    set: sets.bio as never,
    title: "Cells",
    content: "Mitochondria release energy from glucose by respiration. Ribosomes build proteins.",
  });
  docs.plants = await createDocument(t.app, {
    set: sets.bio as never,
    title: "Plants",
    content: "Chloroplasts capture light energy. Energy is stored in glucose.",
  });
  docs.bonds = await createDocument(t.app, {
    set: sets.chem as never,
    title: "Bonds",
    content: "Bond energy is released when glucose burns. Energy of a bond is measured in kilojoules.",
  });
  docs.bobs = await createDocument(t.app, {
    set: sets.bobs as never,
    title: "Bob's cells",
    content: "Mitochondria release energy from glucose.",
  });
  await t.app.inject({
    method: "POST",
    url: "/api/upload-document",
    headers: ada.headers,
    payload: { fileName: "energy.txt", content: "Glucose energy is the theme of this course material." },
  });
});

const search = (who: TestUser, question: string, scope: { studySetId?: number; studyDocumentId?: number }) =>
  t.app.services.retrieval.search(who.user.id, questionTerms(question), scope);

const ask = (who: TestUser, content: string, scope?: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: who.headers,
    payload: { isUser: true, content, timeZone: "UTC", ...(scope === undefined ? {} : { scope }) },
  });

describe("retrieval with a study set or document in scope", () => {
  it("searches every store without a scope, only the set's documents with one", async () => {
    const everything = await search(ada, "glucose energy", {});
    expect(new Set(everything.map((c) => c.source))).toEqual(new Set(["material", "study"]));
    expect(everything.map((c) => c.documentId)).toContain(docs.bonds!.id);

    const inBio = await search(ada, "glucose energy", { studySetId: sets.bio!.id });
    expect(inBio.map((c) => c.documentId).sort()).toEqual([docs.cells!.id, docs.plants!.id].sort());
    expect(inBio.every((c) => c.source === "study")).toBe(true);

    const oneDoc = await search(ada, "glucose energy", { studyDocumentId: docs.plants!.id });
    expect(oneDoc.map((c) => c.documentId)).toEqual([docs.plants!.id]);
  });

  it("corrects a typo against the words in scope only", async () => {
    // 'kilojoules' is in the chemistry set, not in biology: no stand-in there.
    expect(await search(ada, "kilojoulles", { studySetId: sets.bio!.id })).toEqual([]);
    const chem = await search(ada, "kilojoulles", { studySetId: sets.chem!.id });
    expect(chem.map((c) => c.documentId)).toEqual([docs.bonds!.id]);
  });

  it("never reaches another student's set even when named", async () => {
    expect(await search(ada, "mitochondria glucose", { studySetId: sets.bobs!.id })).toEqual([]);
  });
});

describe("POST /api/chat with a scope", () => {
  it("cites only the set's documents", async () => {
    const res = await ask(ada, "What releases energy from glucose?", { studySetId: sets.bio!.id });
    expect(res.statusCode).toBe(200);
    const citations: Citation[] = res.json().aiMessage.citations;
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) {
      expect(c.source).toBe("study");
      expect([docs.cells!.id, docs.plants!.id]).toContain(c.id);
    }
    const wide = await ask(ada, "What releases energy from glucose?");
    expect(
      (wide.json().aiMessage.citations as Citation[]).some(
        (c) => c.id === docs.bonds!.id || c.source === "material",
      ),
    ).toBe(true);
  });

  it("answers within one document", async () => {
    const res = await ask(ada, "What is stored in glucose?", {
      studySetId: sets.bio!.id,
      studyDocumentId: docs.plants!.id,
    });
    expect(res.statusCode).toBe(200);
    const citations: Citation[] = res.json().aiMessage.citations;
    expect(citations.map((c) => c.id)).toEqual([docs.plants!.id]);
  });

  it("answers 404 for another student's set or document, or a document of another set", async () => {
    for (const scope of [
      { studySetId: sets.bobs!.id },
      { studySetId: sets.bio!.id, studyDocumentId: docs.bobs!.id },
      { studySetId: sets.bio!.id, studyDocumentId: docs.bonds!.id },
      { studySetId: 2_000_000 },
    ]) {
      const res = await ask(ada, "What releases energy?", scope);
      expect(res.statusCode, JSON.stringify(scope)).toBe(404);
      expect(res.json().error).toBeTruthy();
    }
    // Nothing was stored for a refused question.
    const history = await t.app.inject({ method: "GET", url: "/api/chat", headers: bob.headers });
    expect(history.json()).toEqual([]);
  });

  it("refuses a malformed scope with 400", async () => {
    for (const scope of [
      {},
      { studySetId: "one" },
      { studySetId: 0 },
      { studySetId: 1.5 },
      { studySetId: 3_000_000_000 },
      { studySetId: sets.bio!.id, studyDocumentId: -1 },
      { studySetId: sets.bio!.id, everything: true },
      "bio",
      null,
    ]) {
      const res = await ask(ada, "What releases energy?", scope);
      expect(res.statusCode, JSON.stringify(scope)).toBe(400);
      expect(typeof res.json().error).toBe("string");
    }
  });

  it("answers 'what should I do before ...' from the material when no task matches", async () => {
    const talk = await createDocument(t.app, {
      owner: ada,
      title: "Talk tips",
      content: "Test the projector and equipment before your presentation begins. Speak slowly.",
    });
    const res = await ask(ada, "What should I do before my presentation begins?");
    expect(res.statusCode).toBe(200);
    const citations: Citation[] = res.json().aiMessage.citations;
    expect(citations[0]).toMatchObject({ kind: "document", id: talk.id });
    expect(res.json().aiMessage.content).toContain("Test the projector");
  });

  it("checks the scope on the streaming endpoint too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/chat/stream",
      headers: ada.headers,
      payload: { isUser: true, content: "What releases energy?", scope: { studySetId: sets.bobs!.id } },
    });
    expect(res.statusCode).toBe(404);
  });
});
