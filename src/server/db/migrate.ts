import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SQL, sql } from "drizzle-orm";

/** What isMigrated needs of a database (client.ts's Db has it): not the Db type, which imports this module. */
export interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

/** Beside this module in the source tree and in the server build (scripts/build.mjs copies it). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Drizzle applies every shipped migration newer than the newest one it recorded in the database. */
function newestShipped(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether the database already has every migration this build ships. One query instead of drizzle's
 * four (two of them DDL taking catalog locks) on every start.
 */
export async function isMigrated(db: Executes): Promise<boolean> {
  // Both drivers answer execute() with { rows }.
  const first = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as { rows: T[] }).rows[0];
  const table = await first<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return false;
  const newest = await first<{ newest: string | null }>(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return Number(newest?.newest ?? 0) >= newestShipped();
}
