import http from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { tasks } from "#server/db/schema/index.ts";
import { LIVE_SESSION_SQL } from "#server/features/auth/auth.repo.ts";
import { tasksRepo } from "#server/features/tasks/tasks.repo.ts";
import { sha256 } from "#server/lib/crypto.ts";
import { createUser } from "#tests/factories.ts";
import { scratchPostgres, testConfig } from "#tests/test-app.ts";

/** Issue 26: the list a student with a full semester asks for, 200 of them weekly series. */
const TASKS = 2000;
const RECURRING = 200;
/** A heavy semester (SPEC §7 answers the whole list): timed per Accept-Encoding, ours only. */
const LARGE_TASKS = 2000;
const kind = process.argv[2] === "pglite" ? "pglite" : "postgres";
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

/** A fresh database of its own on the PostgreSQL server, dropped on exit; or in-memory PGlite. */
async function open(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === "pglite") return { database: await openDatabase({ dataDir: null }), drop: async () => {} };
  const scratch = await scratchPostgres(adminUrl, "studyhall_bench");
  return { database: await openDatabase({ databaseUrl: scratch.url, dataDir: null }), ...scratch };
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });

const { database, url, drop } = await open();
// As deployed (answers not re-checked), and with CHECK_RESPONSES on, over the same database.
const app = await buildApp(testConfig({ checkResponses: false }), database);
const checkedApp = await buildApp(testConfig({ checkResponses: true }), database);
await app.listen({ port: 0, host: "127.0.0.1" });
await checkedApp.listen({ port: 0, host: "127.0.0.1" });
const oursPort = (app.server.address() as { port: number }).port;
const checkedPort = (checkedApp.server.address() as { port: number }).port;

const now = Date.now();
async function studentWithTasks(count: number, recurring = 0) {
  const student = await createUser(app);
  const rows = Array.from({ length: count - recurring }, (_, i) => ({
    userId: student.user.id,
    title: `Assignment ${i + 1}`,
    description: `<p>Read chapter ${i + 1} and answer the review questions &amp; exercises.</p>`,
    dueDate: i % 4 === 0 ? null : new Date(now + i * 3_600_000),
    priority: (["high", "medium", "low"] as const)[i % 3],
    completed: i % 5 === 0,
  }));
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(tasks).values(rows.slice(i, i + 500));
  // Weekly series, as the tasks service stores one: the first task names itself as the series.
  for (let i = 0; i < recurring; i++) {
    const id = await tasksRepo.nextId(database.db);
    const dueDate = new Date(now + i * 3_600_000);
    await database.db.insert(tasks).values({
      id,
      userId: student.user.id,
      title: `Weekly lab ${i + 1}`,
      description: "<p>Lab report</p>",
      dueDate,
      priority: "medium",
      rrule: "FREQ=WEEKLY;BYDAY=MO,WE",
      recurrenceTimeZone: "America/New_York",
      seriesStart: dueDate,
      seriesId: id,
    });
  }
  return student;
}
const student = await studentWithTasks(TASKS, RECURRING);
const heavy = await studentWithTasks(LARGE_TASKS);

// Exactly the statement our endpoint sends (the list as JSON text unless the student's task count is the
// one already held), from the repository's own builder, and the list kept between reads as our endpoint
// keeps it, as UTF-8 bytes (decision 019): the two differ by the framework, not by the work.
const sql = tasksRepo.listJsonVersionedSql(database.db, false);
const pool = url ? new pg.Pool({ connectionString: url, max: 10 }) : null;
const pglite = (database.db as unknown as { $client: PGlite }).$client;
const query = (text: string, params: unknown[]) =>
  pool ? pool.query(text, params) : pglite.query<Record<string, unknown>>(text, params);
let kept = { version: -1, body: Buffer.alloc(0) };
const runSql = async (): Promise<Buffer> => {
  const { rows } = await query(sql, [student.user.id, kept.version]);
  const row = rows[0] as { version: string | number; json: string | null };
  if (row.json !== null) kept = { version: Number(row.version), body: Buffer.from(row.json) };
  return kept.body;
};

// The same session lookup as ours first (the statement every /api request starts with): the reference
// skips the framework, not the database work a signed-in request needs.
const reference = http.createServer(async (req, res) => {
  try {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const { rows } = await query(LIVE_SESSION_SQL, [sha256(token), new Date().toISOString()]);
    if (rows.length === 0) {
      res.writeHead(401);
      res.end();
      return;
    }
    const body = await runSql();
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(body);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
const referencePort = await listen(reference);

console.log(
  JSON.stringify({
    ours: `http://127.0.0.1:${oursPort}/api/tasks`,
    checked: `http://127.0.0.1:${checkedPort}/api/tasks`,
    reference: `http://127.0.0.1:${referencePort}/tasks`,
    token: student.token,
    rows: (JSON.parse((await runSql()).toString()) as unknown[]).length,
    large: { token: heavy.token, rows: LARGE_TASKS },
  }),
);

process.stdin.resume();
process.stdin.on("end", async () => {
  reference.close();
  await pool?.end();
  await app.close();
  await checkedApp.close();
  await database.close();
  await drop();
  process.exit(0);
});
