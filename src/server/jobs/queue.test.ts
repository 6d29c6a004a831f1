// The job queue on the test database (PGlite, or PostgreSQL with TEST_DB=postgres): transactional enqueue,
// retries with backoff into the dead-letter queue, and the per-key singleton. A second queue runs beside
// the app's with test-only jobs, as a second instance would.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { tasks } from "../db/schema/index.ts";
import { featureJobs } from "../features/index.ts";
import { defineJob } from "./define.ts";
import { createJobQueue, type JobQueue } from "./queue.ts";

/** Polls until `check` holds (real time); the queue's workers poll every 0.5 s here. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const seen: { taskId: number; title: string | null }[] = [];
const taskCreated = defineJob({
  name: "test.task-created",
  payload: z.object({ taskId: z.number().int() }),
  retry: { limit: 0 },
  async handler({ taskId }) {
    // The row the job is for is visible to it: it committed with the job.
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.id, taskId));
    seen.push({ taskId, title: task?.title ?? null });
  },
});

const attempts: { at: number; retryCount: number }[] = [];
const alwaysFails = defineJob({
  name: "test.always-fails",
  payload: z.object({ n: z.number() }),
  retry: { limit: 2, delaySeconds: 1, backoff: true, maxDelaySeconds: 30 },
  async handler(_payload, { retryCount }) {
    attempts.push({ at: Date.now(), retryCount });
    throw new Error("the remote service said no");
  },
});

const running = new Map<string, number>();
let mostAtOnce = 0;
const runs: string[] = [];
function perStudent(name: string, duplicates: "queue" | "drop") {
  return defineJob({
    name,
    payload: z.object({ userId: z.number().int(), n: z.number().int(), ms: z.number().default(400) }),
    singleton: { key: ({ userId }) => `user:${userId}`, duplicates },
    concurrency: 3,
    async handler({ userId, n, ms }) {
      const key = `${name}:${userId}`;
      running.set(key, (running.get(key) ?? 0) + 1);
      mostAtOnce = Math.max(
        mostAtOnce,
        [...running.values()].reduce((a, b) => a + b, 0),
      );
      if ((running.get(key) ?? 0) > 1) runs.push(`OVERLAP ${key}`);
      await new Promise((r) => setTimeout(r, ms));
      runs.push(`${userId}:${n}`);
      running.set(key, (running.get(key) ?? 1) - 1);
    },
  });
}
const syncLike = perStudent("test.per-student", "queue");
const dropping = perStudent("test.per-student-drop", "drop");

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp();
  queue = createJobQueue({
    target: t.database.queueTarget,
    role: "all",
    log: t.app.log,
    tuning: { pollingIntervalSeconds: 0.5 },
  });
  await queue.open([...featureJobs, taskCreated, alwaysFails, syncLike, dropping]);
  await queue.startWorkers(t.app.services);
});
afterAll(async () => {
  await queue?.stopWorkers();
  await queue?.close();
  await t?.close();
});

describe("enqueue in the caller's transaction", () => {
  it("leaves no job when the transaction rolls back, and runs the job when it commits", async () => {
    const u = await createUser(t.app);
    const insertWithJob = (title: string, fail: boolean) =>
      t.app.db.transaction(async (tx) => {
        const [row] = await tx.insert(tasks).values({ userId: u.user.id, title }).returning();
        await queue.enqueue(taskCreated, { taskId: row!.id }, { tx });
        if (fail) throw new Error("rolled back");
        return row!.id;
      });

    await expect(insertWithJob("Rolled back", true)).rejects.toThrow("rolled back");
    expect(await t.app.db.select().from(tasks).where(eq(tasks.title, "Rolled back"))).toHaveLength(0);
    expect(await queue.jobs(taskCreated)).toHaveLength(0);

    const id = await insertWithJob("Committed", false);
    const [job] = await queue.jobs(taskCreated);
    expect(job?.data).toEqual({ taskId: id });
    await eventually(
      () => queue.job(taskCreated, job!.id),
      (j) => j?.state === "completed",
    );
    expect(seen).toEqual([{ taskId: id, title: "Committed" }]);
  });

  it("checks the payload when enqueued and refuses a job no feature lists", async () => {
    await expect(queue.enqueue(taskCreated, { taskId: "seven" as unknown as number })).rejects.toThrow();
    const unlisted = defineJob({ name: "test.unlisted", payload: z.object({}), handler: async () => {} });
    await expect(queue.enqueue(unlisted, {})).rejects.toThrow(/not listed/);
    expect(() => defineJob({ name: "NoFeature", payload: z.object({}), handler: async () => {} })).toThrow(
      /<feature>.<job>/,
    );
  });
});

describe("a failing job", () => {
  it("is retried with a growing delay, then kept in the dead-letter queue", async () => {
    const id = await queue.enqueue(alwaysFails, { n: 7 });
    const failed = await eventually(
      () => queue.job(alwaysFails, id!),
      (j) => j?.state === "failed",
    );
    expect(failed).toMatchObject({ state: "failed", retryCount: 2 });
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // pg-boss's backoff: retryDelay * 2^n / 2 plus up to as much again at random, so 1-2 s, then 2-4 s
    // (plus up to one polling interval each). The lower bounds show the delay grows; the upper ones only
    // catch a delay configured an order too long, since a loaded machine polls late (5.4 s seen for 2-4 s).
    const [first, second] = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    expect(first).toBeGreaterThanOrEqual(900);
    expect(first).toBeLessThan(10_000);
    expect(second).toBeGreaterThanOrEqual(1900);
    expect(second).toBeLessThan(20_000);

    const dead = await eventually(
      () => queue.jobs(alwaysFails, { deadLettered: true }),
      (jobs) => jobs.length === 1,
    );
    expect(dead[0]).toMatchObject({ data: { n: 7 }, sourceId: id, sourceRetryCount: 2 });
    // Nobody works the dead-letter queue: the job waits there for a person.
    expect(dead[0]?.state).toBe("created");
  }, 20_000);
});

describe("a singleton key", () => {
  it("never runs two jobs of one student at once, while another student's job runs beside them", async () => {
    for (let n = 1; n <= 3; n++) await queue.enqueue(syncLike, { userId: 1, n });
    // Long enough to overlap one of student 1's runs wherever a worker picks it up.
    await queue.enqueue(syncLike, { userId: 2, n: 1, ms: 1500 });
    await eventually(
      async () => runs.filter((r) => !r.startsWith("OVERLAP")).length,
      (n) => n === 4,
    );
    expect(runs.filter((r) => r.startsWith("OVERLAP"))).toEqual([]);
    expect(runs.filter((r) => r.startsWith("1:"))).toEqual(["1:1", "1:2", "1:3"]);
    expect(mostAtOnce).toBe(2);
  });

  it("with duplicates 'drop', enqueues nothing while the student's job is already waiting", async () => {
    await queue.stopWorkers(); // nothing is fetched, so the first job stays waiting
    const first = await queue.enqueue(dropping, { userId: 5, n: 1 });
    const second = await queue.enqueue(dropping, { userId: 5, n: 2 });
    const other = await queue.enqueue(dropping, { userId: 6, n: 1 });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect((await queue.jobs(dropping)).map((j) => j.data)).toMatchObject([
      { userId: 5, n: 1 },
      { userId: 6, n: 1 },
    ]);
  });
});
