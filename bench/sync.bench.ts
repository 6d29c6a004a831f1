// Canvas sync against the fake Canvas with 50 ms latency per request: 8 active + 4 completed courses with
// 100 assignments each. Prints the wall time of a first sync and of a second (unchanged) one, the Canvas
// requests made, the rows the second sync wrote, and the baseline beside them: the least number of
// sequential request rounds at the client's concurrency limit times the latency. PGlite by default;
// TEST_DB=postgres TEST_DATABASE_URL=... runs it on PostgreSQL.
import { fork } from "node:child_process";
import { eq } from "drizzle-orm";
import { courses, tasks } from "#server/db/schema/index.ts";
import { DEFAULT_TUNING, PER_PAGE } from "#server/integrations/canvas/canvas-client.ts";
import { createUser } from "#tests/factories.ts";
import { FAKE_TOKEN } from "#tests/fixtures/fake-canvas.ts";
import { createTestApp } from "#tests/test-app.ts";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const shape = { active: 8, completed: 4, perCourse: 100 };

/** The fake Canvas runs in its own process (see fake-canvas-process.ts); this is its remote control. */
async function startFake() {
  const child = fork(new URL("./fake-canvas-process.ts", import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_SHAPE: JSON.stringify(shape), BENCH_LATENCY_MS: String(LATENCY_MS) },
  });
  const host = await new Promise<string>((resolve) =>
    child.once("message", (m) => resolve((m as { ready: string }).ready)),
  );
  let seq = 0;
  const send = (op: string) =>
    new Promise<unknown>((resolve) => {
      const id = ++seq;
      const onMessage = (m: unknown) => {
        const reply = m as { id: number; value: unknown };
        if (reply.id !== id) return;
        child.off("message", onMessage);
        resolve(reply.value);
      };
      child.on("message", onMessage);
      child.send({ id, op });
    });
  return {
    host,
    load: () => send("load"),
    unload: () => send("unload"),
    reset: () => send("reset"),
    count: async () => (await send("count")) as number,
    close: () => send("close"),
  };
}

const fake = await startFake();
const t = await createTestApp({ canvasInsecureHosts: [fake.host] });

async function snapshot(userId: number) {
  const rows = [
    ...(await t.app.db
      .select({ id: tasks.id, at: tasks.updatedAt })
      .from(tasks)
      .where(eq(tasks.userId, userId))),
    ...(await t.app.db
      .select({ id: courses.id, at: courses.updatedAt })
      .from(courses)
      .where(eq(courses.userId, userId))
      .then((r) => r.map((c) => ({ id: -c.id, at: c.at })))),
  ];
  return new Map(rows.map((r) => [r.id, r.at.getTime()]));
}

/** Rows inserted, deleted or updated between two snapshots of a student's courses and tasks. */
function rowsWritten(before: Map<number, number>, after: Map<number, number>) {
  let n = 0;
  for (const [id, at] of after) if (before.get(id) !== at) n++;
  for (const id of before.keys()) if (!after.has(id)) n++;
  return n;
}

async function timedSync(headers: Record<string, string>) {
  await fake.reset();
  const started = performance.now();
  const res = await t.app.inject({ method: "POST", url: "/api/sync-canvas", headers, payload: {} });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`sync failed: ${res.statusCode} ${res.body}`);
  return { ms, requests: await fake.count(), result: res.json() };
}

async function run() {
  // Connect against an empty Canvas, so the timed first sync is the whole import and nothing else.
  await fake.unload();
  const user = await createUser(t.app);
  const connect = await t.app.inject({
    method: "POST",
    url: "/api/auth/canvas",
    headers: user.headers,
    payload: { token: FAKE_TOKEN, domain: fake.host },
  });
  if (connect.statusCode !== 200) throw new Error(`connect failed: ${connect.body}`);
  await fake.load();
  const first = await timedSync(user.headers);
  const before = await snapshot(user.user.id);
  const second = await timedSync(user.headers);
  const written = rowsWritten(before, await snapshot(user.user.id));
  return { first, second, written, imported: before.size };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const databaseKind = t.database.kind;
await run(); // warm-up: JIT, connection pools, prepared statements
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await run());
await t.close();
await fake.close();

const c = DEFAULT_TUNING.concurrency;
const pagesPerCourse = Math.max(1, Math.ceil(shape.perCourse / PER_PAGE));
// Round 1: the active and completed course lists together; then each active course's assignment pages,
// c at a time (pages of one list follow each other, so a course with k pages needs k rounds).
const rounds = 1 + Math.max(pagesPerCourse, Math.ceil((shape.active * pagesPerCourse) / c));
const bound = rounds * LATENCY_MS;
const firstMs = median(runs.map((r) => r.first.ms));
const secondMs = median(runs.map((r) => r.second.ms));

console.log(
  `canvas sync: ${shape.active} active + ${shape.completed} completed courses x ${shape.perCourse} assignments, ` +
    `${LATENCY_MS} ms per Canvas request, concurrency ${c}, ${databaseKind}, median of ${RUNS}`,
);
console.log(`  lower bound       ${rounds} rounds x ${LATENCY_MS} ms = ${bound} ms`);
console.log(
  `  first sync        ${firstMs.toFixed(0).padStart(5)} ms   x${(firstMs / bound).toFixed(2)} of the lower bound ` +
    `(${runs[0]!.first.requests} Canvas requests, ${runs[0]!.imported} rows imported)`,
);
console.log(
  `  second sync       ${secondMs.toFixed(0).padStart(5)} ms   x${(secondMs / bound).toFixed(2)} of the lower bound ` +
    `(${runs[0]!.second.requests} Canvas requests, ${Math.max(...runs.map((r) => r.written))} rows written)`,
);
console.log(
  `  runs (first/second ms): ${runs.map((r) => `${r.first.ms.toFixed(0)}/${r.second.ms.toFixed(0)}`).join(", ")}`,
);
if (firstMs > 1.5 * bound)
  console.log(`  NOTE: first sync above the 1.5x target (${(1.5 * bound).toFixed(0)} ms)`);
if (runs.some((r) => r.written > 0)) console.log("  NOTE: the unchanged second sync wrote rows");
