import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "#tests/factories.ts";
import { canvasTestApp, connectedUser, FAST_TUNING, sync } from "#tests/fixtures/canvas-test-kit.ts";
import { FAKE_TOKEN, FakeCanvas } from "#tests/fixtures/fake-canvas.ts";
import type { TestApp } from "#tests/test-app.ts";
import { canvasConnections, courses, studySessions, taskSubtasks, tasks } from "../../db/schema/index.ts";
import { generateDataset } from "../../integrations/canvas/demo-data.ts";

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

/** A fresh dataset per test: 2 active + 1 completed course, 3 assignments each. */
function resetData() {
  fake.data = generateDataset({ active: 2, completed: 1, perCourse: 3 });
  fake.resetRequests();
}

const taskRows = (user: TestUser) =>
  t.app.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, user.user.id), isNotNull(tasks.canvasId)))
    .orderBy(tasks.canvasId);
const courseRows = (user: TestUser) =>
  t.app.db.select().from(courses).where(eq(courses.userId, user.user.id)).orderBy(courses.canvasId);

describe("POST /api/sync-canvas", () => {
  it("imports assignments as parsed tasks with canvasId, course, HTML description and link", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const rows = await taskRows(u);
    expect(rows).toHaveLength(6);
    const courseList = await courseRows(u);
    const first = fake.data.assignments[fake.data.courses[0]!.id]![0]!;
    const row = rows.find((r) => r.canvasId === first.id)!;
    // Canvas ids above 2^53 survive untouched.
    expect(BigInt(row.canvasId!)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(row).toMatchObject({
      isParsed: true,
      title: first.name,
      description: first.description,
      courseId: courseList.find((c) => c.canvasId === first.course_id)!.id,
      htmlUrl: `${fake.url}/courses/${first.course_id}/assignments/${first.id}`,
      priority: "medium",
    });
    expect(row.dueDate?.toISOString()).toBe(first.due_at);
    // An assignment Canvas already graded arrives completed; an open one does not.
    expect(rows.filter((r) => r.completed).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.completed).length).toBeGreaterThan(0);
  });

  it("writes nothing on a second sync when nothing changed", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const beforeTasks = await taskRows(u);
    const beforeCourses = await courseRows(u);
    const res = await sync(t, u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      skipped: null,
      created: 0,
      updated: 0,
      deleted: 0,
      assignments: 6,
      courses: 3,
    });
    expect(await taskRows(u)).toEqual(beforeTasks);
    expect(await courseRows(u)).toEqual(beforeCourses);
  });

  it("updates a changed title, description or due date but keeps the student's completed flag and priority", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const target = fake.data.assignments[fake.data.courses[0]!.id]![2]!;
    const before = (await taskRows(u)).find((r) => r.canvasId === target.id)!;
    await t.app.db.update(tasks).set({ completed: true, priority: "high" }).where(eq(tasks.id, before.id));
    target.name = "Renamed in Canvas";
    target.description = "<p>New &amp; improved</p>";
    target.due_at = "2030-01-02T03:04:05Z";
    const res = await sync(t, u);
    expect(res.json()).toMatchObject({ created: 0, updated: 1, deleted: 0 });
    const after = (await taskRows(u)).find((r) => r.canvasId === target.id)!;
    expect(after).toMatchObject({
      title: "Renamed in Canvas",
      description: "<p>New &amp; improved</p>",
      completed: true,
      priority: "high",
    });
    expect(after.dueDate?.toISOString()).toBe("2030-01-02T03:04:05.000Z");
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });

  it("completes a task once when its assignment is newly submitted in Canvas, and leaves a reopened one open", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const target = fake.data.assignments[fake.data.courses[0]!.id]!.find(
      (a) => a.submission?.workflow_state === "unsubmitted",
    )!;
    const row = async () => (await taskRows(u)).find((r) => r.canvasId === target.id)!;
    expect(await row()).toMatchObject({ completed: false, canvasSubmitted: false });
    // Submitted in Canvas after the first sync: the next sync completes the task.
    target.submission = {
      ...target.submission!,
      workflow_state: "submitted",
      submitted_at: "2026-01-01T10:00:00Z",
    };
    expect((await sync(t, u)).json()).toMatchObject({ created: 0, updated: 1, deleted: 0 });
    const done = await row();
    expect(done).toMatchObject({ completed: true, canvasSubmitted: true });
    expect(done.completedAt).not.toBeNull();
    // Reopened by the student (say, to resubmit): later syncs of the same submission leave it open.
    await t.app.db.update(tasks).set({ completed: false, completedAt: null }).where(eq(tasks.id, done.id));
    expect((await sync(t, u)).json()).toMatchObject({ updated: 0 });
    target.name = "Renamed after submitting";
    await sync(t, u);
    expect(await row()).toMatchObject({ completed: false, title: "Renamed after submitting" });
  });

  it("removes a task whose assignment was deleted in Canvas, and adds new ones", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const courseId = fake.data.courses[1]!.id;
    const gone = fake.data.assignments[courseId]![0]!;
    fake.deleteAssignment(gone.id);
    fake.data.assignments[courseId]!.push({ ...gone, id: `${gone.id}9`, name: "Brand new", due_at: null });
    const res = await sync(t, u);
    expect(res.json()).toMatchObject({ created: 1, deleted: 1, updated: 0 });
    const rows = await taskRows(u);
    expect(rows.map((r) => r.canvasId)).not.toContain(gone.id);
    expect(rows.find((r) => r.title === "Brand new")?.dueDate).toBeNull();
  });

  it("keeps a deleted assignment's task that holds the student's notes, subtasks or focus time", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const courseId = fake.data.courses[0]!.id;
    const [noted, checked, timed] = [0, 1, 2].map((i) => fake.data.assignments[courseId]![i]!);
    const extra = fake.data.assignments[fake.data.courses[1]!.id]![0]!;
    const byId = new Map((await taskRows(u)).map((r) => [r.canvasId, r]));
    await t.app.db
      .update(tasks)
      .set({ notes: "Ask about part b" })
      .where(eq(tasks.id, byId.get(noted!.id)!.id));
    await t.app.db
      .insert(taskSubtasks)
      .values({ userId: u.user.id, taskId: byId.get(checked!.id)!.id, title: "Outline", position: 0 });
    await t.app.db
      .insert(studySessions)
      .values({ userId: u.user.id, taskId: byId.get(timed!.id)!.id, durationSeconds: 1500 });
    for (const a of [noted, checked, timed, extra]) fake.deleteAssignment(a!.id);
    const res = await sync(t, u);
    // Only the task the student never added anything to goes.
    expect(res.json()).toMatchObject({ deleted: 1 });
    const rows = await taskRows(u);
    expect(rows.map((r) => r.canvasId)).not.toContain(extra.id);
    for (const a of [noted, checked, timed]) {
      // Kept as the student's own task: out of the Canvas Assignments tab, its link to Canvas gone.
      expect(rows.find((r) => r.canvasId === a!.id)).toMatchObject({ isParsed: false, htmlUrl: null });
    }
    expect(rows.find((r) => r.canvasId === noted!.id)?.notes).toBe("Ask about part b");
    // A later sync leaves the kept tasks alone.
    expect((await sync(t, u)).json()).toMatchObject({ deleted: 0, updated: 0, created: 0 });
    expect(await taskRows(u)).toHaveLength(rows.length);
  });

  it("lets the student edit a kept task like their own, until its assignment comes back", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const canvasCourse = fake.data.courses[0]!.id;
    const [kept, linked] = fake.data.assignments[canvasCourse]!;
    const byId = new Map((await taskRows(u)).map((r) => [r.canvasId, r]));
    const keptId = byId.get(kept!.id)!.id;
    const put = (id: number, payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/tasks/${id}`, headers: u.headers, payload });
    expect((await put(keptId, { notes: "Ask about part b" })).statusCode).toBe(200);
    fake.deleteAssignment(kept!.id);
    await sync(t, u);
    const own = await t.app.inject({
      method: "POST",
      url: "/api/courses",
      headers: u.headers,
      payload: { name: "Reading group", code: "RG" },
    });

    const edited = await put(keptId, {
      title: "My essay",
      description: "my plan",
      dueDate: "2031-01-02T03:04:00.000Z",
      courseId: own.json().id,
      priority: "high",
      notes: "still mine",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "My essay",
      description: "my plan",
      dueDate: "2031-01-02T03:04:00.000Z",
      courseId: own.json().id,
      notes: "still mine",
      isParsed: false,
    });
    const moved = await t.app.inject({
      method: "PATCH",
      url: "/api/tasks",
      headers: u.headers,
      payload: { ids: [keptId], courseId: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // An assignment still in Canvas keeps Canvas's fields.
    expect((await put(byId.get(linked!.id)!.id, { title: "Mine" })).statusCode).toBe(400);

    // Back in Canvas: re-linked, Canvas's fields again, read-only again; the notes stay.
    fake.data.assignments[canvasCourse]!.push(kept!);
    await sync(t, u);
    const back = (await taskRows(u)).find((r) => r.id === keptId);
    expect(back).toMatchObject({ isParsed: true, title: kept!.name, notes: "still mine" });
    expect((await put(keptId, { title: "Mine" })).statusCode).toBe(400);
  });

  it("keeps manual tasks and another student's imports untouched", async () => {
    resetData();
    const a = await connectedUser(t, fake);
    const b = await connectedUser(t, fake);
    await t.app.db.insert(tasks).values({ userId: a.user.id, title: "My own task" });
    fake.data.assignments[fake.data.courses[0]!.id] = [];
    await sync(t, a);
    expect(await taskRows(b)).toHaveLength(6);
    const own = await t.app.db.select().from(tasks).where(eq(tasks.userId, a.user.id));
    expect(own.map((r) => r.title)).toContain("My own task");
    expect(own).toHaveLength(1 + 3);
  });

  it("updates course scores and keeps a course Canvas no longer lists, marked, with its tasks and grades", async () => {
    fake.data = generateDataset({ active: 3, completed: 1, perCourse: 3 });
    fake.resetRequests();
    const u = await connectedUser(t, fake);
    const [active, restricted, dropped, ended] = fake.data.courses;
    const rowOf = async (c: { id: string } | undefined) =>
      (await courseRows(u)).find((r) => r.canvasId === c!.id)!;
    const before = { dropped: await rowOf(dropped), ended: await rowOf(ended) };
    const tasksOfDropped = (await taskRows(u)).filter((r) => r.courseId === before.dropped.id);
    expect(tasksOfDropped).toHaveLength(3);

    active!.scores = { current_score: 99.5, final_score: 50, current_grade: "A+", final_grade: "F" };
    restricted!.name = null; // now a date-restricted stub: still listed, so not marked
    // The student dropped one course; the other's term ended and the school hides past courses.
    fake.data.courses = fake.data.courses.filter((c) => c !== dropped && c !== ended);
    const res = await sync(t, u);
    expect(res.statusCode).toBe(200);
    expect(res.json().unreadableCourses).toEqual([]);
    const rows = await courseRows(u);
    expect(rows).toHaveLength(4);
    expect(await rowOf(active)).toMatchObject({ currentScore: 99.5, currentGrade: "A+", leftCanvasAt: null });
    expect((await rowOf(restricted)).leftCanvasAt).toBeNull();
    // Kept as the last sync read them, marked as no longer in Canvas; their tasks keep their course.
    for (const c of [dropped, ended]) {
      const { leftCanvasAt, updatedAt: _u, syncedAt: _s, ...rest } = await rowOf(c);
      const {
        leftCanvasAt: none,
        updatedAt: _u2,
        syncedAt: _s2,
        ...was
      } = c === dropped ? before.dropped : before.ended;
      expect(rest).toEqual(was);
      expect(none).toBeNull();
      expect(leftCanvasAt).toBeInstanceOf(Date);
    }
    // Its tasks keep their course and Canvas's fields, and are the student's to edit: no sync updates them.
    const keptOfDropped = (await taskRows(u)).filter((r) => r.courseId === before.dropped.id);
    expect(keptOfDropped.map(({ isParsed: _p, updatedAt: _u, ...r }) => r)).toEqual(
      tasksOfDropped.map(({ isParsed: _p, updatedAt: _u, ...r }) => r),
    );
    expect(keptOfDropped.map((r) => r.isParsed)).toEqual([false, false, false]);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${keptOfDropped[0]!.id}`,
      headers: u.headers,
      payload: { title: "Mine now", dueDate: null },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ title: "Mine now", canvasId: keptOfDropped[0]!.canvasId });
    // The active course's tasks are still Canvas's.
    const activeId = (await rowOf(active)).id;
    const ofActive = (await taskRows(u)).find((r) => r.courseId === activeId)!;
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${ofActive.id}`,
      headers: u.headers,
      payload: { title: "Not mine" },
    });
    expect(refused.statusCode).toBe(400);
    const listed = await t.app.inject({ url: "/api/canvas/completed-courses", headers: u.headers });
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: ended!.id, final_score: before.ended.finalScore, leftCanvas: true }),
    ]);
    const all = (await t.app.inject({ url: "/api/canvas/courses", headers: u.headers })).json();
    expect(all.find((c: { id: string }) => c.id === active!.id).leftCanvas).toBe(false);

    // Nothing changed since: nothing written, the mark's time stays.
    const marked = await rowOf(dropped);
    await sync(t, u);
    expect((await rowOf(dropped)).updatedAt).toEqual(marked.updatedAt);
    expect((await rowOf(dropped)).leftCanvasAt).toEqual(marked.leftCanvasAt);

    // Listed again (re-enrolled): current again, its tasks Canvas's again (the edit gives way).
    fake.data.courses.push(dropped!);
    fake.data.assignments[dropped!.id]![0]!.name = "Renamed after coming back";
    expect((await sync(t, u)).json()).toMatchObject({ updated: 3, deleted: 0 });
    expect((await rowOf(dropped)).leftCanvasAt).toBeNull();
    const back = (await taskRows(u)).filter((r) => r.courseId === before.dropped.id);
    expect(back.map((r) => r.isParsed)).toEqual([true, true, true]);
    expect(back.map((r) => r.title)).toContain("Renamed after coming back");
    expect(back.map((r) => r.title)).not.toContain("Mine now");
  });

  it("does not mark a course Canvas refused or failed for one sync", async () => {
    // A third active course answers: with none read, the sync fails as a whole.
    fake.data = generateDataset({ active: 3, completed: 1, perCourse: 3 });
    fake.resetRequests();
    const u = await connectedUser(t, fake);
    const [shut, down] = fake.data.courses;
    fake.refuse(new RegExp(`^/courses/${shut!.id}/`), 403);
    fake.refuse(new RegExp(`^/courses/${down!.id}/`), 503);
    try {
      const res = await sync(t, u);
      expect(res.json().unreadableCourses).toHaveLength(2);
    } finally {
      fake.clearFaults();
    }
    expect((await courseRows(u)).map((r) => r.leftCanvasAt)).toEqual([null, null, null, null]);
  });

  it("recovers from throttling (403 Rate Limit Exceeded and 429) and 5xx by retrying", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    fake.data.assignments[fake.data.courses[0]!.id]![0]!.name = "After throttling";
    fake.resetRequests();
    fake.throttle(2, 403);
    fake.throttle(1, 429);
    fake.fail(1, 503);
    const res = await sync(t, u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updated: 1 });
    // 6 requests of the sync itself (two lists, each active course's assignments and assignment groups)
    // plus the 4 refused and retried.
    expect(fake.requestCount).toBe(10);
  });

  it("gives up after the retries with a 429 the client can show", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    fake.throttle(50, 429);
    const res = await sync(t, u);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("canvas_throttled");
    fake.clearFaults();
  });

  it("reports an expired token with the §8 message and remembers the error", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    fake.tokens = [];
    try {
      const res = await sync(t, u);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "canvas_auth",
        error:
          "Failed to sync Canvas data. Please check your credentials. Canvas said: Invalid access token.",
      });
      const status = await t.app.inject({ url: "/api/auth/canvas/status", headers: u.headers });
      expect(status.json().lastSyncError).toBe(res.json().error);
      expect(await taskRows(u)).toHaveLength(6);
    } finally {
      fake.tokens = ["1~fake-canvas-token-7Qx9"];
    }
  });

  it("skips an auto-sync after a recent sync or when the setting is off, but not a manual one", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    fake.resetRequests();
    expect((await sync(t, u, { auto: true })).json().skipped).toBe("recent");
    expect(fake.requestCount).toBe(0);
    expect((await sync(t, u)).json().skipped).toBeNull();
    await t.app.inject({
      method: "POST",
      url: "/api/settings",
      headers: u.headers,
      payload: { aiModel: "gpt-4o", theme: "light", autoSync: false, notificationsEnabled: true },
    });
    expect((await sync(t, u, { auto: true })).json().skipped).toBe("disabled");
  });

  it("answers 409 with the §8 message when not connected, and 401 without a session", async () => {
    const { createUser } = await import("#tests/factories.ts");
    const u = await createUser(t.app);
    const res = await sync(t, u);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      "Canvas credentials not found. Please connect your Canvas account from the settings.",
    );
    expect((await t.app.inject({ method: "POST", url: "/api/sync-canvas", payload: {} })).statusCode).toBe(
      401,
    );
  });

  it("answers 400 for a malformed body and 403 for another student's userId", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    expect((await sync(t, u, { auto: "yes" })).statusCode).toBe(400);
    expect((await sync(t, u, { userId: u.user.id + 1000 })).statusCode).toBe(403);
  });

  it("follows Link pagination, 100 a page, until there is no next page", async () => {
    fake.data = generateDataset({ active: 1, completed: 0, perCourse: 250 });
    fake.resetRequests();
    const u = await connectedUser(t, fake);
    expect(await taskRows(u)).toHaveLength(250);
    const pages = fake.requests
      .map((r) => new URL(r.url, fake.url))
      .filter((url) => url.pathname.endsWith("/assignments"));
    expect(pages.map((url) => url.searchParams.get("page") ?? "1")).toEqual(["1", "2", "3"]);
    expect(pages.every((url) => url.searchParams.get("per_page") === "100")).toBe(true);
  });

  it("keeps at most 3 requests in flight, and goes one at a time when X-Rate-Limit-Remaining is low", async () => {
    fake.data = generateDataset({ active: 5, completed: 1, perCourse: 1 });
    const u = await connectedUser(t, fake);
    fake.latencyMs = 30;
    try {
      fake.resetRequests();
      await sync(t, u);
      expect(fake.maxInFlight).toBe(3);
      fake.rateLimitRemaining = 40;
      fake.resetRequests();
      await sync(t, u);
      // The two course lists leave together, before any quota is known; then one at a time.
      expect(fake.maxInFlight).toBe(2);
    } finally {
      fake.latencyMs = 0;
      fake.rateLimitRemaining = 600;
    }
  });
});

describe("a course Canvas will not show", () => {
  const cases = [
    { status: 401, why: "access has ended", message: /no longer lets you read it/ },
    { status: 403, why: "restricted", message: /restricts access to it/ },
    { status: 404, why: "deleted", message: /no longer exists in Canvas/ },
  ] as const;
  for (const { status, why, message } of cases) {
    it(`${status} (${why}): the other courses sync, it keeps its tasks, and the result names it`, async () => {
      resetData();
      const u = await connectedUser(t, fake);
      const [shut, open] = fake.data.courses;
      const before = (await taskRows(u)).filter(
        (r) => fake.findAssignment(r.canvasId!).course_id === shut!.id,
      );
      expect(before).toHaveLength(3);
      fake.data.assignments[shut!.id]![0]!.name = "Changed where the student cannot see";
      fake.data.assignments[open!.id]![0]!.name = "Changed where the student can see";
      fake.refuse(new RegExp(`^/courses/${shut!.id}/`), status);
      try {
        const res = await sync(t, u);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ skipped: null, updated: 1, deleted: 0, assignments: 3 });
        expect(body.unreadableCourses).toEqual([
          { canvasId: shut!.id, name: shut!.name, message: expect.stringMatching(message) },
        ]);
        expect(body.unreadableCourses[0].message).toContain(`"${shut!.name}"`);
        const rows = await taskRows(u);
        // The refused course keeps what the last sync imported, untouched; the other one is up to date.
        expect(rows.filter((r) => before.some((b) => b.id === r.id))).toEqual(before);
        expect(rows.map((r) => r.title)).toContain("Changed where the student can see");
        expect((await courseRows(u)).map((r) => r.canvasId)).toContain(shut!.id);
        // Not a failed sync: no error banner, and the sync counts as done.
        const state = (await t.app.inject({ url: "/api/auth/canvas/status", headers: u.headers })).json();
        expect(state).toMatchObject({ lastSyncError: null, lastSyncedAt: body.lastSyncedAt });
      } finally {
        fake.clearFaults();
      }
      // Readable again: its changes arrive and nothing is named.
      const again = (await sync(t, u)).json();
      expect(again).toMatchObject({ updated: 1, unreadableCourses: [] });
    });
  }

  it("remembers the courses the last sync left out, for a reload, and only the student's own", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const other = await connectedUser(t, fake);
    const left = async (who: TestUser | null) =>
      t.app.inject({ url: "/api/canvas/unreadable-courses", headers: who?.headers });
    expect((await left(u)).json()).toEqual({ courses: [], checkedAt: expect.any(String) });
    const [shut] = fake.data.courses;
    fake.refuse(new RegExp(`^/courses/${shut!.id}/`), 403);
    let named: unknown;
    try {
      const res = await sync(t, u);
      named = res.json().unreadableCourses;
      expect((await left(u)).json()).toEqual({ courses: named, checkedAt: res.json().lastSyncedAt });
      expect(named).toHaveLength(1);
      // A sync that fails as a whole read nothing to say otherwise: the list stays.
      fake.throttle(100, 429);
      expect((await sync(t, u)).statusCode).toBe(429);
      expect((await left(u)).json().courses).toEqual(named);
    } finally {
      fake.clearFaults();
    }
    expect((await left(other)).json().courses).toEqual([]);
    await sync(t, u);
    expect((await left(u)).json().courses).toEqual([]);
    const stranger = await createUser(t.app);
    expect((await left(stranger)).json()).toEqual({ courses: [], checkedAt: null });
    expect((await left(null)).statusCode).toBe(401);
  });

  it("a course Canvas keeps failing (5xx after the retries) is skipped, keeps its tasks and is named; all failing fails the sync", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    const [down, up] = fake.data.courses;
    const before = (await taskRows(u)).filter((r) => fake.findAssignment(r.canvasId!).course_id === down!.id);
    expect(before).toHaveLength(3);
    fake.data.assignments[up!.id]![0]!.name = "Changed where Canvas answers";
    fake.refuse(new RegExp(`^/courses/${down!.id}/`), 502);
    try {
      fake.resetRequests();
      const res = await sync(t, u);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ updated: 1, deleted: 0 });
      expect(body.unreadableCourses).toEqual([
        { canvasId: down!.id, name: down!.name, message: expect.stringMatching(/did not answer/) },
      ]);
      // It was retried before it was given up on.
      const tries = fake.requests.filter((r) => r.url.includes(`/courses/${down!.id}/assignments`));
      expect(tries.length).toBeGreaterThan(1);
      const rows = await taskRows(u);
      expect(rows.filter((r) => before.some((b) => b.id === r.id))).toEqual(before);
      expect(rows.map((r) => r.title)).toContain("Changed where Canvas answers");

      // When no course answers, Canvas is down: the sync fails as it did, and nothing is deleted.
      fake.refuse(new RegExp(`^/courses/${up!.id}/`), 500);
      const failed = await sync(t, u);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toEqual(expect.any(String));
      expect(await taskRows(u)).toHaveLength(rows.length);
    } finally {
      fake.clearFaults();
    }
    expect((await sync(t, u)).json()).toMatchObject({ unreadableCourses: [] });
  });

  it("connecting names a course the first sync could not read, and imports the others", async () => {
    resetData();
    const shut = fake.data.courses[0]!;
    fake.refuse(new RegExp(`^/courses/${shut.id}/`), 403);
    try {
      const u = await createUser(t.app);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/canvas",
        headers: u.headers,
        payload: { token: FAKE_TOKEN, domain: fake.host },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        syncError: null,
        assignments: 3,
        unreadableCourses: [{ canvasId: shut.id, name: shut.name, message: expect.any(String) }],
      });
    } finally {
      fake.clearFaults();
    }
  });

  it("a 401 on the course list still fails the sync as a bad token, WWW-Authenticate or not", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    fake.refuse(/^\/courses$/, 401);
    try {
      const res = await sync(t, u);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "canvas_auth",
        error:
          "Failed to sync Canvas data. Please check your credentials. Canvas said: user not authorized to perform that action",
      });
      expect(await taskRows(u)).toHaveLength(6);
    } finally {
      fake.clearFaults();
    }
  });

  it("a 401 on the token check refuses the token when connecting", async () => {
    resetData();
    const u = await createUser(t.app);
    fake.refuse(/^\/users\/self$/, 401);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/canvas",
        headers: u.headers,
        payload: { token: FAKE_TOKEN, domain: fake.host },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "canvas_auth" });
    } finally {
      fake.clearFaults();
    }
  });
});

describe("a Canvas that does not answer", () => {
  it("retries an answer whose connection dropped halfway instead of waiting for it forever", async () => {
    resetData();
    const u = await connectedUser(t, fake);
    fake.data.assignments[fake.data.courses[0]!.id]![0]!.name = "After the dropped connection";
    fake.cutOff(1);
    const res = await sync(t, u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updated: 1 });
  }, 10_000);
  it("answers the student before the server drops an idle connection, however long Canvas throttles", async () => {
    const tight = await canvasTestApp(fake, {
      canvasTuning: {
        ...FAST_TUNING,
        throttleBackoffBaseMs: 400,
        backoffMaxMs: 2_000,
        maxAttempts: 8,
        deadlineMs: 500,
      },
    });
    try {
      resetData();
      const u = await connectedUser(tight, fake);
      fake.throttle(100, 429);
      const began = Date.now();
      const res = await sync(tight, u);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe("canvas_throttled");
      // Eight attempts with this backoff would take over five seconds.
      expect(Date.now() - began).toBeLessThan(2_500);
      // No student waits for the background sync: it outlasts throttling the request could not.
      fake.clearFaults();
      fake.throttle(3, 429);
      await tight.app.db
        .update(canvasConnections)
        .set({ lastSyncedAt: null })
        .where(eq(canvasConnections.userId, u.user.id));
      expect(await tight.app.services.canvas.backgroundSync(u.user.id)).toMatchObject({ skipped: null });
    } finally {
      fake.clearFaults();
      await tight.close();
    }
  });

  it("times out each request and reports Canvas as unavailable after the retries", async () => {
    const slow = await canvasTestApp(fake, {
      canvasTuning: { ...FAST_TUNING, timeoutMs: 100, maxAttempts: 2 },
    });
    try {
      resetData();
      const u = await connectedUser(slow, fake);
      fake.latencyMs = 400;
      const res = await sync(slow, u);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: "canvas_unavailable",
        error: "Canvas took too long to answer.",
      });
    } finally {
      fake.latencyMs = 0;
      await slow.close();
    }
  });
});
