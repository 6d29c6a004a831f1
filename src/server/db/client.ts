import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { StartupError } from "../lib/startup-error.ts";
import { isMigrated, migrationsFolder } from "./migrate.ts";
import { openPglite } from "./pglite.ts";
import { rememberTransactions } from "./pglite-transactions.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** Both drivers expose the same Drizzle PostgreSQL API; features only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  /** How the job queue (jobs/queue.ts) reaches this database: PGlite's one connection, or a pool of its own. */
  queueTarget: { pglite: PGlite } | { url: string };
  close(): Promise<void>;
}

/** Any number, fixed for this app: the advisory lock migrations run under on PostgreSQL. */
const MIGRATION_LOCK = 5_317_001;

/** Instances starting together on a new database take turns; drizzle skips what the first applied. */
async function migrateUnderLock(pool: pg.Pool) {
  const conn = await pool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(conn), { migrationsFolder });
  } finally {
    await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    conn.release();
  }
}

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given, otherwise
 * PGlite stored in `dataDir` (or in memory when dataDir is null, for tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client losing its connection (server restart, failover) must not crash the process;
    // the pool replaces it and the next query reconnects.
    pool.on("error", (err) => console.error(`PostgreSQL pool: ${err.message}`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    try {
      let migrated: boolean;
      try {
        migrated = await isMigrated(db);
      } catch (err) {
        throw new StartupError(`DATABASE_URL: cannot use the database (${(err as Error).message})`);
      }
      if (!migrated) await migrateUnderLock(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, kind: "postgres", queueTarget: { url: opts.databaseUrl }, close: () => pool.end() };
  }
  const pglite = await openPglite(opts.dataDir);
  rememberTransactions(pglite.client);
  const pgliteDb = drizzlePglite(pglite.client, { schema });
  const db = pgliteDb as unknown as Db;
  try {
    if (!(await isMigrated(db))) await migratePglite(pgliteDb, { migrationsFolder });
  } catch (err) {
    await pglite.close();
    throw err;
  }
  return { db, kind: "pglite", queueTarget: { pglite: pglite.client }, close: pglite.close };
}
