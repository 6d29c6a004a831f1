// `npm run backup` / `npm run restore` on the embedded database, as an operator runs them: a backup of a
// running server taken while students write, restored into a new folder and compared table by table with
// the original (decision 013). Always PGlite: PostgreSQL deployments use pg_dump (docs/operations.md).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import {
  ensureBuilt,
  freePort,
  registerOverHttp,
  type ServerProcess,
  spawnServer,
  waitForHealth,
} from "#tests/server-process.ts";
import { pgliteOptions } from "./pglite.ts";

const SLOW = 300_000;
const root = path.resolve(import.meta.dirname, "../../..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "studyhall-backup-"));
const running: ServerProcess[] = [];

/**
 * `npm run <script> -- args`, the way an operator runs it (node, not npm, so no npm banner); in its own
 * process, while this one keeps its requests to the server going.
 */
function command(script: "backup" | "restore", args: string[]): Promise<{ status: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, `scripts/${script}.ts`), ...args],
      { cwd: root, env: { PATH: process.env.PATH } },
      (err, stdout, stderr) =>
        resolve({ status: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

/** Every table of every schema the app owns, with its rows in a fixed order, as JSON text. */
async function tablesOf(dataDir: string): Promise<Map<string, string[]>> {
  const db = await PGlite.create(path.join(dataDir, "pgdata"), pgliteOptions);
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1`,
    );
    const result = new Map<string, string[]>();
    for (const { name } of tables) {
      const { rows } = await db.query<{ row: string }>(
        `select to_jsonb(t)::text as row from ${name} t order by 1`,
      );
      result.set(
        name,
        rows.map((r) => r.row),
      );
    }
    return result;
  } finally {
    await db.close();
  }
}

async function post(url: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json() as Promise<{ id: number }>;
}

beforeAll(() => ensureBuilt(["server"]), SLOW);

afterAll(async () => {
  for (const s of running) s.child.kill("SIGKILL");
  await Promise.all(running.map((s) => s.exited));
});

describe("backup and restore of the embedded database", () => {
  it(
    "backs up a running server while it writes, restores into a new folder, and every table matches",
    async () => {
      const original = path.join(scratch, "original");
      // No SECRET_KEY: the folder makes its own secret.key, which the backup must carry.
      const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: original });
      running.push(server);
      await waitForHealth(server);
      const url = server.url;
      onTestFailed(() => console.log(server.output()));

      for (const tag of ["ada", "grace"]) {
        const headers = await registerOverHttp(url, `${tag}${randomBytes(3).toString("hex")}`);
        const course = await post(`${url}/api/courses`, headers, { name: `Calculus of ${tag}`, code: "M1" });
        await post(`${url}/api/events`, headers, { title: "Midterm", date: "2026-12-01T09:00:00Z" });
        for (let i = 0; i < 5; i++)
          await post(`${url}/api/tasks`, headers, { title: `Problem set ${i}`, courseId: course.id });
      }
      const writer = await registerOverHttp(url, `writer${randomBytes(3).toString("hex")}`);

      // Students keep writing while the backup is taken: the copy holds whole transactions only.
      const inFlight = Array.from({ length: 30 }, (_, i) =>
        post(`${url}/api/tasks`, writer, { title: `During the backup ${i}` }),
      );
      const backupFile = path.join(scratch, "live.backup");
      const [backup] = await Promise.all([
        command("backup", [backupFile, "--data-dir", original]),
        ...inFlight,
      ]);
      expect(backup.out).toContain("Backed up");
      expect(backup.status).toBe(0);
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);
      expect(readdirSync(scratch).filter((f) => f.endsWith(".partial"))).toEqual([]);

      // A second backup with nothing being written: the restored copy must equal the original exactly.
      const quietFile = path.join(scratch, "quiet.backup");
      expect((await command("backup", [quietFile, "--data-dir", original])).status).toBe(0);
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);

      const restored = path.join(scratch, "restored");
      const restore = await command("restore", [quietFile, "--data-dir", restored]);
      expect(restore.out).toContain("Restored");
      expect(restore.status).toBe(0);
      expect(readFileSync(path.join(restored, "secret.key"), "utf8")).toBe(
        readFileSync(path.join(original, "secret.key"), "utf8"),
      );

      const before = await tablesOf(original);
      const after = await tablesOf(restored);
      expect([...after.keys()]).toEqual([...before.keys()]);
      expect(before.get("public.users")).toHaveLength(3);
      expect(before.get("public.tasks")).toHaveLength(40);
      for (const [table, rows] of before) {
        // The job queue's scheduler keeps working after the quiet copy (a */5 tick due meanwhile is run
        // and marked done): its jobs in the copy are jobs of the original, in whatever state they had.
        if (table.startsWith("pgboss.")) continue;
        expect(after.get(table)?.length, `${table} row count`).toBe(rows.length);
        expect(after.get(table), `${table} contents`).toEqual(rows);
      }
      const jobIds = (rows: string[] | undefined) =>
        (rows ?? []).map((r) => (JSON.parse(r) as { id: string }).id);
      expect(jobIds(before.get("pgboss.job"))).toEqual(
        expect.arrayContaining(jobIds(after.get("pgboss.job"))),
      );

      // The backup taken mid-write restores too, holding a prefix of the writes made during it.
      const midway = path.join(scratch, "midway");
      expect((await command("restore", [backupFile, "--data-dir", midway])).status).toBe(0);
      const midwayTables = await tablesOf(midway);
      const midwayTasks = midwayTables.get("public.tasks") ?? [];
      expect(midwayTasks.length).toBeGreaterThanOrEqual(10);
      expect(midwayTasks.every((row) => before.get("public.tasks")?.includes(row))).toBe(true);

      // The restored folder serves: the server starts on it and a student signs in.
      const again = spawnServer({ PORT: String(await freePort()), DATA_DIR: restored });
      running.push(again);
      await waitForHealth(again);
      again.child.kill("SIGTERM");
      expect((await again.exited).code).toBe(0);
    },
    SLOW,
  );

  it(
    "refuses to restore over a folder that has a database unless told, and then keeps the old one aside",
    async () => {
      const restored = path.join(scratch, "restored");
      const file = path.join(scratch, "quiet.backup");
      const refused = await command("restore", [file, "--data-dir", restored]);
      expect(refused.status).toBe(1);
      expect(refused.out).toContain("already has a database");
      expect(refused.out.trim().split("\n")).toHaveLength(1);

      const replaced = await command("restore", [file, "--data-dir", restored, "--replace"]);
      expect(replaced.status).toBe(0);
      const aside = readdirSync(restored).filter((f) => f.startsWith("pgdata.replaced-"));
      expect(aside).toHaveLength(1);
      expect(existsSync(path.join(restored, "pgdata", "PG_VERSION"))).toBe(true);
    },
    SLOW,
  );

  it(
    "backs up a folder no server runs on by opening it, and refuses files that are not backups",
    async () => {
      const restored = path.join(scratch, "restored");
      const offline = path.join(scratch, "offline.backup");
      const res = await command("backup", [offline, "--data-dir", restored]);
      expect(res.out).toContain("Backed up");
      expect(existsSync(path.join(restored, "server.lock"))).toBe(false);

      const notBackup = await command("restore", [
        path.join(root, "package.json"),
        "--data-dir",
        path.join(scratch, "x"),
      ]);
      expect(notBackup.status).toBe(1);
      expect(notBackup.out).toContain("not a Studyhall backup file");
    },
    SLOW,
  );
});
