import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlashcardSet } from "#shared/flashcards/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { multipartForm } from "#tests/multipart-form.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { INLINE_IMPORT_CHARS, importPool } from "./import-parse.ts";

// Issue 27 (faults 1 and 3 carried over to imports): a 16 MB import file was parsed on the event loop,
// seconds of CPU during which no other student's request was served. Big imports are parsed in the
// import pool, one at a time per student; a small one is parsed at once.
let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app, { firstName: "Ada" });
  bob = await createUser(t.app, { firstName: "Bob" });
});
afterAll(() => t.close());

async function newSet(owner: TestUser) {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: owner.headers });
  const s = await post("/api/study/sets", { title: "Bio", color: "#3B82F6" });
  return (
    await post(`/api/study/sets/${s.json().id}/flashcard-sets`, { title: "Cells" })
  ).json() as FlashcardSet;
}

const previewFile = (who: TestUser, setId: number, data: Buffer) => {
  const form = multipartForm([
    { name: "options", value: JSON.stringify({ format: "csv" }) },
    { name: "file", fileName: "cards.csv", type: "text/plain", data },
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/study/flashcard-sets/${setId}/import/file/preview`,
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
};

/** Resolves once the import pool is reading a job (the big file reached it). */
async function poolIsReading() {
  while (importPool().running === 0) await new Promise((r) => setTimeout(r, 10));
}

describe("big imports off the event loop, fairly per student (issue 27)", () => {
  it("answers a second student's small import while the first student's 6 MB import is read", async () => {
    const [adaSet, bobSet] = [await newSet(ada), await newSet(bob)];
    const rows = Array.from(
      { length: 120_000 },
      (_, i) => `"Term ${i}, with a comma",Meaning ${i} in a sentence`,
    );
    const big = Buffer.from(`Front,Back\n${rows.join("\n")}\n`);
    expect(big.length).toBeGreaterThan(INLINE_IMPORT_CHARS);

    let bigDone = false;
    const bigPreview = previewFile(ada, adaSet.id, big).then((res) => {
      bigDone = true;
      return res;
    });
    await poolIsReading();
    const small = await previewFile(bob, bobSet.id, Buffer.from("Front,Back\ncell,unit of life\n"));
    expect(small.statusCode).toBe(200);
    expect(small.json().cards).toHaveLength(1);
    // Bob's answer came while Ada's file was still being read.
    expect(bigDone).toBe(false);

    const res = await bigPreview;
    expect(res.statusCode).toBe(200);
    expect(res.json().cards.length + res.json().errors.length).toBeGreaterThan(0);
  });
});
