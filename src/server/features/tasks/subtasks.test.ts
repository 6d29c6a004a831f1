import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBTASK_LIMITS, type Task } from "#shared/tasks/contract.ts";
import { createTask, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// A task's checklist (issue 26 item 3): kept with the task, counted on its row, copied unticked to a
// series' next occurrence.

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const req = (who: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who?.headers });
const list = async (who: TestUser) => (await req(who, "GET", "/api/tasks")).json() as Task[];

async function add(who: TestUser, taskId: number, title: string) {
  const res = await req(who, "POST", `/api/tasks/${taskId}/subtasks`, { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Task;
}

describe("a task's checklist", () => {
  it("adds, ticks, renames, reorders and deletes items; the list and the task answer agree", async () => {
    const task = await createTask(t.app, ada, { title: "Lab report" });
    expect(task.subtasks).toEqual([]);
    await add(ada, task.id, "  Collect data ");
    await add(ada, task.id, "Draw graphs");
    const three = await add(ada, task.id, "Write discussion");
    expect(three.subtasks.map((s) => s.title)).toEqual(["Collect data", "Draw graphs", "Write discussion"]);
    const [a, b, c] = three.subtasks as [Task["subtasks"][0], Task["subtasks"][0], Task["subtasks"][0]];

    const ticked = await req(ada, "PATCH", `/api/tasks/${task.id}/subtasks/${a.id}`, { done: true });
    expect(ticked.statusCode).toBe(200);
    const renamed = await req(ada, "PATCH", `/api/tasks/${task.id}/subtasks/${b.id}`, {
      title: "Plot graphs",
    });
    expect((renamed.json() as Task).subtasks).toEqual([
      { id: a.id, title: "Collect data", done: true },
      { id: b.id, title: "Plot graphs", done: false },
      { id: c.id, title: "Write discussion", done: false },
    ]);

    const moved = await req(ada, "PUT", `/api/tasks/${task.id}/subtasks/order`, { ids: [c.id, a.id, b.id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Task).subtasks.map((s) => s.id)).toEqual([c.id, a.id, b.id]);

    const removed = await req(ada, "DELETE", `/api/tasks/${task.id}/subtasks/${a.id}`);
    expect(removed.statusCode).toBe(200);
    const after = removed.json() as Task;
    expect(after.subtasks.map((s) => s.id)).toEqual([c.id, b.id]);
    // The list (JSON built by the database) carries the same checklist.
    expect((await list(ada)).find((x) => x.id === task.id)).toEqual(after);
    // A new item goes last.
    expect((await add(ada, task.id, "Proofread")).subtasks.at(-1)?.title).toBe("Proofread");
  });

  it.each([
    ["POST", "", { title: "  " }],
    ["POST", "", { title: "x".repeat(SUBTASK_LIMITS.titleLength + 1) }],
    ["POST", "", { title: "a\u0000b" }],
    ["POST", "", {}],
    ["PATCH", "/1", {}],
    ["PATCH", "/1", { done: "yes" }],
    ["PATCH", "/abc", { done: true }],
    ["PUT", "/order", { ids: "1,2" }],
    ["PUT", "/order", { ids: [1, 1] }],
    ["PUT", "/order", { ids: [0] }],
  ] as const)("%s subtasks%s %j is a 400 with an error", async (method, tail, body) => {
    const task = await createTask(t.app, ada);
    const res = await req(ada, method, `/api/tasks/${task.id}/subtasks${tail}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("refuses an order that is not exactly the checklist", async () => {
    const task = await createTask(t.app, ada);
    const one = await add(ada, task.id, "One");
    await add(ada, task.id, "Two");
    const res = await req(ada, "PUT", `/api/tasks/${task.id}/subtasks/order`, { ids: [one.subtasks[0]!.id] });
    expect(res.statusCode).toBe(400);
  });

  it(`holds at most ${SUBTASK_LIMITS.perTask} items`, async () => {
    const task = await createTask(t.app, ada);
    for (let i = 0; i < SUBTASK_LIMITS.perTask; i++) {
      await req(ada, "POST", `/api/tasks/${task.id}/subtasks`, { title: `Step ${i}` });
    }
    const res = await req(ada, "POST", `/api/tasks/${task.id}/subtasks`, { title: "One too many" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/at most/);
  });

  it("never reads or changes another student's checklist", async () => {
    const task = await createTask(t.app, ada);
    const item = (await add(ada, task.id, "Mine")).subtasks[0]!;
    const base = `/api/tasks/${task.id}/subtasks`;
    expect((await req(bob, "POST", base, { title: "Bob's" })).statusCode).toBe(404);
    expect((await req(bob, "PATCH", `${base}/${item.id}`, { done: true })).statusCode).toBe(404);
    expect((await req(bob, "DELETE", `${base}/${item.id}`)).statusCode).toBe(404);
    expect((await req(bob, "PUT", `${base}/order`, { ids: [item.id] })).statusCode).toBe(404);
    // An item of one task is not reachable through another task, even the same student's.
    const other = await createTask(t.app, bob);
    expect(
      (await req(bob, "PATCH", `/api/tasks/${other.id}/subtasks/${item.id}`, { done: true })).statusCode,
    ).toBe(404);
    expect((await req(null, "POST", base, { title: "x" })).statusCode).toBe(401);
    expect((await list(ada)).find((x) => x.id === task.id)?.subtasks).toEqual([
      { id: item.id, title: "Mine", done: false },
    ]);
  });

  it("goes with its task", async () => {
    const task = await createTask(t.app, ada);
    const item = (await add(ada, task.id, "Soon gone")).subtasks[0]!;
    expect((await req(ada, "DELETE", `/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect(
      (await req(ada, "PATCH", `/api/tasks/${task.id}/subtasks/${item.id}`, { done: true })).statusCode,
    ).toBe(404);
  });

  it("comes back unticked on a series' next occurrence", async () => {
    const first = await createTask(t.app, ada, {
      title: "Weekly problem set",
      dueDate: "2031-03-03T22:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
      timeZone: "America/New_York",
    });
    await add(ada, first.id, "Questions 1-5");
    const two = await add(ada, first.id, "Questions 6-10");
    for (const s of two.subtasks) {
      await req(ada, "PATCH", `/api/tasks/${first.id}/subtasks/${s.id}`, { done: true });
    }
    expect((await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true })).statusCode).toBe(200);
    const next = (await list(ada)).find((x) => x.seriesId === first.id && x.id !== first.id);
    expect(next?.subtasks.map((s) => [s.title, s.done])).toEqual([
      ["Questions 1-5", false],
      ["Questions 6-10", false],
    ]);
    // The completed one keeps its ticks.
    expect((await list(ada)).find((x) => x.id === first.id)?.subtasks.every((s) => s.done)).toBe(true);
  });
});
