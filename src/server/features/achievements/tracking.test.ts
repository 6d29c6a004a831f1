import { beforeAll, describe, expect, it } from "vitest";
import { tasks } from "#server/db/schema/index.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const earnedTitles = async (who: TestUser) =>
  (
    (
      await t.app.inject({ method: "GET", url: "/api/user-achievements", headers: who.headers })
    ).json() as Array<{
      achievement: { title: string };
    }>
  ).map((a) => a.achievement.title);

// The app makes neither call (decision 011): achievements are evaluated on the server's domain events.
// The endpoints stay for SPEC §7's callers.
describe("POST /api/achievements/check", () => {
  it("re-evaluates the signed-in student's achievements from the recorded facts", async () => {
    // A completed task written behind the tasks service's back: no task.completed event, nothing earned yet.
    await t.database.db.insert(tasks).values({ userId: ada.user.id, title: "Essay", completed: true });
    expect(await earnedTitles(ada)).not.toContain("Task Tackler");
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
    expect(await earnedTitles(ada)).toContain("Task Tackler");
    expect(await earnedTitles(bob)).toEqual([]);
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
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/achievements/check",
      payload: { activityType: "task_completion", value: 1 },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe("POST /api/study-stats/track", () => {
  it("acknowledges the tracked action (the stats are computed from the facts, nothing is logged)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/study-stats/track",
      headers: bob.headers,
      payload: { action: "task_completed", metadata: { taskId: 3, isCanvasAssignment: true } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recorded: true });
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
