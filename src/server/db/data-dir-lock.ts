import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { StartupError } from "../lib/startup-error.ts";

/** Two servers on one PGlite folder would each hand out the same ids and overwrite each other's pages. */
export class DataDirInUseError extends StartupError {}

const LOCK_FILE = "server.lock";
/** Locks this process holds: a second open in the same process is refused like another process's. */
const held = new Set<string>();

function createExclusive(file: string, content: string): boolean {
  try {
    const fd = openSync(file, "wx");
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  // A container restart can give this process the PID its killed predecessor had.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `dataDir/server.lock` (O_EXCL, holding our PID) or throws DataDirInUseError. A lock left by a
 * process that no longer runs is removed under a short-lived second lock, so two servers starting at
 * once on a folder with a stale lock cannot both take it.
 */
export async function acquireDataDirLock(dataDir: string): Promise<{ file: string; release(): void }> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, LOCK_FILE);
  const takeover = `${file}.takeover`;
  const inUse = (pid: number | null) => {
    const leftovers = [file, ...(existsSync(takeover) ? [takeover] : [])].join(" and ");
    return new DataDirInUseError(
      `Data folder ${path.resolve(dataDir)} is in use by another Studyhall server${pid ? ` (PID ${pid})` : ""}; ` +
        `stop it or set DATA_DIR to another folder (if no server runs, delete ${leftovers})`,
    );
  };
  if (held.has(file)) throw inUse(process.pid);

  for (let attempt = 0; attempt < 100; attempt++) {
    if (createExclusive(file, `${process.pid}\n`)) {
      held.add(file);
      return {
        file,
        release() {
          if (!held.delete(file)) return;
          if (readOwner(file) === process.pid) rmSync(file, { force: true });
        },
      };
    }
    const owner = readOwner(file);
    if (owner !== null && isAlive(owner)) throw inUse(owner);
    // Stale (its owner is gone), or just created and not yet written by a starting server: only the
    // holder of the takeover lock may remove it, and only while it still names the owner we saw.
    if (owner !== null && createExclusive(takeover, `${process.pid}\n`)) {
      try {
        if (readOwner(file) === owner) rmSync(file, { force: true });
      } finally {
        rmSync(takeover, { force: true });
      }
      continue;
    }
    await sleep(20);
  }
  throw inUse(readOwner(file));
}
