// Canvas auto-sync as background jobs (canvas.jobs.ts) against the fake Canvas: the sync job's handler
// (setting, recency, disconnection, a rejected token, throttling, idempotency), a run through a worker,
// and the sweep that enqueues due students. pg-boss's TestClock holds the queue's time still, so workers
// fetch only when the test ticks it and no schedule fires behind the tests.
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CANVAS_DOMAIN } from "#shared/canvas/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { canvasTestApp, connectedUser } from "#tests/fixtures/canvas-test-kit.ts";
import { FAKE_TOKEN, FakeCanvas } from "#tests/fixtures/fake-canvas.ts";
import { type TestApp, travellingClock } from "#tests/test-app.ts";
import { canvasConnections, tasks } from "../../db/schema/index.ts";
import type { JobContext } from "../../jobs/define.ts";
import { BACKGROUND_SYNC_EVERY_MS, canvasSyncJob, SYNC_SPREAD_SECONDS } from "./canvas.jobs.ts";

const MINUTE = 60_000;
let fake: FakeCanvas;
let t: TestApp;
const appClock = travellingClock();
const start = new Date();
start.setUTCMinutes(5, 0, 0); // between the sweep's quarter hours and the purge's minute 17
const queueClock = new TestClock(start);

beforeAll(async () => {
  fake = await new FakeCanvas().start();
  t = await canvasTestApp(fake, {
    role: "all",
    clock: appClock,
    jobTuning: { clock: queueClock, pollingIntervalSeconds: 1 },
  });
  await t.app.jobs.workersStarted();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const ctx = (): JobContext => ({
  services: t.app.services,
  log: t.app.log,
  signal: new AbortController().signal,
  jobId: "test",
  retryCount: 0,
});
const run = (user: TestUser) => canvasSyncJob.handler({ userId: user.user.id }, ctx());
const titles = async (user: TestUser) =>
  (await t.app.db.select().from(tasks).where(eq(tasks.userId, user.user.id))).map((r) => r.title).sort();
const setAutoSync = (user: TestUser, autoSync: boolean) =>
  t.app.inject({
    method: "POST",
    url: "/api/settings",
    headers: user.headers,
    payload: { aiModel: "gpt-4o", theme: "light", autoSync, notificationsEnabled: true },
  });

describe("the background sync job", () => {
  it("syncs what changed in Canvas, and a second run writes nothing", async () => {
    const u = await connectedUser(t, fake);
    fake.data.assignments[fake.data.courses[0]!.id]![0]!.name = "Renamed in Canvas";
    appClock.travel(11 * MINUTE); // past the 10 minutes an automatic sync waits after the last one
    expect(await run(u)).toMatchObject({ skipped: null, updated: 1, created: 0, deleted: 0 });
    expect(await titles(u)).toContain("Renamed in Canvas");

    appClock.travel(11 * MINUTE);
    const before = await t.app.db.select().from(tasks).where(eq(tasks.userId, u.user.id));
    expect(await run(u)).toMatchObject({ skipped: null, updated: 0, created: 0, deleted: 0 });
    expect(await t.app.db.select().from(tasks).where(eq(tasks.userId, u.user.id))).toEqual(before);
  });

  it("skips a student who synced in the last 10 minutes or switched auto-sync off, without calling Canvas", async () => {
    const u = await connectedUser(t, fake);
    fake.resetRequests();
    expect(await run(u)).toMatchObject({ skipped: "recent" });
    appClock.travel(11 * MINUTE);
    expect((await setAutoSync(u, false)).statusCode).toBe(200);
    expect(await run(u)).toMatchObject({ skipped: "disabled" });
    expect(fake.requestCount).toBe(0);
  });

  it("completes without retrying when the student disconnected or Canvas refuses the token", async () => {
    const gone = await connectedUser(t, fake);
    await t.app.inject({ method: "DELETE", url: "/api/auth/canvas", headers: gone.headers });
    expect(await run(gone)).toEqual({ skipped: "disconnected" });

    const u = await connectedUser(t, fake);
    appClock.travel(11 * MINUTE);
    fake.tokens = [];
    try {
      expect(await run(u)).toEqual({ skipped: null, failed: "canvas_auth" });
      const status = await t.app.inject({ url: "/api/auth/canvas/status", headers: u.headers });
      expect(status.json().lastSyncError).toMatch(/Invalid access token/);
    } finally {
      fake.tokens = [FAKE_TOKEN];
    }
  });

  it("throws while Canvas keeps throttling, so the queue retries it later", async () => {
    const u = await connectedUser(t, fake);
    appClock.travel(11 * MINUTE);
    fake.throttle(50, 429);
    try {
      await expect(run(u)).rejects.toMatchObject({ code: "canvas_throttled" });
    } finally {
      fake.clearFaults();
    }
  });

  it("runs in a worker, one waiting per student at most, and keeps its result", async () => {
    const u = await connectedUser(t, fake);
    fake.data.assignments[fake.data.courses[1]!.id]![0]!.name = "Seen by the worker";
    appClock.travel(11 * MINUTE);
    const id = await t.app.jobs.enqueue(canvasSyncJob, { userId: u.user.id });
    expect(await t.app.jobs.enqueue(canvasSyncJob, { userId: u.user.id })).toBeNull();
    let job = await t.app.jobs.job(canvasSyncJob, id!);
    for (let i = 0; i < 100 && job?.state !== "completed"; i++) {
      await queueClock.tick(1000);
      await new Promise((r) => setTimeout(r, 50));
      job = await t.app.jobs.job(canvasSyncJob, id!);
    }
    expect(job).toMatchObject({ state: "completed", output: { skipped: null, updated: 1 } });
    expect(await titles(u)).toContain("Seen by the worker");
  });
});

describe("the auto-sync sweep", () => {
  it("enqueues, spread over 15 minutes, each student due a sync with auto-sync on, once", async () => {
    const due = await connectedUser(t, fake);
    const off = await connectedUser(t, fake);
    await setAutoSync(off, false);
    const demo = await createUser(t.app);
    await t.app.db
      .insert(canvasConnections)
      .values({ userId: demo.user.id, domain: DEMO_CANVAS_DOMAIN, tokenCiphertext: "unused" });
    appClock.travel(BACKGROUND_SYNC_EVERY_MS + 60 * MINUTE);
    const recent = await connectedUser(t, fake); // synced at connect, on the travelled clock

    const enqueued = await t.app.services.canvas.enqueueDueSyncs();
    const jobs = await t.app.jobs.jobs(canvasSyncJob);
    const waiting = jobs.filter((j) => j.state === "created");
    const users = waiting.map((j) => (j.data as { userId: number }).userId);
    expect(users).toContain(due.user.id);
    for (const skipped of [off, demo, recent]) expect(users).not.toContain(skipped.user.id);
    expect(waiting).toHaveLength(enqueued);
    const now = queueClock.now();
    for (const job of waiting) {
      expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(now - 1000);
      expect(job.startAfter.getTime()).toBeLessThanOrEqual(now + SYNC_SPREAD_SECONDS * 1000);
    }

    // Run again (as the next quarter hour would before these ran): nothing more is enqueued.
    expect(await t.app.services.canvas.enqueueDueSyncs()).toBe(0);
    expect((await t.app.jobs.jobs(canvasSyncJob)).filter((j) => j.state === "created")).toHaveLength(
      enqueued,
    );
  });
});
