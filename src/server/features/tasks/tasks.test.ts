import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Task, taskEndpoints } from "#shared/tasks/contract.ts";
import { createCourse, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const req = t.req;

describe("POST /api/tasks", () => {
  it("creates a manual task for the signed-in student, title trimmed, defaults applied", async () => {
    const res = await t
      .api(ada)
      .send(taskEndpoints.create, { body: { title: "  Read chapter 3  ", userId: ada.user.id } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: ada.user.id,
      title: "Read chapter 3",
      description: "",
      dueDate: null,
      courseId: null,
      priority: "medium",
      completed: false,
      isParsed: false,
      canvasId: null,
      htmlUrl: null,
    });
    expect(res.json().id).toEqual(expect.any(Number));
  });

  it("stores the due date as an instant and the course when it is the student's", async () => {
    const course = await createCourse(t.app, ada, { name: "Biology", code: "BIO 101" });
    const res = await req(ada, "POST", "/api/tasks", {
      title: "Lab",
      dueDate: "2025-01-05T15:00:00-05:00",
      courseId: course.id,
      priority: "high",
      description: "<p>Bring goggles</p>",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      dueDate: "2025-01-05T20:00:00.000Z",
      courseId: course.id,
      priority: "high",
      description: "<p>Bring goggles</p>",
    });
  });

  it.each([
    [{ title: "   " }, "Task title is required"],
    [{}, "Task title is required"],
    [{ title: "x", priority: "urgent" }, "Priority must be high, medium or low"],
    [{ title: "x", dueDate: "next friday" }, "Due date must be an ISO 8601 date-time"],
    [{ title: "x", courseId: "abc" }, "Course must be a course id"],
    // A pasted 501-character title was answered 'Task title is required' in the quick-add line.
    [{ title: "x".repeat(501) }, "A task title is at most 500 characters"],
  ])("answers 400 with the message for %j", async (payload, message) => {
    const res = await t.api(ada).send(taskEndpoints.create, { body: payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("refuses another student's course (404) and a userId that is not the caller's (403)", async () => {
    const bobCourse = await createCourse(t.app, bob);
    const res = await t.api(ada).send(taskEndpoints.create, { body: { title: "x", courseId: bobCourse.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("Course not found.");
    const spoof = await t.api(ada).send(taskEndpoints.create, { body: { title: "x", userId: bob.user.id } });
    expect(spoof.statusCode).toBe(403);
  });

  it("answers 401 without a session", async () => {
    expect((await t.api(null).send(taskEndpoints.create, { body: { title: "x" } })).statusCode).toBe(401);
  });
});

describe("GET /api/tasks", () => {
  it("writes every field exactly as the Task objects the server builds elsewhere (the list is JSON from SQL)", async () => {
    const carla = await createUser(t.app);
    const course = await createCourse(t.app, carla, { name: 'Chemistry "101" — ünïcode' });
    await createTask(t.app, carla, { title: "Plain" });
    const full = await createTask(t.app, carla, {
      title: 'Quotes " and \\ backslash\nnew line',
      description: "<p>tab\there</p> 😀",
      dueDate: "2031-12-31T23:59:59.999Z",
      courseId: course.id,
      priority: "high",
    });
    await t
      .api(carla)
      .send(taskEndpoints.update, { params: { id: full.id }, body: { completed: true, notes: "my notes" } });
    await t.app.services.tasks.importSome(carla.user.id, [
      {
        canvasId: "9876",
        courseId: course.id,
        title: "From Canvas",
        description: "",
        dueDate: new Date("2030-03-01T05:59:00.5Z"),
        htmlUrl: "https://canvas.example.edu/courses/1/assignments/9876",
        completed: false,
      },
    ]);
    const expected = await t.app.services.tasks.list(carla.user.id);
    expect(expected).toHaveLength(3);
    const res = await t.api(carla).send(taskEndpoints.list);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.json()).toEqual(expected);
    const inCourse = await t.api(carla).send(taskEndpoints.list, { query: { courseId: course.id } });
    expect(inCourse.json()).toEqual(expected.filter((task) => task.courseId === course.id));
    const empty = await t.api(await createUser(t.app)).send(taskEndpoints.list);
    expect(empty.json()).toEqual([]);
  });

  it("lists only the caller's tasks, filtered by course when asked", async () => {
    const me = await createUser(t.app);
    const course = await createCourse(t.app, me);
    const inCourse = await createTask(t.app, me, { title: "in course", courseId: course.id });
    const other = await createTask(t.app, me, { title: "no course" });
    await createTask(t.app, bob, { title: "bob's" });

    const all = await t.api(me).send(taskEndpoints.list, { query: { userId: me.user.id } });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((x: { id: number }) => x.id)).toEqual([inCourse.id, other.id]);

    const filtered = await t.api(me).send(taskEndpoints.list, { query: { courseId: course.id } });
    expect(filtered.json().map((x: { title: string }) => x.title)).toEqual(["in course"]);
  });

  it("does not leak another student's tasks through their course id", async () => {
    const bobCourse = await createCourse(t.app, bob);
    await createTask(t.app, bob, { courseId: bobCourse.id });
    const res = await t.api(ada).send(taskEndpoints.list, { query: { courseId: bobCourse.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("follows every write to the student's tasks, whatever made it (the kept list is checked against the database)", async () => {
    const dana = await createUser(t.app);
    const course = await createCourse(t.app, dana);
    const task = await createTask(t.app, dana, { title: "Essay", courseId: course.id });
    const list = async () => (await t.api(dana).send(taskEndpoints.list)).json() as Task[];
    const inCourse = async () =>
      (await t.api(dana).send(taskEndpoints.list, { query: { courseId: course.id } })).json() as Task[];
    expect((await list()).map((x) => x.title)).toEqual(["Essay"]);
    expect(await list()).toEqual(await t.app.services.tasks.list(dana.user.id));
    expect((await inCourse()).map((x) => x.id)).toEqual([task.id]);
    // Straight in the database, as another instance or a job would write.
    const run = (text: string) => t.database.db.execute(sql.raw(text));
    await run(`update tasks set title = 'Essay draft' where id = ${task.id}`);
    expect((await list()).map((x) => x.title)).toEqual(["Essay draft"]);
    await t.api(dana).send(taskEndpoints.addSubtask, { params: { id: task.id }, body: { title: "Outline" } });
    expect((await list())[0]!.subtasks.map((x) => x.title)).toEqual(["Outline"]);
    await run(`update task_subtasks set done = true where task_id = ${task.id}`);
    expect((await list())[0]!.subtasks.map((x) => x.done)).toEqual([true]);
    await run(`delete from task_subtasks where task_id = ${task.id}`);
    expect((await list())[0]!.subtasks).toEqual([]);
    // A course's deletion sets its tasks' course to none through the foreign key.
    await run(`delete from courses where id = ${course.id}`);
    expect((await list())[0]!.courseId).toBeNull();
    expect(await inCourse()).toEqual([]);
    await run(`delete from tasks where id = ${task.id}`);
    expect(await list()).toEqual([]);
    // Another student's writes leave this list as it was, and theirs is their own.
    await createTask(t.app, bob, { title: "bob's second" });
    expect(await list()).toEqual([]);
  });

  it("answers 400 for a bad course id, 403 for another userId and 401 without a session", async () => {
    const bad = await req(ada, "GET", "/api/tasks?courseId=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(expect.any(String));
    expect((await t.api(ada).send(taskEndpoints.list, { query: { userId: bob.user.id } })).statusCode).toBe(
      403,
    );
    expect((await t.api(null).send(taskEndpoints.list)).statusCode).toBe(401);
  });
});

describe("PUT /api/tasks/:id", () => {
  it("changes only the fields sent", async () => {
    const task = await createTask(t.app, ada, { title: "Essay", priority: "low", description: "draft" });
    const res = await t
      .api(ada)
      .send(taskEndpoints.update, { params: { id: task.id }, body: { completed: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: task.id, completed: true, title: "Essay", priority: "low" });

    const again = await req(ada, "PUT", `/api/tasks/${task.id}`, {
      title: " Final essay ",
      dueDate: "2025-02-01T12:00:00Z",
      completed: false,
    });
    expect(again.json()).toMatchObject({
      title: "Final essay",
      dueDate: "2025-02-01T12:00:00.000Z",
      completed: false,
      description: "draft",
    });

    const cleared = await t
      .api(ada)
      .send(taskEndpoints.update, { params: { id: task.id }, body: { dueDate: null } });
    expect(cleared.json().dueDate).toBeNull();
  });

  it.each([
    [{}, "Send at least one field to change"],
    [{ title: "" }, "Task title is required"],
    [{ title: "x".repeat(501) }, "A task title is at most 500 characters"],
    [{ priority: "soon" }, "Priority must be high, medium or low"],
    [{ dueDate: "2025-13-45" }, "Due date must be an ISO 8601 date-time"],
  ])("answers 400 for %j", async (payload, message) => {
    const task = await createTask(t.app, ada);
    const res = await t.api(ada).send(taskEndpoints.update, { params: { id: task.id }, body: payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("keeps a Canvas assignment's title and due date (400) but lets the student change the rest", async () => {
    const [canvasTask] = await t.app.services.tasks.importSome(ada.user.id, [
      {
        canvasId: `c-${Date.now()}`,
        courseId: null,
        title: "Homework 4",
        description: "<p>From Canvas</p>",
        dueDate: new Date("2030-03-01T05:59:00Z"),
        htmlUrl: null,
        completed: false,
      },
    ]);
    const url = `/api/tasks/${canvasTask!.id}`;
    const title = await req(ada, "PUT", url, { title: "My homework" });
    expect(title.statusCode).toBe(400);
    expect(title.json()).toEqual({
      error: "A Canvas assignment's title comes from Canvas and cannot be changed here.",
      code: "bad_request",
    });
    const due = await req(ada, "PUT", url, { dueDate: "2030-03-02T05:59:00Z", priority: "high" });
    expect(due.statusCode).toBe(400);
    expect(due.json().error).toBe(
      "A Canvas assignment's due date comes from Canvas and cannot be changed here.",
    );
    expect((await req(ada, "PUT", url, { dueDate: null })).statusCode).toBe(400);
    const description = await req(ada, "PUT", url, { description: "mine" });
    expect(description.json().error).toBe(
      "A Canvas assignment's description comes from Canvas: add your own notes instead.",
    );
    const course = await createCourse(t.app, ada);
    expect((await req(ada, "PUT", url, { courseId: course.id })).statusCode).toBe(400);
    expect((await req(ada, "PUT", url, { notes: "x".repeat(10_001) })).json().error).toBe(
      "Notes are too long",
    );
    // Nothing of the refused edits was written.
    const unchanged = (await t.api(ada).send(taskEndpoints.list))
      .json()
      .find((x: { id: number }) => x.id === canvasTask!.id);
    expect(unchanged).toMatchObject({ title: "Homework 4", priority: "medium", notes: "" });

    // The whole edit form, with Canvas's own fields unchanged, is accepted: priority and notes change.
    const edited = await req(ada, "PUT", url, {
      title: "Homework 4",
      description: "<p>From Canvas</p>",
      dueDate: "2030-03-01T05:59:00.000Z",
      courseId: null,
      priority: "high",
      notes: "Start with problem 3",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "Homework 4",
      priority: "high",
      notes: "Start with problem 3",
    });
    // Another student's Canvas task is still a 404, not a hint that it exists.
    expect((await req(bob, "PUT", url, { title: "x" })).statusCode).toBe(404);
  });

  it("answers 404 for another student's task and leaves it unchanged", async () => {
    const bobs = await createTask(t.app, bob, { title: "bob's task" });
    const res = await t
      .api(ada)
      .send(taskEndpoints.update, { params: { id: bobs.id }, body: { completed: true } });
    expect(res.statusCode).toBe(404);
    const list = await t.api(bob).send(taskEndpoints.list);
    expect(list.json().find((x: { id: number }) => x.id === bobs.id).completed).toBe(false);
  });

  it("answers 400 for a non-numeric id and 401 without a session", async () => {
    expect((await req(ada, "PUT", "/api/tasks/abc", { completed: true })).statusCode).toBe(400);
    expect((await req(null, "PUT", "/api/tasks/1", { completed: true })).statusCode).toBe(401);
  });
});

describe("DELETE /api/tasks/:id", () => {
  it("deletes the caller's task", async () => {
    const task = await createTask(t.app, ada);
    const res = await t.api(ada).send(taskEndpoints.remove, { params: { id: task.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const list = await t.api(ada).send(taskEndpoints.list);
    expect(list.json().some((x: { id: number }) => x.id === task.id)).toBe(false);
    expect((await t.api(ada).send(taskEndpoints.remove, { params: { id: task.id } })).statusCode).toBe(404);
  });

  it("answers 404 for another student's task, 400 for a bad id and 401 without a session", async () => {
    const bobs = await createTask(t.app, bob);
    expect((await t.api(ada).send(taskEndpoints.remove, { params: { id: bobs.id } })).statusCode).toBe(404);
    expect(
      (await t.api(bob).send(taskEndpoints.list)).json().some((x: { id: number }) => x.id === bobs.id),
    ).toBe(true);
    expect((await req(ada, "DELETE", "/api/tasks/0")).statusCode).toBe(400);
    expect((await t.api(null).send(taskEndpoints.remove, { params: { id: bobs.id } })).statusCode).toBe(401);
  });
});
