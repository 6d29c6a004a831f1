import { describe, expect, it } from "vitest";
import { createUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { courses } from "../../db/schema/index.ts";

const t = testAppPerFile({ canvasInsecureHosts: [] });

const parse = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/parse-canvas", headers, payload });

const assignment = (id: string, extra: object = {}) => ({
  id,
  name: `Essay ${id}`,
  description: "<p>Write &amp; submit</p>",
  due_at: "2030-03-01T04:59:59Z",
  html_url: `https://school.instructure.com/courses/1/assignments/${id}`,
  course_id: "1",
  ...extra,
});

describe("POST /api/parse-canvas", () => {
  it("imports Canvas assignment JSON as parsed tasks and answers them", async () => {
    const u = await createUser(t.app);
    const [course] = await t.app.db
      .insert(courses)
      .values({ userId: u.user.id, name: "Writing" })
      .returning();
    const res = await parse(u.headers, {
      userId: u.user.id,
      courseId: course!.id,
      canvasData: [assignment("20960000000853302"), assignment("20960000000853303", { due_at: null })],
    });
    expect(res.statusCode).toBe(200);
    const { tasks } = res.json();
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({
      userId: u.user.id,
      courseId: course!.id,
      title: "Essay 20960000000853302",
      description: "<p>Write &amp; submit</p>",
      dueDate: "2030-03-01T04:59:59.000Z",
      isParsed: true,
      completed: false,
      priority: "medium",
      canvasId: "20960000000853302",
      htmlUrl: "https://school.instructure.com/courses/1/assignments/20960000000853302",
    });
    // Same ids again: updated in place, not duplicated.
    const again = await parse(u.headers, {
      userId: u.user.id,
      canvasData: { assignments: [assignment("20960000000853302")] },
    });
    expect(again.json().tasks).toHaveLength(1);
  });

  it("drops links that are not http(s), so nothing can run script from the task list", async () => {
    const u = await createUser(t.app);
    const res = await parse(u.headers, {
      userId: u.user.id,
      canvasData: [assignment("77", { html_url: "javascript:alert(1)" })],
    });
    expect(res.json().tasks[0].htmlUrl).toBeNull();
  });

  it("reads a due date the database cannot store as no due date, instead of failing the import", async () => {
    const u = await createUser(t.app);
    const res = await parse(u.headers, {
      userId: u.user.id,
      canvasData: [
        assignment("81", { due_at: "+275760-09-13T00:00:00.000Z" }),
        assignment("82", { due_at: "0000-01-01T00:00:00Z" }),
        assignment("83", { due_at: "2030-03-01T04:59:59Z" }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const due = Object.fromEntries(
      res.json().tasks.map((x: { canvasId: string; dueDate: string | null }) => [x.canvasId, x.dueDate]),
    );
    expect(due).toEqual({ "81": null, "82": null, "83": "2030-03-01T04:59:59.000Z" });
  });

  it("requires a user id, the caller's own, and the caller's own course", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const noUser = await parse(a.headers, { canvasData: [] });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().error).toBe("User ID is required");
    expect((await parse(a.headers, { userId: b.user.id, canvasData: [] })).statusCode).toBe(403);
    const [bCourse] = await t.app.db.insert(courses).values({ userId: b.user.id, name: "B's" }).returning();
    const foreign = await parse(a.headers, {
      userId: a.user.id,
      courseId: bCourse!.id,
      canvasData: [assignment("1")],
    });
    expect(foreign.statusCode).toBe(404);
    const junk = await parse(a.headers, { userId: a.user.id, canvasData: [{ nope: true }] });
    expect(junk.statusCode).toBe(400);
    expect((await parse({}, { userId: a.user.id, canvasData: [] })).statusCode).toBe(401);
  });
});
