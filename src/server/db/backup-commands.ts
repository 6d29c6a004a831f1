// `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): decision 013.
import { once } from "node:events";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import {
  BACKUP_SOCKET,
  BackupError,
  type BackupHeader,
  parseBackup,
  SECRET_FILE,
  takeBackup,
} from "./backup.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { openPglite, pgliteOptions } from "./pglite.ts";

async function askRunningServer(socketPath: string): Promise<Buffer | null> {
  const conn = net.connect(socketPath);
  try {
    await once(conn, "connect");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // No server listens: the folder is free, or its server predates backups or was killed.
    if (code === "ENOENT" || code === "ECONNREFUSED") return null;
    throw new BackupError(`cannot reach the running server on ${socketPath} (${(err as Error).message})`);
  }
  const chunks: Buffer[] = [];
  await pipeline(conn, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}

/**
 * Writes a backup of DATA_DIR's database to `outFile` (created with mode 0600 through a `.partial` file,
 * renamed when complete): from the running server if one has the folder, else by opening it here.
 */
export async function backupDataDir(dataDir: string, outFile: string): Promise<BackupHeader> {
  if (!existsSync(path.join(dataDir, "pgdata", "PG_VERSION")))
    throw new BackupError(`${path.resolve(dataDir)} holds no Studyhall database (no pgdata folder)`);
  let bytes = await askRunningServer(path.resolve(dataDir, BACKUP_SOCKET));
  if (!bytes) {
    // Takes the folder's lock: refused with the server's PID if one runs without the socket.
    const { client, close } = await openPglite(dataDir, { serveBackups: false });
    try {
      bytes = await takeBackup(client, dataDir);
    } finally {
      await close();
    }
  }
  const { header } = parseBackup(bytes);
  mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  const partial = `${outFile}.partial`;
  await pipeline(Readable.from([bytes]), createWriteStream(partial, { mode: 0o600 }));
  renameSync(partial, outFile);
  return header;
}

/**
 * Restores a backup file into DATA_DIR: the tar is loaded into a new PGlite folder beside `pgdata` and
 * renamed into place when PostgreSQL has opened it. A folder that already has a database is refused
 * unless `replace`, and then the old one is kept aside as `pgdata.replaced-<time>`, never deleted.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  opts: { replace?: boolean } = {},
): Promise<{ header: BackupHeader; replaced: string | null }> {
  const { header, body } = parseBackup(await readFile(file));
  const lock = await acquireDataDirLock(dataDir);
  try {
    const dataPath = path.resolve(dataDir, "pgdata");
    const secretFile = path.resolve(dataDir, SECRET_FILE);
    const hasData = existsSync(dataPath) && readdirSync(dataPath).length > 0;
    const currentSecret = existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : null;
    const secretDiffers =
      header.secretKey !== null && currentSecret !== null && currentSecret !== header.secretKey;
    if ((hasData || secretDiffers) && !opts.replace)
      throw new BackupError(
        `${path.resolve(dataDir)} already has a database${hasData ? "" : "'s secret.key"}; ` +
          "restore into an empty folder, or pass --replace to keep the current one aside and restore over it",
      );
    const scratch = `${dataPath}.restore-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    const tar = new Blob([new Uint8Array(gunzipSync(body))], { type: "application/x-tar" });
    const restored = await PGlite.create(scratch, { ...pgliteOptions, loadDataDir: tar });
    try {
      await restored.query("select 1");
    } finally {
      await restored.close();
    }
    let replaced: string | null = null;
    if (existsSync(dataPath)) {
      replaced = `${dataPath}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(dataPath, replaced);
    }
    renameSync(scratch, dataPath);
    if (header.secretKey !== null && currentSecret !== header.secretKey) {
      if (currentSecret !== null) await writeFile(`${secretFile}.replaced`, currentSecret, { mode: 0o600 });
      await writeFile(secretFile, header.secretKey, { mode: 0o600 });
    }
    return { header, replaced };
  } finally {
    lock.release();
  }
}
