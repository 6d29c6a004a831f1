// Issue 8 §3 "Bad input answered 500": each of these reached PostgreSQL and came back a 500 on both
// databases. Now the shared primitives (src/shared/schema-primitives.ts) turn them away as 400s, and
// the error handler maps any that a schema misses to 400 too.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { readUpload } from "#server/integrations/documents/upload.ts";
import { createTask, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { testConfig } from "#tests/test-app.ts";

const t = testAppPerFile();
let ada: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
});

const NUL = "\u0000";
const BIG = 2 ** 31;

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, auth = true) =>
  t.app.inject({ method, url, payload: payload as object, headers: auth ? ada.headers : {} });

const deeplyNested = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

function expect400(res: { statusCode: number; json(): { code: string; error: string } }, message: RegExp) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toMatch(message);
}

describe("a NUL character in any string is a 400", () => {
  const nulMessage = /NUL/;
  it.each([
    ["task title", "POST", "/api/tasks", { title: `a${NUL}b` }],
    ["task description", "POST", "/api/tasks", { title: "ok", description: `x${NUL}` }],
    ["event title", "POST", "/api/events", { title: `e${NUL}`, date: "2026-01-01T10:00:00Z" }],
    ["course name", "POST", "/api/courses", { name: `c${NUL}` }],
    ["metadata value", "POST", "/api/achievements/check", { activityType: "x", metadata: { k: `v${NUL}` } }],
    ["metadata key", "POST", "/api/study-stats/track", { action: "x", metadata: { [`k${NUL}`]: 1 } }],
    [
      "calendar access token",
      "POST",
      "/api/calendar-token",
      {
        accessToken: `t${NUL}`,
        expiresAt: "2026-01-01T00:00:00Z",
      },
    ],
  ] as const)("%s", async (_name, method, url, body) => {
    expect400(await call(method, url, body), nulMessage);
  });

  it("task title on update", async () => {
    const task = await createTask(t.app, ada);
    expect400(await call("PUT", `/api/tasks/${task.id}`, { title: `x${NUL}` }), nulMessage);
  });

  it("register firstName and login email, without a session", async () => {
    const register = await call(
      "POST",
      "/api/auth/register",
      {
        email: "nul@school.edu",
        password: "secret1",
        firstName: `A${NUL}`,
        lastName: "B",
        username: "nul_user",
      },
      false,
    );
    expect400(register, nulMessage);
    expect400(
      await call("POST", "/api/auth/login", { email: `a${NUL}@school.edu`, password: "x" }, false),
      nulMessage,
    );
  });
});

describe("ids beyond int4 are a 400, in path, query and body", () => {
  const idMessage = /2147483647/;
  it.each([
    ["path (task update)", "PUT", `/api/tasks/${BIG}`, { completed: true }],
    ["path (task delete)", "DELETE", `/api/tasks/${BIG}`, undefined],
    ["path (event delete)", "DELETE", `/api/events/${BIG}`, undefined],
    ["query courseId", "GET", `/api/tasks?courseId=${BIG}`, undefined],
    ["query userId", "GET", `/api/courses?userId=${BIG}`, undefined],
    ["body courseId", "POST", "/api/tasks", { title: "t", courseId: BIG }],
    ["body userId", "POST", "/api/tasks", { title: "t", userId: BIG }],
  ] as const)("%s", async (_name, method, url, body) => {
    expect400(await call(method, url, body), idMessage);
  });

  it("the largest int4 id is accepted and simply not found", async () => {
    expect((await call("DELETE", `/api/tasks/${BIG - 1}`)).statusCode).toBe(404);
  });
});

describe("dates outside 1900..2200 are a 400", () => {
  it.each([
    ["task dueDate year 0", "/api/tasks", { title: "t", dueDate: "0000-01-01T00:00:00Z" }],
    ["task dueDate year 9999", "/api/tasks", { title: "t", dueDate: "9999-12-31T00:00:00Z" }],
    ["event date year 0", "/api/events", { title: "e", date: "0000-01-01T00:00:00Z" }],
  ] as const)("%s", async (_name, url, body) => {
    expect400(await call("POST", url, body), /between the years 1900 and 2200/);
  });

  it("a due date in 2026 is fine", async () => {
    expect(
      (await call("POST", "/api/tasks", { title: "t", dueDate: "2026-05-01T12:00:00Z" })).statusCode,
    ).toBe(201);
  });
});

describe("JSON nesting and size", () => {
  it("a body nested 10,000 levels is a 400 at the parser", async () => {
    for (const url of ["/api/achievements/check", "/api/tasks"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...ada.headers, "content-type": "application/json" },
        payload: deeplyNested(10_000),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "invalid_json",
        error: expect.stringMatching(/nested too deeply/),
      });
    }
  });

  it("nesting inside strings does not count", async () => {
    const title = "[".repeat(100);
    expect((await call("POST", "/api/tasks", { title })).statusCode).toBe(201);
  });

  it("metadata nested 40 levels is a 400", async () => {
    let metadata: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i++) metadata = { a: metadata };
    expect((await call("POST", "/api/achievements/check", { activityType: "x", metadata })).statusCode).toBe(
      400,
    );
  });

  it("a 2 MB JSON body is a 413 body_too_large, even to sign-in", async () => {
    const res = await call(
      "POST",
      "/api/auth/login",
      { email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) },
      false,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("body_too_large");
  });

  it("metadata over 2 KB is refused and nothing is stored", async () => {
    const res = await call("POST", "/api/achievements/check", {
      activityType: "task_completion",
      metadata: { blob: "x".repeat(3000) },
    });
    expect400(res, /at most 2048 bytes/);
    const small = await call("POST", "/api/achievements/check", {
      activityType: "task_completion",
      metadata: { taskId: 1 },
    });
    expect(small.statusCode).toBe(201);
  });
});

describe("uploads keep their own limit", () => {
  it("a 3 MB multipart file is read, though JSON stops at 1 MB", { timeout: 120_000 }, async () => {
    const app = await buildApp(testConfig(), t.database);
    app.post("/test/upload", async (req) => {
      const { file } = await readUpload(req, { accept: [".txt"] });
      return { bytes: file.bytes.length };
    });
    await app.ready();
    try {
      const body = new FormData();
      body.append("file", new Blob([Buffer.alloc(3 * 1024 * 1024, 0x41)]), "notes.txt");
      const request = new Request("http://x/test/upload", { method: "POST", body });
      const res = await app.inject({
        method: "POST",
        url: "/test/upload",
        headers: { "content-type": request.headers.get("content-type")! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ bytes: 3 * 1024 * 1024 });
    } finally {
      await app.close();
    }
  });
});

describe("the error handler's safety net for schemas that do not use the primitives", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig(), t.database);
    // A route with no schema at all, passing its input straight to PostgreSQL.
    app.post("/test/raw", async (req) => {
      const { text, id, date } = req.body as { text?: string; id?: number; date?: string };
      if (text !== undefined) await app.db.execute(sql`select ${text}::text`);
      if (id !== undefined) await app.db.execute(sql`select ${id}::int4`);
      if (date !== undefined) await app.db.execute(sql`select ${date}::timestamptz`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ["NUL", { text: `a${NUL}` }, /NUL|UTF-8/],
    ["out of int4", { id: BIG }, /out of range/],
    ["year 0", { date: "0000-01-01T00:00:00Z" }, /date/i],
  ] as const)("%s is a 400 validation, not a 500", async (_name, payload, message) => {
    const res = await app.inject({ method: "POST", url: "/test/raw", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation", error: expect.stringMatching(message) });
  });
});
