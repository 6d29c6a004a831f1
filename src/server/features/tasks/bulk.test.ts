import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_TASK_LIMIT, type Task } from "#shared/tasks/contract.ts";
import { createCourse, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// Bulk actions on the task list (issue 26 item 3): one request per set of tasks, never another student's.

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

type Method = "GET" | "PATCH" | "DELETE" | "PUT";
const req = (who: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who?.headers });
const list = async (who: TestUser) => (await req(who, "GET", "/api/tasks")).json() as Task[];

describe("PATCH /api/tasks (bulk complete or move)", () => {
  it("completes several tasks and moves them to a course in one request each", async () => {
    const a = await createTask(t.app, ada, { title: "A" });
    const b = await createTask(t.app, ada, { title: "B" });
    const c = await createTask(t.app, ada, { title: "C" });
    const done = await req(ada, "PATCH", "/api/tasks", { ids: [a.id, b.id], completed: true });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as Task[]).map((x) => [x.id, x.completed])).toEqual([
      [a.id, true],
      [b.id, true],
    ]);
    const course = await createCourse(t.app, ada);
    const moved = await req(ada, "PATCH", "/api/tasks", { ids: [b.id, c.id], courseId: course.id });
    expect(moved.statusCode).toBe(200);
    const now = await list(ada);
    expect(now.find((x) => x.id === c.id)).toMatchObject({ courseId: course.id, completed: false });
    expect(now.find((x) => x.id === b.id)).toMatchObject({ courseId: course.id, completed: true });
    expect(now.find((x) => x.id === a.id)).toMatchObject({ courseId: null, completed: true });
    // null takes the course away.
    const none = await req(ada, "PATCH", "/api/tasks", { ids: [b.id], courseId: null });
    expect((none.json() as Task[])[0]?.courseId).toBeNull();
  });

  it("completing a series' occurrence in bulk creates its next one", async () => {
    const first = await createTask(t.app, ada, {
      title: "Weekly lab",
      dueDate: "2031-03-03T22:00:00.000Z",
      recurrence: "FREQ=WEEKLY;COUNT=3",
      timeZone: "UTC",
    });
    await req(ada, "PATCH", "/api/tasks", { ids: [first.id], completed: true });
    expect((await list(ada)).filter((x) => x.seriesId === first.id)).toHaveLength(2);
  });

  it.each([
    [{ ids: [1] }],
    [{ ids: [], completed: true }],
    [{ ids: [1, 1], completed: true }],
    [{ ids: ["x"], completed: true }],
    [{ ids: [0], completed: true }],
    [{ ids: [2_147_483_648], completed: true }],
    [{ ids: Array.from({ length: BULK_TASK_LIMIT + 1 }, (_, i) => i + 1), completed: true }],
    [{ ids: [1], completed: "yes" }],
    [{ ids: [1], courseId: "Biology" }],
    [{ ids: "1,2", completed: true }],
  ])("%j is a 400 with an error", async (body) => {
    const res = await req(ada, "PATCH", "/api/tasks", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("is all or nothing when an id is another student's (404), and never moves into their course", async () => {
    const mine = await createTask(t.app, ada);
    const theirs = await createTask(t.app, bob);
    const res = await req(ada, "PATCH", "/api/tasks", { ids: [mine.id, theirs.id], completed: true });
    expect(res.statusCode).toBe(404);
    expect((await list(ada)).find((x) => x.id === mine.id)?.completed).toBe(false);
    expect((await list(bob)).find((x) => x.id === theirs.id)?.completed).toBe(false);
    const bobsCourse = await createCourse(t.app, bob);
    const into = await req(ada, "PATCH", "/api/tasks", { ids: [mine.id], courseId: bobsCourse.id });
    expect(into.statusCode).toBeGreaterThanOrEqual(400);
    expect(into.statusCode).toBeLessThan(500);
    expect((await list(ada)).find((x) => x.id === mine.id)?.courseId).toBeNull();
    expect((await req(null, "PATCH", "/api/tasks", { ids: [mine.id], completed: true })).statusCode).toBe(
      401,
    );
  });
});

describe("DELETE /api/tasks (bulk delete)", () => {
  it("deletes the student's tasks named, with their checklists, in one request", async () => {
    const a = await createTask(t.app, ada);
    const b = await createTask(t.app, ada);
    const keep = await createTask(t.app, ada);
    await t.app.inject({
      method: "POST",
      url: `/api/tasks/${a.id}/subtasks`,
      headers: ada.headers,
      payload: { title: "Step" },
    });
    const res = await req(ada, "DELETE", "/api/tasks", { ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    const ids = (await list(ada)).map((x) => x.id);
    expect(ids).toContain(keep.id);
    expect(ids).not.toContain(a.id);
    // Sent again (a retry after a lost answer): nothing left to delete, still fine.
    expect((await req(ada, "DELETE", "/api/tasks", { ids: [a.id, b.id] })).json()).toEqual({ deleted: 0 });
  });

  it("never deletes another student's task", async () => {
    const theirs = await createTask(t.app, bob);
    const mine = await createTask(t.app, ada);
    const res = await req(ada, "DELETE", "/api/tasks", { ids: [theirs.id, mine.id] });
    expect(res.json()).toEqual({ deleted: 1 });
    expect((await list(bob)).map((x) => x.id)).toContain(theirs.id);
  });

  it.each([
    [undefined],
    [{}],
    [{ ids: [] }],
    [{ ids: [3, 3] }],
    [{ ids: [-1] }],
    [{ ids: Array.from({ length: BULK_TASK_LIMIT + 1 }, (_, i) => i + 1) }],
  ])("%j is a 400 with an error", async (body) => {
    const res = await req(ada, "DELETE", "/api/tasks", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});
