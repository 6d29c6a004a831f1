// Issue 27 fault 9: lone surrogates were stored as U+FFFD (six of them registered as a password equal to
// any other six), required titles made only of zero-width characters were accepted, and the import
// preview took the NUL its commit refused and echoed a whole 900 KB bad line back.
import { beforeAll, describe, expect, it } from "vitest";
import { EXCERPT_MAX } from "#shared/schema-primitives.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
});

/** A raw JSON body, so escapes like \ud800 reach the server as written. */
const raw = (
  method: "POST" | "PUT",
  url: string,
  json: string,
  headers: Record<string, string> = ada.headers,
) =>
  t.app.inject({ method, url, payload: json, headers: { ...headers, "content-type": "application/json" } });

describe("lone surrogates are a 400, never stored as U+FFFD", () => {
  it.each([
    ["a task title", "/api/tasks", '{"title":"a\\ud800b"}'],
    ["a task description", "/api/tasks", '{"title":"ok","description":"\\udc00"}'],
    ["a course name", "/api/courses", '{"name":"\\ud83d"}'],
    ["a metadata key", "/api/study-stats/track", '{"action":"x","metadata":{"\\ud800":1}}'],
  ])("%s", async (_name, url, json) => {
    const res = await raw("POST", url, json);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/surrogate/);
  });

  it("a real pair written as escapes is fine", async () => {
    const res = await raw("POST", "/api/tasks", '{"title":"smile \\ud83d\\ude00"}');
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe("smile 😀");
  });

  it("six lone surrogates do not register as a password", async () => {
    const body = JSON.stringify({
      email: "surrogate@school.edu",
      password: "PLACEHOLDER",
      firstName: "Sur",
      lastName: "Rogate",
      username: "surrogate_1",
    }).replace("PLACEHOLDER", "\\ud800".repeat(6));
    const res = await raw("POST", "/api/auth/register", body, {});
    expect(res.statusCode).toBe(400);
  });
});

describe("required text has a visible character", () => {
  it.each([
    ["a task title", "/api/tasks", { title: "\u200B\u200B" }],
    ["an event title", "/api/events", { title: "\u200D\u2060", date: "2026-01-01T10:00:00Z" }],
    ["a course name", "/api/courses", { name: "\uFEFF\u200C" }],
    ["a study set title", "/api/study/sets", { title: "\u3164" }],
  ])("%s", async (_name, url, body) => {
    const res = await t.app.inject({ method: "POST", url, payload: body, headers: ada.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/visible/);
  });
});

describe("the flashcard import preview", () => {
  async function flashcardSet() {
    const study = await t.app.inject({
      method: "POST",
      url: "/api/study/sets",
      payload: { title: "Spanish" },
      headers: ada.headers,
    });
    const set = await t.app.inject({
      method: "POST",
      url: `/api/study/sets/${study.json().id}/flashcard-sets`,
      payload: { title: "Words" },
      headers: ada.headers,
    });
    expect(set.statusCode).toBe(201);
    return set.json().id as number;
  }
  const options = { format: "text", termSeparator: "tab", rowSeparator: "newline" };

  it("refuses NUL as its commit does", async () => {
    const id = await flashcardSet();
    const text = "uno\tone\ndos\u0000\ttwo";
    const preview = await t.app.inject({
      method: "POST",
      url: `/api/study/flashcard-sets/${id}/import/preview`,
      payload: { text, options },
      headers: ada.headers,
    });
    const commit = await t.app.inject({
      method: "POST",
      url: `/api/study/flashcard-sets/${id}/import`,
      payload: { text, options },
      headers: ada.headers,
    });
    expect(commit.statusCode).toBe(400);
    expect(preview.statusCode).toBe(400);
    expect(preview.json().error).toMatch(/NUL/);
  });

  it("quotes a short excerpt of a 900 KB bad line, not the line", async () => {
    const id = await flashcardSet();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/study/flashcard-sets/${id}/import/preview`,
      payload: { text: `uno\tone\n${"x".repeat(900_000)}`, options },
      headers: ada.headers,
    });
    expect(res.statusCode).toBe(200);
    const [error] = res.json().errors;
    expect([...error.text].length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(res.body.length).toBeLessThan(2000);
  });
});
