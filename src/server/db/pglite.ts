import { execFile } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { PGlite, type PGliteOptions, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { QUEUE_SCHEMA } from "../jobs/queue-schema.ts";
import { serveBackups } from "./backup.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { migrationsFolder } from "./migrate.ts";

/**
 * PGlite runs PostgreSQL inside this process's WASM memory, which grows and never shrinks. Its defaults
 * size a server of its own (shared_buffers 128MB, 100 connections' worth of shared memory, all touched
 * at start); one process with one connection needs a fraction, and the OS page cache still holds the
 * files. Only memory is changed here: fsync, full_page_writes and synchronous_commit stay as PGlite ships.
 */
const memorySettings = {
  shared_buffers: "16MB",
  max_connections: "4",
  wal_buffers: "1MB",
};

const startParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(memorySettings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
];

/**
 * Uploaded files wait in a bytea column while a job reads them (`processingColumns`). PGlite's own bytea
 * codec works a byte at a time on the main thread: a 1 MB file left ~150 MB of garbage on the V8 heap
 * (`Array.from(bytes).map(hex).join`, then the same back), and a 20 MB one blocked the event loop for 12 s
 * and left the server over 1 GB (issue 27, bench:bombs, bench:fairness). Instead a parameter goes out as
 * the protocol's binary bytea (the bytes themselves: PGlite's Bind writes a typed array with format 1, as
 * node-postgres does with a Buffer), and a result's hex text is decoded by Buffer in one native pass, a
 * Buffer as node-postgres answers it.
 */
function byteaCodec(): Pick<PGliteOptions, "serializers" | "parsers"> {
  return {
    // The declared type is a string; Bind takes any ArrayBufferView as-is (binary format).
    serializers: { [types.BYTEA]: (bytes: Uint8Array) => bytes as unknown as string },
    parsers: { [types.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), "hex") },
  };
}

/**
 * pg_trgm (trigram similarity: retrieval corrects a misspelt question term to the closest word of the
 * student's documents) ships with PGlite as a contrib extension that must be handed to every open before
 * a migration's CREATE EXTENSION can find it.
 */
export const pgliteOptions: PGliteOptions = { startParams, extensions: { pg_trgm }, ...byteaCodec() };

const run = promisify(execFile);

/**
 * initdb runs a second PostgreSQL instance and leaves several hundred MB of WASM memory that this process
 * would keep, and the first migration (and the job queue's schema) grows the heap by tens of MB more: all run in a short-lived child
 * process instead, into a scratch folder renamed into place only when complete, so a start killed
 * half-way leaves no half-made database behind, and this process opens a database that is ready.
 */
async function createDataFolder(dataPath: string) {
  const parent = path.dirname(dataPath);
  for (const leftover of readdirSync(parent).filter((f) => f.startsWith(`${path.basename(dataPath)}.new-`)))
    rmSync(path.join(parent, leftover), { recursive: true, force: true });
  const scratch = `${dataPath}.new-${process.pid}`;
  const resolve = createRequire(import.meta.url).resolve;
  const [pglite, trgm, drizzle, migrator] = [
    "@electric-sql/pglite",
    "@electric-sql/pglite/contrib/pg_trgm",
    "drizzle-orm/pglite",
    "drizzle-orm/pglite/migrator",
  ].map((name) => JSON.stringify(resolve(name)));
  // The job queue's schema too (pg-boss's own SQL, jobs/queue-schema.ts): the server then only checks it.
  const pgBoss = JSON.stringify(pathToFileURL(resolve("pg-boss")).href);
  const script = `const [dir, options, migrationsFolder, queueSchema] = process.argv.slice(1);
require(${pglite}).PGlite.create(dir, { ...JSON.parse(options), extensions: { pg_trgm: require(${trgm}).pg_trgm } }).then(async (db) => {
  await require(${migrator}).migrate(require(${drizzle}).drizzle(db), { migrationsFolder });
  const { getConstructionPlans } = await import(${pgBoss});
  await db.exec(getConstructionPlans(queueSchema, { backend: "pglite" }));
  await db.close();
});`;
  // The extensions are functions, which JSON cannot carry: the script requires them itself.
  const args = [scratch, JSON.stringify({ startParams }), migrationsFolder, QUEUE_SCHEMA];
  await run(process.execPath, ["-e", script, ...args]);
  renameSync(scratch, dataPath);
}

/**
 * PGlite in `dataDir` (locked for this process until close), or in memory when dataDir is null (tests).
 * A folder's database also answers `npm run backup` on DATA_DIR/backup.sock (backup.ts) unless told not to.
 */
export async function openPglite(
  dataDir: string | null,
  opts: { serveBackups?: boolean } = {},
): Promise<{ client: PGlite; close(): Promise<void> }> {
  if (!dataDir) {
    const client = await PGlite.create(pgliteOptions);
    return { client, close: () => client.close() };
  }
  const lock = await acquireDataDirLock(dataDir);
  try {
    const dataPath = path.resolve(dataDir, "pgdata");
    if (!existsSync(path.join(dataPath, "PG_VERSION"))) await createDataFolder(dataPath);
    const client = await PGlite.create(dataPath, pgliteOptions);
    const backups = opts.serveBackups === false ? null : await serveBackups(client, dataDir);
    return {
      client,
      async close() {
        try {
          await backups?.close();
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
