// Calendar subscriptions (iCal feeds in) against a feed server in this test, allow-listed as
// CALENDAR_FEED_INSECURE_HOSTS would be: add/list/remove, recurring events, the host policy, the size and
// item limits, a broken feed, another student's feeds, and the refresh job.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp, travellingClock } from "#tests/test-app.ts";
import { calendarSubscriptions } from "../../db/schema/calendar.ts";
import type { JobContext } from "../../jobs/define.ts";
import { refreshSubscriptionJob } from "./calendar.jobs.ts";

const feeds = new Map<string, string | (() => string)>();
let server: http.Server;
let base: string;
let t: TestApp;
let ada: TestUser;
let bob: TestUser;
const clock = travellingClock();

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10).replace(/-/g, "");
};
const vevent = (uid: string, title: string, extra = "", dayOffset = 1) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nSUMMARY:${title}\r\nDTSTART:${day(dayOffset)}T100000Z\r\nDTEND:${day(dayOffset)}T110000Z\r\n${extra}END:VEVENT\r\n`;
const calendar = (...events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events.join("")}END:VCALENDAR\r\n`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (path === "/huge.ics") {
      res.writeHead(200, { "content-type": "text/calendar" });
      // 6 MB streamed without a length: refused while reading.
      const chunk = "X".repeat(64 * 1024);
      for (let i = 0; i < 96; i++) res.write(chunk);
      return res.end();
    }
    if (path === "/moved.ics") {
      res.writeHead(302, { location: "https://10.0.0.5/feed.ics" });
      return res.end();
    }
    const body = feeds.get(path);
    if (body === undefined) {
      res.writeHead(404);
      return res.end("not found");
    }
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(typeof body === "function" ? body() : body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
  t = await createTestApp({ calendarFeedInsecureHosts: [host], clock });
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

const req = (who: TestUser, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who.headers });
const add = (who: TestUser, body: object) => req(who, "POST", "/api/calendar-subscriptions", body);
const eventsOf = async (who: TestUser) => {
  const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 400 * 86_400_000).toISOString();
  const res = await req(who, "GET", `/api/calendar-subscriptions/events?from=${from}&to=${to}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ title: string; start: string; colour: string; subscriptionId: number }>;
};

describe("/api/calendar-subscriptions", () => {
  it("adds a feed, lists it with its count, shows its events in its colour, and removes it with its events", async () => {
    feeds.set(
      "/timetable.ics",
      calendar(vevent("a", "Lecture"), vevent("b", "Lab", "LOCATION:Room 4\r\n", 2)),
    );
    const u = await createUser(t.app);
    const res = await add(u, { name: "Timetable", url: `${base}/timetable.ics`, colour: "green" });
    expect(res.statusCode).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({
      name: "Timetable",
      colour: "green",
      itemCount: 2,
      lastError: null,
      truncated: false,
    });
    expect(sub.lastRefreshedAt).not.toBeNull();
    expect((await req(u, "GET", "/api/calendar-subscriptions")).json()).toEqual([sub]);
    const events = await eventsOf(u);
    expect(events.map((e) => e.title)).toEqual(["Lecture", "Lab"]);
    expect(events.every((e) => e.colour === "green")).toBe(true);

    expect((await req(u, "DELETE", `/api/calendar-subscriptions/${sub.id}`)).statusCode).toBe(200);
    expect((await req(u, "GET", "/api/calendar-subscriptions")).json()).toEqual([]);
    expect(await eventsOf(u)).toEqual([]);
  });

  it("expands recurring events within the window, leaving out EXDATE occurrences", async () => {
    const start = day(0);
    const excluded = day(7);
    feeds.set(
      "/weekly.ics",
      calendar(
        `BEGIN:VEVENT\r\nUID:w\r\nSUMMARY:Seminar\r\nDTSTART:${start}T090000Z\r\nDTEND:${start}T100000Z\r\nRRULE:FREQ=WEEKLY;COUNT=5\r\nEXDATE:${excluded}T090000Z\r\nEND:VEVENT\r\n`,
        // An endless daily series from long ago: only the window's occurrences are kept.
        `BEGIN:VEVENT\r\nUID:d\r\nSUMMARY:Standup\r\nDTSTART:20200101T080000Z\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n`,
      ),
    );
    const u = await createUser(t.app);
    const res = await add(u, { name: "Seminars", url: `${base}/weekly.ics` });
    expect(res.statusCode).toBe(201);
    const events = await eventsOf(u);
    const seminars = events.filter((e) => e.title === "Seminar");
    expect(seminars).toHaveLength(4);
    expect(
      seminars.some((e) =>
        e.start.startsWith(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)),
      ),
    ).toBe(false);
    const standups = events.filter((e) => e.title === "Standup").length;
    expect(standups).toBeGreaterThan(400);
    expect(standups).toBeLessThan(430);
  });

  it("refuses http, private addresses, redirects to private addresses, and says so", async () => {
    const http1 = await add(ada, { name: "x", url: "http://example.com/feed.ics" });
    expect(http1.statusCode).toBe(400);
    expect(http1.json()).toMatchObject({
      code: "calendar_feed_refused",
      error: expect.stringMatching(/https/),
    });
    const priv = await add(ada, { name: "x", url: "https://10.1.2.3/feed.ics?token=secret" });
    expect(priv.statusCode).toBe(400);
    expect(priv.json().error).not.toMatch(/secret/);
    const loop = await add(ada, { name: "x", url: "https://127.0.0.1/feed.ics" });
    expect(loop.json().code).toBe("calendar_feed_refused");
    const moved = await add(ada, { name: "x", url: `${base}/moved.ics` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe("calendar_feed_refused");
    expect((await req(ada, "GET", "/api/calendar-subscriptions")).json()).toEqual([]);
  });

  it("refuses a feed over the size limit while reading it", async () => {
    const res = await add(ada, { name: "big", url: `${base}/huge.ics` });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: "calendar_feed_too_large",
      error: expect.stringMatching(/5 MB/),
    });
  });

  it("keeps the first 5,000 events of a bigger feed and marks it truncated", async () => {
    feeds.set(
      "/many.ics",
      calendar(...Array.from({ length: 5200 }, (_, i) => vevent(`m${i}`, `E${i}`, "", 1 + (i % 300)))),
    );
    const u = await createUser(t.app);
    const res = await add(u, { name: "Many", url: `${base}/many.ics` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ itemCount: 5000, truncated: true });
  });

  it("answers another student while a big feed parses: parsing runs off the event loop", async () => {
    // About 4.4 MB of short lines in series from long ago: seconds of ical.js work, one row to store after.
    const notes = Array.from({ length: 24 }, (_, k) => `X-NOTE-${k}:note ${k}\r\n`).join("");
    const old = (i: number) =>
      `BEGIN:VEVENT\r\nUID:old${i}\r\nSUMMARY:Seminar ${i}\r\nDTSTART:20000103T100000Z\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\n${notes}END:VEVENT\r\n`;
    feeds.set(
      "/big.ics",
      calendar(vevent("now", "This week"), ...Array.from({ length: 8000 }, (_, i) => old(i))),
    );
    const carol = await createUser(t.app);
    const dave = await createUser(t.app);
    let pending = true;
    const big = add(carol, { name: "Big", url: `${base}/big.ics` }).finally(() => {
      pending = false;
    });
    // Dave keeps asking while Carol's feed is fetched and parsed: each answer comes promptly.
    const waits: number[] = [];
    while (pending) {
      const asked = performance.now();
      // A timer turn before each request (an in-memory request alone never lets the feed's socket be
      // read); counted in the wait, as a timer held up by the parse would be.
      await new Promise((r) => setTimeout(r, 20));
      const other = await req(dave, "GET", "/api/calendar-subscriptions");
      expect(other.statusCode).toBe(200);
      waits.push(performance.now() - asked);
    }
    const res = await big;
    expect(res.statusCode).toBe(201);
    expect(res.json().itemCount).toBe(1);
    // On the event loop, one of these would have waited for the whole parse (seconds).
    expect(Math.max(...waits)).toBeLessThan(500);
    expect(waits.length).toBeGreaterThan(3);
  });

  it("answers a broken feed, a missing one and bad input with a clear 4xx", async () => {
    feeds.set("/html.ics", "<html>Sign in</html>");
    feeds.set("/broken.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:nonsense\r\n");
    const html = await add(ada, { name: "x", url: `${base}/html.ics` });
    expect(html.statusCode).toBe(422);
    expect(html.json()).toMatchObject({
      code: "calendar_feed_invalid",
      error: expect.stringMatching(/iCalendar/),
    });
    const broken = await add(ada, { name: "x", url: `${base}/broken.ics` });
    expect(broken.statusCode).toBe(422);
    const missing = await add(ada, { name: "x", url: `${base}/nope.ics` });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: "calendar_feed_unreachable",
      error: expect.stringMatching(/404/),
    });
    expect((await add(ada, { name: "", url: `${base}/x.ics` })).statusCode).toBe(400);
    expect((await add(ada, { name: "x", url: "not a url" })).statusCode).toBe(400);
    expect((await add(ada, { name: "x", url: `${base}/x.ics`, colour: "mauve" })).statusCode).toBe(400);
  });

  it("never shows or removes another student's feed", async () => {
    feeds.set("/ada.ics", calendar(vevent("p", "Private")));
    const sub = (await add(ada, { name: "Mine", url: `${base}/ada.ics?token=s3cret` })).json();
    expect((await req(bob, "GET", "/api/calendar-subscriptions")).json()).toEqual([]);
    expect(await eventsOf(bob)).toEqual([]);
    expect((await req(bob, "DELETE", `/api/calendar-subscriptions/${sub.id}`)).statusCode).toBe(404);
    expect((await req(bob, "POST", `/api/calendar-subscriptions/${sub.id}/refresh`)).statusCode).toBe(404);
    expect((await req(ada, "GET", "/api/calendar-subscriptions")).json()).toHaveLength(1);
  });

  it("refresh (by hand and by the job) replaces the events, and records a broken feed without losing them", async () => {
    let version = 1;
    feeds.set("/changing.ics", () =>
      version === 3
        ? "garbage"
        : calendar(...Array.from({ length: version }, (_, i) => vevent(`c${i}`, `V${version}-${i}`))),
    );
    const u = await createUser(t.app);
    const sub = (await add(u, { name: "Changing", url: `${base}/changing.ics` })).json();
    expect(sub.itemCount).toBe(1);

    version = 2;
    const ctx: JobContext = {
      services: t.app.services,
      log: t.app.log,
      signal: new AbortController().signal,
      jobId: "test",
      retryCount: 0,
    };
    await refreshSubscriptionJob.handler({ userId: u.user.id, subscriptionId: sub.id }, ctx);
    expect((await eventsOf(u)).map((e) => e.title)).toEqual(["V2-0", "V2-1"]);

    version = 3;
    const failed = await req(u, "POST", `/api/calendar-subscriptions/${sub.id}/refresh`);
    expect(failed.statusCode).toBe(422);
    const [row] = (await req(u, "GET", "/api/calendar-subscriptions")).json();
    expect(row).toMatchObject({ itemCount: 2, lastError: expect.stringMatching(/iCalendar/) });
    expect(await eventsOf(u)).toHaveLength(2);
    // The job records it and does not throw (no retry for a broken feed).
    await refreshSubscriptionJob.handler({ userId: u.user.id, subscriptionId: sub.id }, ctx);

    version = 1;
    const ok = await req(u, "POST", `/api/calendar-subscriptions/${sub.id}/refresh`);
    expect(ok.json()).toMatchObject({ itemCount: 1, lastError: null });
  });

  it("allows at most 10 feeds per student", async () => {
    feeds.set("/one.ics", calendar(vevent("o", "One")));
    const u = await createUser(t.app);
    for (let i = 0; i < 10; i++)
      expect((await add(u, { name: `F${i}`, url: `${base}/one.ics` })).statusCode).toBe(201);
    const res = await add(u, { name: "F10", url: `${base}/one.ics` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("calendar_feed_limit");
  });

  it("the sweep enqueues a refresh for each feed not read for 4 hours, and none before", async () => {
    expect(await t.app.services.calendar.enqueueDueRefreshes({ spreadSeconds: 0 })).toBe(0);
    const all = await t.app.db.select({ id: calendarSubscriptions.id }).from(calendarSubscriptions);
    clock.travel(4 * 60 * 60 * 1000 + 60_000);
    try {
      expect(await t.app.services.calendar.enqueueDueRefreshes({ spreadSeconds: 0 })).toBe(all.length);
    } finally {
      clock.reset();
    }
  });
});
