// Issue 27, faults 2 and 3: a per-student rate limit of heavy work (summaries, uploads).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "#tests/factories.ts";
import { multipartForm } from "#tests/multipart-form.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

let t: TestApp;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestApp({ workPerMinute: 2 });
  a = await createUser(t.app);
  b = await createUser(t.app);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const summarize = (who: TestUser) =>
  t.app.inject({
    method: "POST",
    url: "/api/summarize",
    headers: who.headers,
    payload: { text: "Cells make energy in the mitochondria. Plants capture light." },
  });
const upload = (who: TestUser) => {
  const form = multipartForm([
    { name: "file", fileName: "notes.txt", data: Buffer.from("Forty bytes of notes, give or take.") },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/upload-document/file",
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
};

describe("the per-student limit of heavy work", () => {
  it("refuses a student's third summary in a minute with 429 and Retry-After; another student goes on", async () => {
    expect((await summarize(a)).statusCode).toBe(200);
    expect((await summarize(a)).statusCode).toBe(200);
    const third = await summarize(a);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect((await summarize(b)).statusCode).toBe(200);
  });

  it("counts uploads on their own budget", async () => {
    expect((await upload(a)).statusCode).toBe(201);
    expect((await upload(a)).statusCode).toBe(201);
    expect((await upload(a)).statusCode).toBe(429);
    expect((await upload(b)).statusCode).toBe(201);
  });
});
