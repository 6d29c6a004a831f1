// A scheduled job with two app instances on one database runs once, not once per instance. On
// PostgreSQL (TEST_DB=postgres) the instances have pools of their own on one database, as two servers
// would; on PGlite they share its one connection. pg-boss's TestClock drives both instances' timers and
// the database's idea of now, so the test crosses the hourly occurrence in a few seconds.
import { TestClock } from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "#shared/constants.ts";
import { createUser } from "#tests/factories.ts";
import { freshDatabase, testConfig, travellingClock } from "#tests/test-app.ts";
import { buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { sessions } from "../db/schema/index.ts";
import { purgeSessionsJob } from "../features/auth/auth.jobs.ts";

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the session purge", () => {
  it("runs once per hour with two instances on one database, not once per instance", async () => {
    const database = await freshDatabase();
    closing.push(() => database.close());
    let other: Database = database;
    if ("url" in database.queueTarget) {
      other = await openDatabase({ databaseUrl: database.queueTarget.url, dataDir: null });
      closing.push(() => other.close());
    }
    // Five seconds before the purge's minute (17) of this hour, UTC.
    const start = new Date();
    start.setUTCMinutes(16, 55, 0);
    const clock = new TestClock(start);
    const appClock = travellingClock();
    const config = () =>
      testConfig({
        role: "all",
        clock: appClock,
        jobTuning: { clock, pollingIntervalSeconds: 2, cronIntervalSeconds: 2 },
      });
    const a = await buildApp(config(), database);
    const b = await buildApp(config(), other);
    closing.push(
      () => a.close(),
      () => b.close(),
    );
    await a.ready();
    await b.ready();
    await Promise.all([a.jobs.workersStarted(), b.jobs.workersStarted()]);

    await createUser(a);
    await createUser(b);
    appClock.travel(SESSION_TTL_MS + 1000); // both sessions have expired

    // 65 s of the test clock: both instances run their cron pass every 2 s through the whole minute in
    // which the occurrence is due.
    await clock.tick(65_000);
    const [job] = await eventually(
      () => a.jobs.jobs(purgeSessionsJob),
      (jobs) => jobs[0]?.state === "completed",
    );
    await clock.tick(10_000);

    const jobs = await b.jobs.jobs(purgeSessionsJob);
    expect(jobs).toHaveLength(1);
    expect(job).toMatchObject({ state: "completed", retryCount: 0, output: { purged: 2 } });
    expect(await a.db.select().from(sessions)).toEqual([]);

    // Idempotent: run again (as a retry would), it finds nothing left and fails nothing.
    const ctx = {
      services: a.services,
      log: a.log,
      signal: new AbortController().signal,
      jobId: job!.id,
      retryCount: 1,
    };
    expect(await purgeSessionsJob.handler({}, ctx)).toEqual({ purged: 0 });
  }, 60_000);
});
