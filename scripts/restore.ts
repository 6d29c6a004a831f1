// `npm run restore -- <file> [--data-dir <folder>] [--replace]`: a backup made by `npm run backup` into a
// data folder with no database (or, with --replace, over one, which is kept aside). Decision 013.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError } from "../src/server/db/backup.ts";
import { restoreDataDir } from "../src/server/db/backup-commands.ts";
import { StartupError } from "../src/server/lib/startup-error.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "data-dir": { type: "string" }, replace: { type: "boolean", default: false } },
});
const file = positionals[0];
if (!file) {
  console.error("Usage: npm run restore -- <backup file> [--data-dir <folder>] [--replace]");
  process.exit(1);
}
const dataDir = values["data-dir"] ?? process.env.DATA_DIR ?? "./data";
try {
  const { header, replaced } = await restoreDataDir(file, dataDir, { replace: values.replace });
  console.log(`Restored the backup of ${header.takenAt} into ${path.resolve(dataDir)}`);
  if (replaced)
    console.log(`The database it replaced is kept in ${replaced}; delete it when no longer needed.`);
} catch (err) {
  if (!(err instanceof BackupError || err instanceof StartupError)) throw err;
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
