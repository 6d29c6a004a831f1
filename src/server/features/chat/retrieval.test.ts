import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrievalRepo } from "#server/features/chat/retrieval.repo.ts";
import { questionTerms, toTsQuery } from "#server/integrations/ai/builtin/query.ts";
import { createCourse, createDocument, createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// The retrieval query, below the chat route: each chunk carries its own document's title and kind
// (a course material or a study-set document), the course filter and the owner always apply.
let t: TestApp;
let ada: TestUser;
let bob: TestUser;
let bio: { id: number };
let cells: { id: number; title: string };
let market: { id: number; title: string };
let notes: { id: number; title: string };

const post = async (who: TestUser, url: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: "POST", url, headers: who.headers, payload });
  expect(res.statusCode).toBe(201);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
  bio = await createCourse(t.app, ada, { name: "Biology", code: "BIO 101" });
  cells = await post(ada, "/api/upload-document", {
    fileName: "cells.txt",
    courseId: bio.id,
    content: "Mitochondria make ATP by cellular respiration. The mitochondria of a muscle cell are many.",
  });
  market = await post(ada, "/api/upload-document", {
    fileName: "market.txt",
    content: "Demand falls as the price rises. Mitochondria are not part of economics.",
  });
  notes = await createDocument(t.app, {
    set: await createStudySet(t.app, { owner: ada, title: "Bio" }),
    title: "Organelle notes",
    content: "Chloroplasts capture light. Mitochondria make ATP from glucose by respiration.",
  });
  await post(bob, "/api/upload-document", {
    fileName: "bobs.txt",
    content: "Mitochondria make ATP. Bob's own notes on respiration.",
  });
}, 60_000);
afterAll(() => t.close());

const search = (who: TestUser, question: string, options: { courseId?: number; limit?: number } = {}) =>
  t.app.services.retrieval.search(who.user.id, questionTerms(question), options);

describe("retrieval search", () => {
  it("finds the student's chunks of both kinds, best first, each with its document's title", async () => {
    const found = await search(ada, "How do mitochondria make ATP by respiration?");
    expect(found.map((c) => [c.source, c.documentId, c.title])).toEqual([
      ["material", cells.id, cells.title],
      ["study", notes.id, "Organelle notes"],
      ["material", market.id, market.title],
    ]);
    // Re-ranked by relevance (BM25 with the student's IDF, fields, proximity), best first.
    const scores = found.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(found[0]!.coverage).toBe(1);
    expect(found[0]).toMatchObject({ page: 1, charStart: 0 });
    expect(found[0]!.text).toContain("cellular respiration");
    expect(found[0]!.charEnd).toBe(found[0]!.text.length);
  });

  it("gives a document's title as it is now: a chunk is kept by id, its title is not", async () => {
    const asked = "Where do chloroplasts capture light?";
    expect((await search(ada, asked))[0]).toMatchObject({ documentId: notes.id, title: "Organelle notes" });
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/study/documents/${notes.id}`,
      headers: ada.headers,
      payload: { title: "Plant cell notes" },
    });
    expect(renamed.statusCode).toBe(200);
    const found = (await search(ada, asked))[0]!;
    expect(found).toMatchObject({ documentId: notes.id, title: "Plant cell notes" });
    expect(found.text).toContain("Chloroplasts capture light.");
    await t.app.inject({
      method: "PATCH",
      url: `/api/study/documents/${notes.id}`,
      headers: ada.headers,
      payload: { title: "Organelle notes" },
    });
  });

  it("searches only the chosen course's materials, and at most `limit` chunks", async () => {
    const inCourse = await search(ada, "mitochondria", { courseId: bio.id });
    expect(inCourse.map((c) => c.documentId)).toEqual([cells.id]);
    expect(await search(ada, "mitochondria", { limit: 2 })).toHaveLength(2);
  });

  it("corrects a term no chunk has to the closest word of the student's own chunks (pg_trgm)", async () => {
    const found = await search(ada, "What do chloroplasts capture? mitocondria");
    expect(found.map((c) => c.documentId)).toContain(notes.id);
    expect(found.some((c) => c.documentId === cells.id)).toBe(true);
    // Bob has no 'chloroplasts': his misspelling finds nothing of Ada's.
    expect(await search(bob, "chloroplastes")).toEqual([]);
    // Too unlike any word: nothing stands in.
    expect(await search(ada, "zygomorphic")).toEqual([]);
  });

  it("matches words with accents and ligatures however the question spells them", async () => {
    const carl = await createUser(t.app);
    const calculus = await post(carl, "/api/upload-document", {
      fileName: "limits.txt",
      content:
        "Gödel's theorem limits what a formal system proves. The electric ﬁeld of a charge falls with distance. L'Hôpital's rule takes the limit of a quotient.",
    });
    await post(carl, "/api/upload-document", {
      fileName: "other.txt",
      content: "Limits of sequences, a theorem on formal proofs and rules of thumb for estimating distance.",
    });
    for (const question of [
      "What does godel's theorem say?",
      "What does Gödel's theorem say?",
      "What is the electric field of a charge?",
      "What is l'hopital's rule?",
      "What does L’Hôpital’s rule do?",
    ]) {
      const [best] = await search(carl, question);
      expect([question, best?.documentId, best?.coverage]).toEqual([question, calculus.id, 1]);
    }
  });

  it("finds words of other scripts, folded as the index folds them", async () => {
    const dana = await createUser(t.app);
    const russian = await post(dana, "/api/upload-document", {
      fileName: "biology.txt",
      content: "Фотосинтез происходит в хлоропластах растений. Митохондрии дают клетке энергию.",
    });
    const greek = await post(dana, "/api/upload-document", {
      fileName: "greek.txt",
      content: "Η φωτοσύνθεση γίνεται στους χλωροπλάστες.",
    });
    const hindi = await post(dana, "/api/upload-document", {
      fileName: "hindi.txt",
      content: "हिन्दी व्याकरण में संज्ञा और क्रिया होती हैं।",
    });
    for (const [question, id] of [
      ["Где происходит фотосинтез?", russian.id],
      ["ΦΩΤΟΣΥΝΘΕΣΗ χλωροπλάστες", greek.id],
      ["Τι είναι η φωτοσυνθεση;", greek.id],
      ["हिन्दी व्याकरण", hindi.id],
    ] as const) {
      const [best] = await search(dana, question);
      expect([question, best?.documentId]).toEqual([question, id]);
    }
  });

  it("never returns another student's chunks", async () => {
    const found = await search(bob, "mitochondria respiration");
    expect(found.map((c) => c.title)).toEqual(["bobs"]);
    expect(await search(bob, "chloroplasts")).toEqual([]);
  });
});

describe("the statistics re-ranking reads with the chunks", () => {
  // BM25's IDF needs how many chunks are in scope and how many hold each term: the one retrieval statement
  // reads them from stored chunk counts and window counts, which must equal counting the chunks.
  const counted = async (where: string) => {
    const rows = await t.database.db.execute(
      sql.raw(`select count(*)::int as total,
        count(*) filter (where search @@ to_tsquery('english', 'mitochondria'))::int as mito,
        count(*) filter (where search @@ to_tsquery('english', 'respiration'))::int as resp
        from document_chunks where user_id = ${ada.user.id}${where}`),
    );
    return (rows as unknown as { rows: { total: number; mito: number; resp: number }[] }).rows[0]!;
  };
  const ranked = (scope: { courseId?: number; studySetId?: number; studyDocumentId?: number }) => {
    const terms = questionTerms("mitochondria respiration");
    return retrievalRepo.ranked(
      t.database.db,
      ada.user.id,
      toTsQuery(terms),
      terms.map((term) => toTsQuery([term])),
      { ...scope, limit: 100 },
    );
  };

  it("gives the chunk total and each term's chunks as counting them would, in every scope", async () => {
    const extra = await post(ada, "/api/upload-document", {
      fileName: "long.txt",
      content: Array.from({ length: 40 }, (_, i) => `Paragraph ${i} on respiration and mitochondria.`).join(
        "\n\n".repeat(3),
      ),
    });
    const setId = (notes as unknown as { studySetId: number }).studySetId;
    for (const [scope, where] of [
      [{}, ""],
      [{ courseId: bio.id }, ` and course_id = ${bio.id}`],
      [{ studySetId: setId }, ` and study_document_id = ${notes.id}`],
      [{ studySetId: setId, studyDocumentId: notes.id }, ` and study_document_id = ${notes.id}`],
    ] as const) {
      const found = await ranked(scope);
      const expected = await counted(where);
      expect({ total: found.total, counts: found.counts }).toEqual({
        total: expected.total,
        counts: [expected.mito, expected.resp],
      });
    }
    // A deleted document's chunks leave the total with it.
    const before = (await ranked({})).total!;
    const extraChunks = (await counted(` and material_id = ${extra.id}`)).total;
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/documents/${extra.id}`,
      headers: ada.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await ranked({})).total).toBe(before - extraChunks);
    expect((await ranked({})).total).toBe((await counted("")).total);
  });
});
