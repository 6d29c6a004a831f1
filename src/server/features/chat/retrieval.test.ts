import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionTerms } from "#server/integrations/ai/builtin/query.ts";
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
    expect(found[0]).toMatchObject({ courseId: bio.id, page: 1, charStart: 0 });
    expect(found[0]!.text).toContain("cellular respiration");
    expect(found[0]!.charEnd).toBe(found[0]!.text.length);
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

  it("never returns another student's chunks", async () => {
    const found = await search(bob, "mitochondria respiration");
    expect(found.map((c) => c.title)).toEqual(["bobs"]);
    expect(await search(bob, "chloroplasts")).toEqual([]);
  });
});
