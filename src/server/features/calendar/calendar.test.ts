import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { createTask, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { createTestApp } from "#tests/test-app.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const req = t.req;

const addEvent = async (who: TestUser, body: object) => {
  const res = await req(who, "POST", "/api/events", body);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; title: string; date: string };
};

describe("/api/events", () => {
  it("saves an event for the caller and lists only their events, in date order", async () => {
    const u = await createUser(t.app);
    const later = await addEvent(u, {
      title: " Exam ",
      date: "2025-03-10T09:00:00-05:00",
      userId: u.user.id,
    });
    const sooner = await addEvent(u, {
      title: "Study group",
      description: "Room 4",
      date: "2025-03-01T14:00:00Z",
    });
    await addEvent(bob, { title: "bob's", date: "2025-03-02T09:00:00Z" });
    expect(later).toMatchObject({ title: "Exam", description: "", date: "2025-03-10T14:00:00.000Z" });
    const list = await req(u, "GET", "/api/events");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: sooner.id,
        title: "Study group",
        description: "Room 4",
        date: "2025-03-01T14:00:00.000Z",
        createdAt: expect.any(String),
      },
      { ...later, createdAt: expect.any(String) },
    ]);
  });

  it.each([
    [{ title: "  ", date: "2025-03-01T09:00:00Z" }, "Event title is required"],
    [{ date: "2025-03-01T09:00:00Z" }, "Event title is required"],
    [{ title: "x", date: "March 1st" }, "Date must be an ISO 8601 date-time"],
    [{ title: "x".repeat(301), date: "2025-03-01T09:00:00Z" }, "An event title is at most 300 characters"],
  ])("answers 400 for %j", async (payload, message) => {
    const res = await req(ada, "POST", "/api/events", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("deletes only the caller's own events", async () => {
    const mine = await addEvent(ada, { title: "mine", date: "2025-03-01T09:00:00Z" });
    const bobs = await addEvent(bob, { title: "bob's", date: "2025-03-01T09:00:00Z" });
    expect((await req(ada, "DELETE", `/api/events/${bobs.id}`)).statusCode).toBe(404);
    expect((await req(bob, "GET", "/api/events")).json().some((e: { id: number }) => e.id === bobs.id)).toBe(
      true,
    );
    const ok = await req(ada, "DELETE", `/api/events/${mine.id}`);
    expect(ok.statusCode).toBe(200);
    expect((await req(ada, "GET", "/api/events")).json().some((e: { id: number }) => e.id === mine.id)).toBe(
      false,
    );
    expect((await req(ada, "DELETE", "/api/events/nope")).statusCode).toBe(400);
  });

  it("needs a session and refuses another userId", async () => {
    expect((await req(null, "GET", "/api/events")).statusCode).toBe(401);
    expect(
      (await req(null, "POST", "/api/events", { title: "x", date: "2025-03-01T09:00:00Z" })).statusCode,
    ).toBe(401);
    expect((await req(null, "DELETE", "/api/events/1")).statusCode).toBe(401);
    expect((await req(ada, "GET", `/api/events?userId=${bob.user.id}`)).statusCode).toBe(403);
  });
});

describe("calendar feed", () => {
  const tokenOf = (url: string) => /\/api\/calendar-feed\/([^/]+)\.ics$/.exec(url)?.[1] ?? "";

  it("has no URL until created, then an absolute secret URL that ignores the Host a client sends", async () => {
    const u = await createUser(t.app);
    const none = await req(u, "GET", "/api/calendar-feed");
    expect(none.json()).toEqual({ url: null });
    const created = await req(u, "POST", "/api/calendar-feed", undefined, {
      host: "studyhall.example.edu",
      "x-forwarded-proto": "https",
    });
    expect(created.statusCode).toBe(200);
    const { url } = created.json();
    // Not behind a trusted proxy and no PUBLIC_URL: neither the Host nor X-Forwarded-Proto a client sends
    // is echoed (issue 8 §3); the server's own address is used (none under inject: localhost).
    expect(url).toMatch(/^http:\/\/localhost\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const shown = await req(u, "GET", "/api/calendar-feed", undefined, { host: "studyhall.example.edu" });
    expect(tokenOf(shown.json().url)).toBe(tokenOf(url));
  });

  it("builds the URL from PUBLIC_URL whatever the request says", { timeout: 120_000 }, async () => {
    const configured = await createTestApp({ publicUrl: "https://studyhall.example.edu" });
    try {
      const u = await createUser(configured.app);
      const created = await configured.app.inject({
        method: "POST",
        url: "/api/calendar-feed",
        headers: { ...u.headers, host: "evil.example.com", "x-forwarded-host": "evil.example.com" },
      });
      expect(created.json().url).toMatch(
        /^https:\/\/studyhall\.example\.edu\/api\/calendar-feed\/[\w-]{43}\.ics$/,
      );
    } finally {
      await configured.close();
    }
  });

  it("builds an https URL from X-Forwarded-Proto when TRUST_PROXY is on", async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const u = await createUser(proxied.app);
      const created = await proxied.app.inject({
        method: "POST",
        url: "/api/calendar-feed",
        headers: { ...u.headers, host: "studyhall.example.edu", "x-forwarded-proto": "https" },
      });
      expect(created.json().url).toMatch(
        /^https:\/\/studyhall\.example\.edu\/api\/calendar-feed\/[\w-]{43}\.ics$/,
      );
    } finally {
      await proxied.close();
    }
  });

  it("serves an RFC 5545 calendar of dated tasks and custom events that a parser reads back", async () => {
    const u = await createUser(t.app);
    await createTask(t.app, u, {
      title: "Essay due",
      dueDate: "2025-04-01T03:59:59.000Z",
      description: "<p>Five pages &amp; sources</p>",
    });
    const done = await createTask(t.app, u, { title: "Quiz", dueDate: "2025-03-20T15:00:00Z" });
    await req(u, "PUT", `/api/tasks/${done.id}`, { completed: true });
    await createTask(t.app, u, { title: "Undated idea" });
    await addEvent(u, {
      title: "Office hours",
      description: "Bring questions",
      date: "2025-03-25T13:00:00Z",
    });
    const { url } = (await req(u, "POST", "/api/calendar-feed")).json();

    const res = await t.app.inject({ url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);

    const parsed = Object.values(ical.sync.parseICS(res.body)).filter(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    const byTitle = Object.fromEntries(parsed.map((e) => [String(e.summary), e]));
    expect(Object.keys(byTitle).sort()).toEqual(["Essay due", "Office hours", "✓ Quiz"]);
    const essay = byTitle["Essay due"]!;
    expect(new Date(essay.start as Date).toISOString()).toBe("2025-04-01T03:59:59.000Z");
    expect(String(essay.description)).toBe("Five pages & sources");
    const office = byTitle["Office hours"]!;
    expect(new Date(office.start as Date).toISOString()).toBe("2025-03-25T13:00:00.000Z");
    expect(new Date(office.end as Date).toISOString()).toBe("2025-03-25T14:00:00.000Z");
  });

  it("tags the feed with an ETag and answers 304 to a calendar app that already has it", async () => {
    const u = await createUser(t.app);
    const task = await createTask(t.app, u, { title: "Lab report", dueDate: "2025-04-02T15:00:00Z" });
    const path = new URL((await req(u, "POST", "/api/calendar-feed")).json().url).pathname;
    const first = await t.app.inject({ url: path });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    // Calendar apps poll hourly: an unchanged calendar costs them (and us) no body.
    const again = await t.app.inject({ url: path, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    const listed = await t.app.inject({ url: path, headers: { "if-none-match": `"other", W/${etag}` } });
    expect(listed.statusCode).toBe(304);

    await req(u, "PUT", `/api/tasks/${task.id}`, { title: "Lab report (final)" });
    const changed = await t.app.inject({ url: path, headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("Lab report (final)");
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("answers 404 for a wrong secret, and for the old secret after regenerating or revoking", async () => {
    const u = await createUser(t.app);
    const first = (await req(u, "POST", "/api/calendar-feed")).json().url as string;
    expect((await t.app.inject({ url: new URL(first).pathname })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/calendar-feed/not-the-secret.ics" })).statusCode).toBe(404);

    const second = (await req(u, "POST", "/api/calendar-feed")).json().url as string;
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    expect((await t.app.inject({ url: new URL(first).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ url: new URL(second).pathname })).statusCode).toBe(200);

    expect((await req(u, "DELETE", "/api/calendar-feed")).json()).toEqual({ ok: true });
    const revoked = await t.app.inject({ url: new URL(second).pathname });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().error).toBe("Calendar feed not found.");
    expect((await req(u, "GET", "/api/calendar-feed")).json()).toEqual({ url: null });
  });

  it("never shows one student's items in another's feed", async () => {
    const u = await createUser(t.app);
    await createTask(t.app, bob, { title: "Bob private", dueDate: "2025-03-01T12:00:00Z" });
    const { url } = (await req(u, "POST", "/api/calendar-feed")).json();
    const body = (await t.app.inject({ url: new URL(url).pathname })).body;
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).not.toContain("Bob private");
  });

  it("needs a session to see, create or revoke the URL", async () => {
    expect((await req(null, "GET", "/api/calendar-feed")).statusCode).toBe(401);
    expect((await req(null, "POST", "/api/calendar-feed")).statusCode).toBe(401);
    expect((await req(null, "DELETE", "/api/calendar-feed")).statusCode).toBe(401);
  });
});

describe("/api/calendar-token (mock external calendar, SPEC §7)", () => {
  it("answers 'not connected' (200, not a 404) until tokens are saved, then connected without returning them", async () => {
    const u = await createUser(t.app);
    const before = await req(u, "GET", `/api/calendar-token?userId=${u.user.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ connected: false, expiresAt: null });
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const saved = await req(u, "POST", "/api/calendar-token", {
      userId: u.user.id,
      accessToken: "mock_access_token",
      refreshToken: "mock_refresh_token",
      expiresAt,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ connected: true, expiresAt });
    const status = await req(u, "GET", "/api/calendar-token");
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ connected: true, expiresAt });
    expect(status.body).not.toContain("mock_access_token");
  });

  it("validates the body, refuses another userId and needs a session", async () => {
    const bad = await req(ada, "POST", "/api/calendar-token", { accessToken: "", expiresAt: "soon" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Access token is required");
    const spoof = await req(ada, "GET", `/api/calendar-token?userId=${bob.user.id}`);
    expect(spoof.statusCode).toBe(403);
    expect((await req(null, "GET", "/api/calendar-token")).statusCode).toBe(401);
    expect(
      (
        await req(null, "POST", "/api/calendar-token", {
          accessToken: "a",
          expiresAt: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(401);
  });
});
