import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "#tests/factories.ts";
import { canvasTestApp, connectedUser } from "#tests/fixtures/canvas-test-kit.ts";
import { FakeCanvas } from "#tests/fixtures/fake-canvas.ts";
import type { TestApp } from "#tests/test-app.ts";
import { courses, tasks } from "../../db/schema/index.ts";
import { canvasId, generateDataset } from "../../integrations/canvas/demo-data.ts";

let fake: FakeCanvas;
let t: TestApp;
beforeAll(async () => {
  fake = await new FakeCanvas().start();
  t = await canvasTestApp(fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function dataWithScores() {
  const data = generateDataset({ active: 2, completed: 2, perCourse: 2 });
  const [a, b, c, d] = data.courses;
  a!.scores = { current_score: 91.37, final_score: 42.15, current_grade: "A-", final_grade: "F" };
  b!.scores = null; // hides final grades: no computed_* fields at all
  c!.scores = { current_score: 87.42, final_score: 87.42, current_grade: "B+", final_grade: "B+" };
  d!.scores = { current_score: null, final_score: 72, current_grade: null, final_grade: null };
  data.courses.push({ ...a!, id: canvasId(999), name: null, scores: null }); // date-restricted stub
  return data;
}

const get = (u: TestUser, url: string) => t.app.inject({ url, headers: u.headers });

describe("GET /api/canvas/courses and /api/canvas/completed-courses", () => {
  it("answers the cached courses in the SPEC §3 shape, grouped active first, stubs dropped", async () => {
    fake.data = dataWithScores();
    const u = await connectedUser(t, fake);
    fake.resetRequests();
    const res = await get(u, "/api/canvas/courses");
    expect(res.statusCode).toBe(200);
    expect(fake.requestCount).toBe(0); // from the cache: no Canvas round trip
    const list = res.json();
    expect(list.map((c: { enrollment_state: string }) => c.enrollment_state)).toEqual([
      "active",
      "active",
      "completed",
      "completed",
    ]);
    const [a] = fake.data.courses;
    expect(list[0]).toEqual({
      // SPEC §3: `id` is Canvas's (a string); Studyhall's own id has its own field.
      id: a!.id,
      localId: expect.any(Number),
      name: a!.name,
      course_code: a!.course_code,
      enrollment_state: "active",
      current_score: 91.37,
      final_score: 42.15,
      current_grade: "A-",
      final_grade: "F",
      grade: "A-",
      creditHours: null,
      html_url: `${fake.url}/courses/${a!.id}`,
      leftCanvas: false,
    });
    expect(list[1]).toMatchObject({ current_score: null, final_score: null, grade: null });
    // SPEC §3/§9: a completed course adds creditHours, 3 unless known; an active one has none.
    expect(list[2]).toMatchObject({
      enrollment_state: "completed",
      grade: "B+",
      final_score: 87.42,
      creditHours: 3,
    });
    expect(list[3]).toMatchObject({ enrollment_state: "completed", creditHours: 3 });
    const completed = await get(u, "/api/canvas/completed-courses");
    expect(completed.json().map((c: { id: string }) => c.id)).toEqual(
      list.slice(2).map((c: { id: string }) => c.id),
    );
  });

  it("fetches the courses again from Canvas on refresh", async () => {
    fake.data = dataWithScores();
    const u = await connectedUser(t, fake);
    fake.data.courses[0]!.scores!.current_score = 55;
    fake.resetRequests();
    expect((await get(u, "/api/canvas/courses")).json()[0].current_score).toBe(91.37);
    const res = await get(u, "/api/canvas/courses?refresh=true");
    expect(res.json()[0].current_score).toBe(55);
    expect(
      fake.requests.map((r) => new URL(r.url, fake.url).searchParams.get("enrollment_state")).sort(),
    ).toEqual(["active", "completed"]);
  });

  it("answers an empty list when not connected, 409 on refresh, 401 without a session", async () => {
    const u = await createUser(t.app);
    expect((await get(u, "/api/canvas/courses")).json()).toEqual([]);
    expect((await get(u, "/api/canvas/completed-courses?refresh=true")).statusCode).toBe(409);
    expect((await t.app.inject({ url: "/api/canvas/courses" })).statusCode).toBe(401);
    expect((await get(u, "/api/canvas/courses?refresh=maybe")).statusCode).toBe(400);
  });

  it("never shows one student's courses to another", async () => {
    fake.data = dataWithScores();
    const a = await connectedUser(t, fake);
    const b = await createUser(t.app);
    expect((await get(a, "/api/canvas/courses")).json()).toHaveLength(4);
    expect((await get(b, "/api/canvas/courses")).json()).toEqual([]);
    expect((await get(b, `/api/canvas/courses?userId=${a.user.id}`)).statusCode).toBe(403);
  });
});

describe("DELETE /api/auth/canvas", () => {
  const imported = (u: TestUser) =>
    t.app.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, u.user.id), isNotNull(tasks.canvasId)));

  it("removes the token and the imported courses, keeping the imported tasks by default", async () => {
    fake.data = generateDataset({ active: 1, completed: 1, perCourse: 3 });
    const u = await connectedUser(t, fake);
    const res = await t.app.inject({ method: "DELETE", url: "/api/auth/canvas", headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, removedCourses: 2, removedTasks: 0, keptTasks: 3 });
    expect((await get(u, "/api/auth/canvas/status")).json().connected).toBe(false);
    expect(await t.app.db.select().from(courses).where(eq(courses.userId, u.user.id))).toEqual([]);
    const kept = await imported(u);
    expect(kept).toHaveLength(3);
    expect(kept.every((r) => r.courseId === null && r.isParsed)).toBe(true);
  });

  it("re-links kept tasks on reconnect, keeping the student's completed flags", async () => {
    fake.data = generateDataset({ active: 1, completed: 0, perCourse: 3 });
    const u = await connectedUser(t, fake);
    const [first] = await imported(u);
    await t.app.db.update(tasks).set({ completed: true, priority: "low" }).where(eq(tasks.id, first!.id));
    await t.app.inject({ method: "DELETE", url: "/api/auth/canvas", headers: u.headers });
    await t.app.inject({
      method: "POST",
      url: "/api/auth/canvas",
      headers: u.headers,
      payload: { token: "1~fake-canvas-token-7Qx9", domain: fake.host },
    });
    const again = await imported(u);
    expect(again).toHaveLength(3);
    expect(again.every((r) => r.courseId !== null)).toBe(true);
    expect(again.find((r) => r.id === first!.id)).toMatchObject({ completed: true, priority: "low" });
  });

  it("removes the imported tasks too when asked, leaving manual tasks", async () => {
    fake.data = generateDataset({ active: 1, completed: 0, perCourse: 3 });
    const u = await connectedUser(t, fake);
    await t.app.db.insert(tasks).values({ userId: u.user.id, title: "Mine" });
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/auth/canvas?removeTasks=true",
      headers: u.headers,
    });
    expect(res.json()).toEqual({ ok: true, removedCourses: 1, removedTasks: 3, keptTasks: 0 });
    const left = await t.app.db.select().from(tasks).where(eq(tasks.userId, u.user.id));
    expect(left.map((r) => r.title)).toEqual(["Mine"]);
  });

  it("is idempotent, validates its query and needs a session", async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({ method: "DELETE", url: "/api/auth/canvas", headers: u.headers });
    expect(res.json()).toEqual({ ok: true, removedCourses: 0, removedTasks: 0, keptTasks: 0 });
    const bad = await t.app.inject({
      method: "DELETE",
      url: "/api/auth/canvas?removeTasks=x",
      headers: u.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: "DELETE", url: "/api/auth/canvas" })).statusCode).toBe(401);
  });
});
