import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError } from "./data-dir-lock.ts";

const folder = () => mkdtempSync(path.join(os.tmpdir(), "studyhall-lock-"));
const lockOf = (dir: string) => path.join(dir, "server.lock");
/** The PID of a process that has exited (so no longer runs). */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe("the data folder lock", () => {
  it("holds our PID while held, refuses a second holder with one line, and is gone after release", async () => {
    const dir = folder();
    const lock = await acquireDataDirLock(dir);
    expect(readFileSync(lockOf(dir), "utf8").trim()).toBe(String(process.pid));

    const second = await acquireDataDirLock(dir).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DataDirInUseError);
    expect((second as Error).message).toContain(`in use by another Studyhall server (PID ${process.pid})`);
    expect((second as Error).message).not.toContain("\n");

    lock.release();
    expect(existsSync(lockOf(dir))).toBe(false);
    (await acquireDataDirLock(dir)).release();
  });

  it("refuses while the process named in the lock runs", async () => {
    const dir = folder();
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    cleanups.push(() => other.kill());
    writeFileSync(lockOf(dir), `${other.pid}\n`);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`(PID ${other.pid})`);
    expect(readFileSync(lockOf(dir), "utf8").trim()).toBe(String(other.pid));
  });

  it("takes over a lock left by a process that no longer runs, or by an earlier process with our PID", async () => {
    for (const stalePid of [deadPid(), process.pid]) {
      const dir = folder();
      writeFileSync(lockOf(dir), `${stalePid}\n`);
      const lock = await acquireDataDirLock(dir);
      expect(readFileSync(lockOf(dir), "utf8").trim()).toBe(String(process.pid));
      lock.release();
    }
  });
});
