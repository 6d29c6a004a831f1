import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories.ts";
import { canvasTestApp, connectedUser, FAST_TUNING } from "#tests/fixtures/canvas-test-kit.ts";
import { FAKE_TOKEN, FakeCanvas } from "#tests/fixtures/fake-canvas.ts";
import type { TestApp } from "#tests/test-app.ts";
import { generateDataset } from "../../integrations/canvas/demo-data.ts";

let fake: FakeCanvas;
let t: TestApp;
beforeAll(async () => {
  fake = await new FakeCanvas(generateDataset({ active: 2, completed: 1, perCourse: 4 })).start();
  t = await canvasTestApp(fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const connect = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/auth/canvas", headers, payload });

describe("POST /api/auth/canvas", () => {
  it("validates the token, saves the link, onboards the student and imports courses and assignments", async () => {
    const u = await createUser(t.app);
    expect(u.user.isOnboarded).toBe(false);
    const res = await connect(u.headers, { token: FAKE_TOKEN, domain: `http://${fake.host}/api/v1/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      connected: true,
      domain: fake.host,
      demo: false,
      courses: 3,
      assignments: 8,
      syncError: null,
      unreadableCourses: [],
    });
    const me = await t.app.inject({ url: "/api/auth/user", headers: u.headers });
    expect(me.json().isOnboarded).toBe(true);
    const status = await t.app.inject({ url: "/api/auth/canvas/status", headers: u.headers });
    expect(status.json()).toMatchObject({
      connected: true,
      domain: fake.host,
      demo: false,
      lastSyncError: null,
    });
    expect(status.json().lastSyncedAt).toEqual(expect.any(String));
    // Every request carried the token as a bearer header and asked for string ids.
    expect(fake.requests.every((r) => r.authorization === `Bearer ${FAKE_TOKEN}`)).toBe(true);
    expect(fake.requests.every((r) => r.accept?.includes("application/json+canvas-string-ids"))).toBe(true);
    // Hosted Canvas refuses requests that do not say who is asking.
    expect(fake.requests.every((r) => r.userAgent?.startsWith("Studyhall"))).toBe(true);
  });

  it("answers 400 with Canvas's reason for a wrong token and saves nothing", async () => {
    const u = await createUser(t.app);
    const res = await connect(u.headers, { token: "1~wrong", domain: fake.host });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "canvas_auth",
      error: "Canvas did not accept this token: Invalid access token.",
    });
    const status = await t.app.inject({ url: "/api/auth/canvas/status", headers: u.headers });
    expect(status.json()).toMatchObject({ connected: false, domain: null });
    const me = await t.app.inject({ url: "/api/auth/user", headers: u.headers });
    expect(me.json().isOnboarded).toBe(false);
    const courses = await t.app.inject({ url: "/api/canvas/courses", headers: u.headers });
    expect(courses.json()).toEqual([]);
  });

  it.each([
    [{ domain: "x.instructure.com" }, "Please provide both a Canvas API token and domain."],
    [{ token: "abc", domain: "" }, "Please provide both a Canvas API token and domain."],
    [
      { token: "abc", domain: "ftp://x.edu" },
      "Enter your school's Canvas address, like school.instructure.com.",
    ],
  ])("answers 400 for %j", async (payload, message) => {
    const u = await createUser(t.app);
    const res = await connect(u.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("answers 400 when the address is not a Canvas server (HTML login page)", async () => {
    const u = await createUser(t.app);
    fake.html(1);
    const res = await connect(u.headers, { token: FAKE_TOKEN, domain: fake.host });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("That address did not answer like a Canvas server.");
  });

  it("checks the token and runs the first sync within one request's time, keeping the link when the sync runs out", async () => {
    const tight = await canvasTestApp(fake, { canvasTuning: { ...FAST_TUNING, deadlineMs: 1_200 } });
    fake.latencyMs = 1_000;
    try {
      const u = await createUser(tight.app);
      const began = Date.now();
      const res = await tight.app.inject({
        method: "POST",
        url: "/api/auth/canvas",
        headers: u.headers,
        payload: { token: FAKE_TOKEN, domain: fake.host },
      });
      // The token check took most of it; a sync given its own 1.2 s would end after 2.2 s.
      expect(Date.now() - began).toBeLessThan(1_800);
      expect(res.json()).toMatchObject({ connected: true, syncError: "Canvas took too long to answer." });
    } finally {
      fake.latencyMs = 0;
      await tight.close();
    }
  });

  it("needs a session", async () => {
    const res = await connect({}, { token: FAKE_TOKEN, domain: fake.host });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/auth/canvas/status and /api/canvas-token", () => {
  it("answers the domain only, never the token", async () => {
    const u = await connectedUser(t, fake);
    const res = await t.app.inject({ url: `/api/canvas-token?userId=${u.user.id}`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ domain: fake.host });
  });

  it("answers 404 when not connected and 403 for another student's id", async () => {
    const a = await createUser(t.app);
    const b = await connectedUser(t, fake);
    expect((await t.app.inject({ url: "/api/canvas-token", headers: a.headers })).statusCode).toBe(404);
    const other = await t.app.inject({ url: `/api/canvas-token?userId=${b.user.id}`, headers: a.headers });
    expect(other.statusCode).toBe(403);
    const status = await t.app.inject({ url: "/api/auth/canvas/status", headers: a.headers });
    expect(status.json().connected).toBe(false);
  });

  it("need a session", async () => {
    expect((await t.app.inject({ url: "/api/canvas-token" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/canvas/status" })).statusCode).toBe(401);
  });
});
