// Backups of the embedded database (decision 013). A backup file is one JSON header line followed by the
// gzip of PGlite's data folder as a tar (`PGlite.dumpDataDir`), taken by the process that has the folder
// open: the running server answers on DATA_DIR/backup.sock, and with no server running the backup
// command opens the folder itself. A second process cannot copy a live folder's files consistently.
import { once } from "node:events";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { chmod } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";

export const BACKUP_SOCKET = "backup.sock";
const FORMAT = "studyhall-pglite-backup";
export const SECRET_FILE = "secret.key";

export interface BackupHeader {
  format: typeof FORMAT;
  version: 1;
  takenAt: string;
  /** DATA_DIR/secret.key (its hex text) when the folder has one: Canvas tokens and VAPID keys are sealed with it. */
  secretKey: string | null;
  /** Bytes of the gzip'd tar that follows the header line. */
  bytes: number;
}

/** A failure an operator can act on: the commands print its message alone. */
export class BackupError extends Error {}

/**
 * The backup of an open PGlite as bytes. No transaction is open while the folder is read (the
 * transaction mutex is held), so the copy holds only committed work; the CHECKPOINT before it spares a
 * restore most of its WAL replay. Queries wait while the folder is read.
 */
export async function takeBackup(client: PGlite, dataDir: string): Promise<Buffer> {
  await client.query("CHECKPOINT");
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir("none"));
  const body = gzipSync(Buffer.from(await tar.arrayBuffer()));
  const secretFile = path.resolve(dataDir, SECRET_FILE);
  const header: BackupHeader = {
    format: FORMAT,
    version: 1,
    takenAt: new Date().toISOString(),
    secretKey: existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : null,
    bytes: body.length,
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
}

/**
 * Serves backups of the open database on DATA_DIR/backup.sock while the server runs. The socket is
 * readable by the folder's owner only (mode 0600): whoever may read the data folder may take a backup.
 * Returns its close(), or null (with one line on stderr) when the socket cannot be made.
 */
export async function serveBackups(
  client: PGlite,
  dataDir: string,
): Promise<{ close(): Promise<void> } | null> {
  const socketPath = path.resolve(dataDir, BACKUP_SOCKET);
  // We hold the folder's lock, so a socket file here was left by a server that was killed.
  rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((conn) => {
    conn.on("error", () => {}); // a backup command that went away mid-transfer
    queue = queue.then(async () => {
      try {
        conn.end(await takeBackup(client, dataDir));
      } catch (err) {
        conn.end(`${JSON.stringify({ error: (err as Error).message })}\n`);
      }
    });
  });
  try {
    server.listen(socketPath);
    await once(server, "listening");
    await chmod(socketPath, 0o600);
  } catch (err) {
    server.close();
    console.error(
      `Backups while running are unavailable: cannot listen on ${socketPath} (${(err as Error).message})`,
    );
    return null;
  }
  server.unref();
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      rmSync(socketPath, { force: true });
    },
  };
}

export function parseBackup(bytes: Buffer): { header: BackupHeader; body: Buffer } {
  const newline = bytes.indexOf(0x0a);
  let header: BackupHeader | { error: string };
  try {
    header = JSON.parse(bytes.subarray(0, newline < 0 ? Math.min(bytes.length, 4096) : newline).toString());
  } catch {
    throw new BackupError("not a Studyhall backup file (no header)");
  }
  if ("error" in header) throw new BackupError(`the server could not take the backup: ${header.error}`);
  if (header.format !== FORMAT || header.version !== 1)
    throw new BackupError("not a Studyhall backup file (unknown format)");
  const body = bytes.subarray(newline + 1);
  if (body.length !== header.bytes)
    throw new BackupError(`the backup file is incomplete (${body.length} of ${header.bytes} bytes)`);
  return { header, body };
}
