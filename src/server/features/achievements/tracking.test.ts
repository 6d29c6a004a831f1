import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "#server/db/schema/index.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const eventsOf = (userId: number, source: string) =>
  t.database.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.userId, userId), eq(activityEvents.source, source)));

describe("POST /api/achievements/check", () => {
  it("records the task-completion check for the signed-in student", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/achievements/check",
      headers: ada.headers,
      payload: {
        userId: ada.user.id,
        activityType: "task_completion",
        value: 1,
        metadata: { taskId: 7, taskTitle: "Essay", isCanvasAssignment: false },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recorded: true });
    const rows = await eventsOf(ada.user.id, "achievements_check");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activityType: "task_completion",
      value: 1,
      metadata: { taskId: 7, taskTitle: "Essay", isCanvasAssignment: false },
    });
    expect(await eventsOf(bob.user.id, "achievements_check")).toHaveLength(0);
  });

  it("validates the body, refuses another userId and needs a session", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/achievements/check",
      headers: ada.headers,
      payload: { value: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("activityType is required");
    const spoof = await t.app.inject({
      method: "POST",
      url: "/api/achievements/check",
      headers: ada.headers,
      payload: { userId: bob.user.id, activityType: "task_completion", value: 1 },
    });
    expect(spoof.statusCode).toBe(403);
    expect(await eventsOf(bob.user.id, "achievements_check")).toHaveLength(0);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/achievements/check",
      payload: { activityType: "task_completion", value: 1 },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe("POST /api/study-stats/track", () => {
  it("records the tracked action for the signed-in student", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/study-stats/track",
      headers: bob.headers,
      payload: { action: "task_completed", metadata: { taskId: 3, isCanvasAssignment: true } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recorded: true });
    const rows = await eventsOf(bob.user.id, "study_stats_track");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activityType: "task_completed",
      metadata: { taskId: 3, isCanvasAssignment: true },
    });
  });

  it("validates the body, refuses another userId and needs a session", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/study-stats/track",
      headers: bob.headers,
      payload: { action: " ", metadata: {} },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("action is required");
    const spoof = await t.app.inject({
      method: "POST",
      url: "/api/study-stats/track",
      headers: bob.headers,
      payload: { userId: ada.user.id, action: "task_completed" },
    });
    expect(spoof.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/study-stats/track",
      payload: { action: "task_completed" },
    });
    expect(anon.statusCode).toBe(401);
  });
});
