// `npm run backup -- [file] [--data-dir <folder>]`: a backup of the embedded database (PGlite), taken by
// the running server when one has the folder, else by opening it here (decision 013, docs/operations.md).
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError } from "../src/server/db/backup.ts";
import { backupDataDir } from "../src/server/db/backup-commands.ts";
import { StartupError } from "../src/server/lib/startup-error.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "data-dir": { type: "string" } },
});
if (process.env.DATABASE_URL)
  console.warn("DATABASE_URL is set: this backs up the embedded database only; use pg_dump for PostgreSQL.");
const dataDir = values["data-dir"] ?? process.env.DATA_DIR ?? "./data";
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = positionals[0] ?? path.join("backups", `studyhall-${stamp}.backup`);
try {
  const header = await backupDataDir(dataDir, out);
  console.log(
    `Backed up ${path.resolve(dataDir)} to ${path.resolve(out)} (${header.bytes} bytes compressed)`,
  );
} catch (err) {
  if (!(err instanceof BackupError || err instanceof StartupError)) throw err;
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
