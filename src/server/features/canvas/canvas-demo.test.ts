import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "#shared/date-format.ts";
import { localDay } from "#shared/local-day.ts";
import { createUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { tasks } from "../../db/schema/index.ts";
import { DEMO_CANVAS_TOKEN, demoCanvasData } from "../../integrations/canvas/demo-canvas.ts";
import { canvasId } from "../../integrations/canvas/demo-data.ts";

const localTime = (at: Date, timeZone: string) => formatDate(at, "HH:mm", timeZone);

let t: TestApp;
beforeAll(async () => {
  // No CANVAS_INSECURE_HOSTS at all: the demo must work through its own, narrower exemption.
  t = await createTestApp({ canvasInsecureHosts: [] });
});
afterAll(() => t.close());

const demo = (headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/auth/canvas/demo", headers });

describe("POST /api/auth/canvas/demo ('Try with demo data')", () => {
  it("answers 503 while the server is not listening (it reaches the demo over HTTP)", async () => {
    const u = await createUser(t.app);
    const res = await demo(u.headers);
    expect(res.statusCode).toBe(503);
  });

  it("connects to the demo Canvas served by the app itself, through the real client", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const u = await createUser(t.app);
    const res = await demo(u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      connected: true,
      domain: "demo.canvas.invalid",
      demo: true,
      courses: 9,
      assignments: 17,
      syncError: null,
      unreadableCourses: [],
    });
    const status = await t.app.inject({ url: "/api/auth/canvas/status", headers: u.headers });
    expect(status.json()).toMatchObject({ connected: true, demo: true });
    const me = await t.app.inject({ url: "/api/auth/user", headers: u.headers });
    expect(me.json().isOnboarded).toBe(true);

    // Links are stored root-relative, so they open on whatever address the browser uses, and they work.
    const courses = (await t.app.inject({ url: "/api/canvas/courses", headers: u.headers })).json();
    expect(courses[0].html_url).toMatch(/^\/demo-canvas\/z\/UTC\/courses\/\d+$/);
    const page = await t.app.inject({ url: courses[0].html_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(courses[0].name.replace("&", "&amp;"));

    const resync = await t.app.inject({
      method: "POST",
      url: "/api/sync-canvas",
      headers: u.headers,
      payload: {},
    });
    expect(resync.json()).toMatchObject({ created: 0, updated: 0, deleted: 0, assignments: 17 });
  });

  it("serves the Canvas API shapes and refuses requests without the demo token", async () => {
    const noToken = await t.app.inject({ url: "/demo-canvas/z/UTC/api/v1/users/self" });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.headers["www-authenticate"]).toBe('Bearer realm="canvas-lms"');
    const list = await t.app.inject({
      url: "/demo-canvas/z/UTC/api/v1/courses?enrollment_state=active&per_page=2",
      headers: { authorization: `Bearer ${DEMO_CANVAS_TOKEN}`, accept: "application/json+canvas-string-ids" },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.headers.link).toContain('page=2&per_page=2>; rel="next"');
    expect(typeof list.json()[0].id).toBe("string");
  });

  it("serves a page for each imported assignment's link, and 404 for an unknown one", async () => {
    const u = await createUser(t.app);
    await demo(u.headers);
    const rows = await t.app.db.select().from(tasks).where(eq(tasks.userId, u.user.id));
    expect(rows).toHaveLength(17);
    for (const row of rows.slice(0, 3)) {
      expect(row.htmlUrl).toMatch(/^\/demo-canvas\/z\/UTC\/courses\/\d+\/assignments\/\d+$/);
      const page = await t.app.inject({ url: row.htmlUrl! });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain(row.title.replaceAll("&", "&amp;"));
    }
    const missing = await t.app.inject({ url: "/demo-canvas/courses/1/assignments/2" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("the demo Canvas's due dates follow the student's time zone", () => {
  const api = (path: string) =>
    t.app.inject({
      url: path,
      headers: { authorization: `Bearer ${DEMO_CANVAS_TOKEN}`, accept: "application/json+canvas-string-ids" },
    });
  const dueTimes = (rows: Array<{ dueDate: Date | null }>, timeZone: string) =>
    new Set(rows.flatMap((r) => (r.dueDate ? [localTime(r.dueDate, timeZone)] : [])));

  it("imports work due at 23:59 in the student's saved zone", async () => {
    const u = await createUser(t.app);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/settings/time-zone",
      headers: u.headers,
      payload: { timeZone: "America/New_York" },
    });
    expect(saved.statusCode).toBe(200);
    expect((await demo(u.headers)).json()).toMatchObject({ assignments: 17, syncError: null });
    const rows = await t.app.db.select().from(tasks).where(eq(tasks.userId, u.user.id));
    expect(dueTimes(rows, "America/New_York")).toEqual(new Set(["23:59"]));
    // Work due today is due tonight in New York, not at 6:59 PM.
    expect(
      rows.some(
        (r) =>
          r.dueDate && localDay(r.dueDate, "America/New_York") === localDay(new Date(), "America/New_York"),
      ),
    ).toBe(true);
  });

  it("uses UTC for a student who has saved no zone", async () => {
    const u = await createUser(t.app);
    await demo(u.headers);
    const rows = await t.app.db.select().from(tasks).where(eq(tasks.userId, u.user.id));
    expect(dueTimes(rows, "UTC")).toEqual(new Set(["23:59"]));
  });

  it("keeps one day's data per zone, not one for every zone", async () => {
    const path = (zone: string) =>
      `/demo-canvas/z/${encodeURIComponent(zone)}/api/v1/courses/${canvasId(1_200_000)}/assignments?per_page=100`;
    const tokyo = await api(path("Asia/Tokyo"));
    const newYork = await api(path("America/New_York"));
    expect(tokyo.statusCode).toBe(200);
    expect(newYork.statusCode).toBe(200);
    const due = (res: typeof tokyo, zone: string) =>
      res
        .json()
        .flatMap((a: { due_at: string | null }) => (a.due_at ? [localTime(new Date(a.due_at), zone)] : []));
    expect(new Set(due(tokyo, "Asia/Tokyo"))).toEqual(new Set(["23:59"]));
    expect(new Set(due(newYork, "America/New_York"))).toEqual(new Set(["23:59"]));
  });

  it("answers 400 with an error for a zone segment that is not an IANA zone", async () => {
    for (const zone of ["Mars%2FOlympus", "not-a-zone"]) {
      const res = await api(`/demo-canvas/z/${zone}/api/v1/users/self`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  it("still opens links stored before the zone was part of the address", async () => {
    const data = demoCanvasData("UTC");
    const course = data.courses.find((c) => c.name && data.assignments[c.id]?.length)!;
    const a = data.assignments[course.id]![0]!;
    for (const url of [
      `/demo-canvas/courses/${course.id}`,
      `/demo-canvas/courses/${course.id}/assignments/${a.id}`,
      `/demo-canvas/z/America%2FNew_York/courses/${course.id}/assignments/${a.id}`,
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(a.name.replaceAll("&", "&amp;"));
    }
  });
});
