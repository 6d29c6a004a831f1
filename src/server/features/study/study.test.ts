import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StudySet, studyEndpoints } from "#shared/study/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp, travellingClock } from "#tests/test-app.ts";

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
const clock = travellingClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const inject = (
  who: TestUser | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function createSet(who: TestUser, body: Record<string, unknown> = {}): Promise<StudySet> {
  const res = await inject(who, "POST", "/api/study/sets", { title: "Biology", ...body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe("study sets", () => {
  it("creates a set with the default colour, trims, and lists only the caller's sets", async () => {
    const set = await createSet(ada, { title: "  Cell biology  ", description: "  Chapter 1 " });
    expect(set).toMatchObject({
      title: "Cell biology",
      description: "Chapter 1",
      color: "#3B82F6",
      userId: ada.user.id,
    });
    expect(Date.parse(set.createdAt)).not.toBeNaN();
    const plain = await createSet(ada, { title: "Chemistry", description: "", color: "#10b981" });
    expect(plain).toMatchObject({ description: null, color: "#10B981" });
    await createSet(bob, { title: "Bob's set" });
    const list = await inject(ada, "GET", `/api/study/sets?userId=${ada.user.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: StudySet) => s.title)).toEqual(["Cell biology", "Chemistry"]);
  });

  it("answers 400 with the message for a missing title, a bad colour or an overlong field", async () => {
    for (const [body, error] of [
      [{}, "Study set title is required"],
      [{ title: "   " }, "Study set title is required"],
      [{ title: "x".repeat(201) }, "Study set title must be at most 200 characters"],
      [{ title: "A", color: "blue" }, "Colour must be a hex colour like #3B82F6"],
      [{ title: "A", color: "#12345" }, "Colour must be a hex colour like #3B82F6"],
      [{ title: "A", description: "d".repeat(2001) }, "Description must be at most 2000 characters"],
    ] as const) {
      const res = await inject(ada, "POST", "/api/study/sets", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it("refuses another userId (403) and answers 401 without a session", async () => {
    expect(
      (await inject(ada, "POST", "/api/study/sets", { title: "A", userId: bob.user.id })).statusCode,
    ).toBe(403);
    expect((await inject(ada, "GET", `/api/study/sets?userId=${bob.user.id}`)).statusCode).toBe(403);
    expect((await inject(null, "GET", "/api/study/sets")).statusCode).toBe(401);
    expect((await inject(null, "POST", "/api/study/sets", { title: "A" })).statusCode).toBe(401);
    expect((await inject(null, "DELETE", "/api/study/sets/1")).statusCode).toBe(401);
  });

  it("deletes the caller's set with its documents; another student's set is a 404", async () => {
    const set = await createSet(ada, { title: "To delete" });
    const doc = await inject(ada, "POST", `/api/study/sets/${set.id}/documents`, { content: "Some notes" });
    expect(doc.statusCode).toBe(201);
    expect((await inject(bob, "DELETE", `/api/study/sets/${set.id}`)).statusCode).toBe(404);
    const res = await inject(ada, "DELETE", `/api/study/sets/${set.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await inject(ada, "GET", `/api/study/documents/${doc.json().id}`)).statusCode).toBe(404);
    expect((await inject(ada, "DELETE", `/api/study/sets/${set.id}`)).statusCode).toBe(404);
    expect((await inject(ada, "DELETE", "/api/study/sets/abc")).statusCode).toBe(400);
  });
});

describe("study sessions and stats", () => {
  it("records sessions and sums them on the server: total, count, average, this week", async () => {
    const carol = await createUser(t.app);
    const set = await createSet(carol);
    const empty = await inject(carol, "GET", `/api/study/stats/${carol.user.id}`);
    expect(empty.json()).toEqual({ totalHours: 0, sessionsCount: 0, avgSessionLength: 0, weekSeconds: 0 });

    // A session recorded eight days ago counts in the totals but not in this week.
    clock.travel(-8 * 24 * 3600_000);
    const old = await inject(carol, "POST", "/api/study/stats/track", {
      studySetId: set.id,
      activityType: "studying",
      duration: 3600,
    });
    clock.reset();
    expect(old.statusCode).toBe(201);
    expect(old.json()).toMatchObject({ studySetId: set.id, activityType: "studying", duration: 3600 });
    const now = await inject(carol, "POST", "/api/study/stats/track", { studySetId: set.id, duration: 90 });
    expect(now.statusCode).toBe(201);
    const other = await inject(carol, "POST", "/api/study/sessions", { duration: 60 });
    expect(other.statusCode).toBe(201);
    expect(other.json()).toMatchObject({ studySetId: null, duration: 60 });

    const stats = await inject(carol, "GET", `/api/study/stats/${carol.user.id}?timeZone=Europe/Paris`);
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({
      totalHours: Math.round((3750 / 3600) * 1000) / 1000,
      sessionsCount: 3,
      avgSessionLength: 1250,
      weekSeconds: 150,
    });
  });

  it("counts This Week from Monday in the student's saved time zone when the call names none", async () => {
    const dora = await createUser(t.app);
    const set = await createSet(dora);
    const zone = await t.app.inject({
      method: "PUT",
      url: "/api/settings/time-zone",
      headers: dora.headers,
      payload: { timeZone: "Pacific/Kiritimati" },
    });
    expect(zone.statusCode).toBe(200);
    // Sunday 20:00 UTC is Monday 10:00 in Kiritimati (UTC+14): this week there, last week in UTC.
    clock.travel(Date.parse("2026-11-29T20:00:00Z") - clock.now().getTime());
    await inject(dora, "POST", "/api/study/stats/track", { studySetId: set.id, duration: 600 });
    clock.travel(Date.parse("2026-11-30T05:00:00Z") - clock.now().getTime());
    const stats = await inject(dora, "GET", `/api/study/stats/${dora.user.id}`);
    clock.reset();
    expect(stats.json()).toMatchObject({ sessionsCount: 1, weekSeconds: 600 });
  });

  it("validates the duration and the set, and checks the set's owner", async () => {
    const set = await createSet(ada);
    const bobSet = await createSet(bob);
    for (const [body, error] of [
      [{ studySetId: set.id, duration: 0 }, "Duration must be a whole number of seconds"],
      [{ studySetId: set.id, duration: -5 }, "Duration must be a whole number of seconds"],
      [{ studySetId: set.id, duration: 61.5 }, "Duration must be a whole number of seconds"],
      [{ studySetId: set.id, duration: "90" }, "Duration must be a whole number of seconds"],
      [{ studySetId: set.id, duration: 12 * 3600 + 1 }, "A session can last at most 12 hours"],
      [{ duration: 90 }, "Study set is required"],
      [{ studySetId: set.id, duration: 90, activityType: "sleeping" }, "activityType must be 'studying'"],
    ] as const) {
      const res = await inject(ada, "POST", "/api/study/stats/track", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const max = await inject(ada, "POST", "/api/study/stats/track", {
      studySetId: set.id,
      duration: 12 * 3600,
    });
    expect(max.statusCode).toBe(201);
    const foreign = await inject(ada, "POST", "/api/study/stats/track", {
      studySetId: bobSet.id,
      duration: 90,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignSession = await inject(ada, "POST", "/api/study/sessions", {
      studySetId: bobSet.id,
      duration: 90,
    });
    expect(foreignSession.statusCode).toBe(404);
    const missing = await inject(ada, "POST", "/api/study/stats/track", {
      studySetId: 999_999,
      duration: 90,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses another student's stats (403), a bad zone (400) and answers 401 without a session", async () => {
    expect((await inject(ada, "GET", `/api/study/stats/${bob.user.id}`)).statusCode).toBe(403);
    const zone = await inject(ada, "GET", `/api/study/stats/${ada.user.id}?timeZone=Mars/Olympus`);
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error).toBe("timeZone must be an IANA time zone like Europe/Paris");
    expect((await inject(null, "GET", `/api/study/stats/${ada.user.id}`)).statusCode).toBe(401);
    expect(
      (await inject(null, "POST", "/api/study/stats/track", { studySetId: 1, duration: 90 })).statusCode,
    ).toBe(401);
    expect(
      (await inject(ada, "POST", "/api/study/sessions", { userId: bob.user.id, duration: 90 })).statusCode,
    ).toBe(403);
  });

  it("keeps the sessions of a deleted set in the totals", async () => {
    const dave = await createUser(t.app);
    const set = await createSet(dave);
    await inject(dave, "POST", "/api/study/stats/track", { studySetId: set.id, duration: 120 });
    await inject(dave, "DELETE", `/api/study/sets/${set.id}`);
    const stats = await inject(dave, "GET", `/api/study/stats/${dave.user.id}`);
    expect(stats.json()).toMatchObject({ sessionsCount: 1, weekSeconds: 120 });
  });
});

describe("an incomplete study session (SPEC §7 POST /api/study/sessions: a body with userId)", () => {
  it("is a 400 with an error naming what is missing, and records nothing", async () => {
    const erin = await createUser(t.app);
    const set = await createSet(erin);
    const id = erin.user.id;
    const cases: [string, Record<string, unknown>, string][] = [
      ["/api/study/sessions", { userId: id }, "Duration must be a whole number of seconds"],
      ["/api/study/sessions", {}, "Duration must be a whole number of seconds"],
      ["/api/study/sessions", { userId: id, duration: null }, "Duration must be a whole number of seconds"],
      [
        "/api/study/sessions",
        { userId: id, activityType: "focus" },
        "Duration must be a whole number of seconds",
      ],
      ["/api/study/stats/track", { userId: id }, "Study set is required"],
      [
        "/api/study/stats/track",
        { userId: id, studySetId: set.id },
        "Duration must be a whole number of seconds",
      ],
    ];
    for (const [url, body, error] of cases) {
      const res = await inject(erin, "POST", url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json(), `${url} ${JSON.stringify(body)}`).toMatchObject({ error, code: "validation" });
    }
    for (const url of ["/api/study/sessions", "/api/study/stats/track"]) {
      for (const payload of [undefined, "null", "[]", "90"]) {
        const res = await t.app.inject({
          method: "POST",
          url,
          headers: { ...erin.headers, ...(payload ? { "content-type": "application/json" } : {}) },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json().error, `${url} ${payload}`).toBe("This request needs a JSON object in its body.");
      }
    }
    const stats = await inject(erin, "GET", `/api/study/stats/${id}`);
    expect(stats.json()).toMatchObject({ sessionsCount: 0 });
  });
});

describe("every study endpoint", () => {
  it("answers 401 without a session", async () => {
    for (const e of Object.values(studyEndpoints)) {
      const url = e.path.replace(":id", "1").replace(":userId", "1");
      const res = await t.app.inject({ method: e.method, url, payload: e.body ? {} : undefined });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });
});
