import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, createStudySet, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// Focus sessions (issue 26 §6): Pomodoro work blocks recorded through POST /api/study/sessions, linked to
// a task, a study set or a course, and summed per course and per task for the stats.

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const post = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/study/sessions", headers: who.headers, payload });
const focusStats = (who: TestUser | null) =>
  t.app.inject({ method: "GET", url: "/api/study/focus-stats", headers: who?.headers ?? {} });

describe("focus sessions", () => {
  it("links a block to a task (taking its course), a course or a set, and sums focus time per course and task", async () => {
    const course = await createCourse(t.app, ada, { name: "Organic Chemistry" });
    const lab = await createTask(t.app, ada, { title: "Lab report", courseId: course.id });
    const reading = await createTask(t.app, ada, { title: "Reading" });
    const set = await createStudySet(t.app, { owner: ada });

    const linked = await post(ada, { activityType: "focus", taskId: lab.id, duration: 1500 });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({
      activityType: "focus",
      taskId: lab.id,
      courseId: course.id,
      studySetId: null,
      duration: 1500,
    });
    expect((await post(ada, { activityType: "focus", taskId: lab.id, duration: 300 })).statusCode).toBe(201);
    expect((await post(ada, { activityType: "focus", taskId: reading.id, duration: 600 })).statusCode).toBe(
      201,
    );
    expect((await post(ada, { activityType: "focus", courseId: course.id, duration: 120 })).statusCode).toBe(
      201,
    );
    expect((await post(ada, { activityType: "focus", studySetId: set.id, duration: 60 })).statusCode).toBe(
      201,
    );
    expect((await post(ada, { activityType: "focus", duration: 90 })).statusCode).toBe(201);
    // Not focus: the activity timer's own sessions stay out of focus time.
    expect((await post(ada, { studySetId: set.id, duration: 999 })).statusCode).toBe(201);

    const res = await focusStats(ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalSeconds: 1500 + 300 + 600 + 120 + 60 + 90,
      byCourse: [{ courseId: course.id, title: "Organic Chemistry", seconds: 1920 }],
      byTask: [
        { taskId: lab.id, title: "Lab report", seconds: 1800 },
        { taskId: reading.id, title: "Reading", seconds: 600 },
      ],
    });
    // Focus time counts as study time.
    const stats = await t.app.inject({
      method: "GET",
      url: `/api/study/stats/${ada.user.id}`,
      headers: ada.headers,
    });
    expect(stats.json().sessionsCount).toBe(7);

    // Another student sees none of it.
    expect((await focusStats(bob)).json()).toEqual({ totalSeconds: 0, byCourse: [], byTask: [] });
    expect((await focusStats(null)).statusCode).toBe(401);
  });

  it("keeps a block's time when its task is deleted, counted for the task's course", async () => {
    const course = await createCourse(t.app, bob, { name: "Physics" });
    const task = await createTask(t.app, bob, { title: "Problem set", courseId: course.id });
    expect((await post(bob, { activityType: "focus", taskId: task.id, duration: 600 })).statusCode).toBe(201);
    const del = await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: bob.headers });
    expect(del.statusCode).toBe(200);
    expect((await focusStats(bob)).json()).toEqual({
      totalSeconds: 600,
      byCourse: [{ courseId: course.id, title: "Physics", seconds: 600 }],
      byTask: [],
    });
  });

  it("answers 404 for another student's task, course or set, and for ones that do not exist", async () => {
    const carol = await createUser(t.app);
    const theirTask = await createTask(t.app, bob);
    const theirCourse = await createCourse(t.app, bob);
    const theirSet = await createStudySet(t.app, { owner: bob });
    for (const [body, error] of [
      [{ taskId: theirTask.id }, "Task not found."],
      [{ taskId: 2_000_000_000 }, "Task not found."],
      [{ courseId: theirCourse.id }, "Course not found."],
      [{ courseId: 2_000_000_000 }, "Course not found."],
      [{ studySetId: theirSet.id }, "Study set not found."],
    ] as const) {
      const res = await post(carol, { activityType: "focus", duration: 600, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().error).toBe(error);
    }
    expect((await focusStats(carol)).json().totalSeconds).toBe(0);
  });

  it("answers 400 for bad ids, two links at once, an unknown kind or a bad duration", async () => {
    const task = await createTask(t.app, ada);
    const set = await createStudySet(t.app, { owner: ada });
    for (const [body, error] of [
      [{ taskId: "abc" }, "Task must be a task id"],
      [{ taskId: 0 }, "Task must be a task id"],
      [{ taskId: 1.5 }, "Task must be a task id"],
      [{ taskId: 2 ** 31 }, "Task must be a task id; ids stop at 2147483647"],
      [{ courseId: -1 }, "Course must be a course id"],
      [
        { taskId: task.id, studySetId: set.id },
        "A session is linked to one task, study set or course at most",
      ],
      [{ activityType: "napping" }, "activityType must be 'studying' or 'focus'"],
      [{ duration: 0 }, "Duration must be a whole number of seconds"],
      [{ duration: 43_201 }, "A session can last at most 12 hours"],
    ] as const) {
      const res = await post(ada, { activityType: "focus", duration: 600, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });
});
