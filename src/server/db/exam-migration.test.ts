// The migration that gives a flashcard set several exams (decision 017) carries each set's one exam
// (flashcard_sets.exam_date / exam_task_id / exam_event_id) into flashcard_set_exams. Run against a
// database migrated to just before it, with old-style exams in it, on PGlite or on PostgreSQL (TEST_DB).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { scratchPostgres } from "#tests/test-app.ts";
import { migrationsFolder } from "./migrate.ts";
import { pgliteOptions } from "./pglite.ts";

type Journal = { entries: { tag: string }[] };

/** A copy of the migrations folder that stops just before the exams migration (found by name: numbers change at merge). */
function foldersBeforeExams() {
  const dir = mkdtempSync(path.join(tmpdir(), "exam-migration-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const at = journal.entries.findIndex((e) => e.tag.endsWith("_flashcard_set_exams"));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A database with the old columns, a way to run SQL, and a way to apply the rest of the migrations. */
async function oldDatabase() {
  const before = foldersBeforeExams();
  cleanups.push(async () => rmSync(before, { recursive: true, force: true }));
  if (process.env.TEST_DB === "postgres") {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    cleanups.push(async () => {
      await pool.end();
      await scratch.drop();
    });
    const db = drizzleNodePg(pool);
    await migrateNodePg(db, { migrationsFolder: before });
    return {
      query: async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows,
      finish: () => migrateNodePg(db, { migrationsFolder }),
    };
  }
  const client = await PGlite.create(pgliteOptions);
  cleanups.push(() => client.close());
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: before });
  return {
    query: async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows,
    finish: () => migratePglite(db, { migrationsFolder }),
  };
}

it("moves each set's exam date, task or event into flashcard_set_exams and drops the old columns", async () => {
  const db = await oldDatabase();
  const one = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params))[0] as T;
  const { id: userId } = await one<{ id: number }>(
    `insert into users (email, username, password_hash, first_name, last_name) values ('old@example.com', 'old', 'x', 'O', 'L') returning id`,
  );
  const { id: studySetId } = await one<{ id: number }>(
    "insert into study_sets (user_id, title) values ($1, 'Old') returning id",
    [userId],
  );
  const { id: taskId } = await one<{ id: number }>(
    "insert into tasks (user_id, title, due_date) values ($1, 'Midterm', '2027-01-10T09:00:00Z') returning id",
    [userId],
  );
  const { id: eventId } = await one<{ id: number }>(
    "insert into calendar_events (user_id, title, starts_at) values ($1, 'Oral', '2027-02-01T09:00:00Z') returning id",
    [userId],
  );
  const set = async (title: string, date: string | null, task: number | null, event: number | null) =>
    (
      await one<{ id: number }>(
        `insert into flashcard_sets (user_id, study_set_id, title, exam_date, exam_task_id, exam_event_id)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [userId, studySetId, title, date, task, event],
      )
    ).id;
  const dated = await set("Dated", "2027-03-01T09:00:00Z", null, null);
  const byTask = await set("By task", "2027-01-09T09:00:00Z", taskId, null);
  const byEvent = await set("By event, no stored date", null, null, eventId);
  await set("No exam", null, null, null);

  await db.finish();

  const rows = await db.query(
    `select flashcard_set_id as "setId", user_id as "userId", title, exam_date as "examDate",
       task_id as "taskId", event_id as "eventId" from flashcard_set_exams order by flashcard_set_id`,
  );
  expect(rows.map((r) => ({ ...r, examDate: new Date(r.examDate as string).toISOString() }))).toEqual([
    { setId: dated, userId, title: null, examDate: "2027-03-01T09:00:00.000Z", taskId: null, eventId: null },
    { setId: byTask, userId, title: null, examDate: "2027-01-09T09:00:00.000Z", taskId, eventId: null },
    { setId: byEvent, userId, title: null, examDate: "2027-02-01T09:00:00.000Z", taskId: null, eventId },
  ]);
  const columns = await db.query(
    "select column_name from information_schema.columns where table_name = 'flashcard_sets' and column_name like 'exam%'",
  );
  expect(columns).toEqual([]);
});
