// The built server as its own process, the way production runs it: for tests of what only a process shows
// (signals, kill -9, a second server on one folder, a taken port) and for the benchmarks.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** The kernel's USER_HZ, in which /proc reports CPU time: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

export const builtServer = path.join(root, "dist/server/main.js");

/** Builds what is missing or older than its sources (`npm start` does the same before it runs). */
export function ensureBuilt(parts: ("client" | "server")[] = ["server"]) {
  const res = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs"), ...parts, "--if-stale"], {
    stdio: "inherit",
  });
  if (res.status !== 0) throw new Error(`build of ${parts.join(", ")} failed`);
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** performance.now() at spawn. */
  startedAt: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resident memory now, in MB (Linux). */
  rssMb(): number;
  /** CPU seconds the process has used so far, user and system, all its threads (Linux). */
  cpuSeconds(): number;
}

/**
 * Starts `node dist/server/main.js` (or node with `args`); settings not given are left unset, never taken
 * from this process's environment.
 */
export function spawnServer(env: Record<string, string>, args = [builtServer]): ServerProcess {
  const startedAt = performance.now();
  // As `npm start` runs it (package.json): one V8 helper thread, WebAssembly (PGlite's PostgreSQL)
  // compiled once by the baseline compiler, never tiered up, and the JS heap let grow by half of what
  // lives after each full collection (docs/operations.md, "Memory"). WASM_LIFTOFF_ONLY=0 measures the
  // server with V8's default tiering instead, V8_HEAP_GROWING_PERCENT=0 with V8's own heap growth.
  const v8Flags = [
    `--v8-pool-size=${process.env.V8_POOL_SIZE ?? 1}`,
    ...(process.env.WASM_LIFTOFF_ONLY === "0" ? [] : ["--liftoff-only"]),
    `--heap-growing-percent=${process.env.V8_HEAP_GROWING_PERCENT ?? 50}`,
  ];
  const child = spawn(process.execPath, [...v8Flags, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // As `npm start` runs the server (package.json): two malloc arenas, so memory freed by worker
      // threads goes back to a shared arena instead of staying in one per thread (docs/operations.md).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      // Fixed malloc thresholds (docs/operations.md, "Memory"): glibc's adaptive ones keep the ~40 MB
      // V8 frees after compiling PGlite's WASM in the heap for good.
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "1048576",
      MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "1048576",
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      SIGNUPS_PER_ADDRESS_PER_HOUR: "10000",
      SIGNUPS_PER_MINUTE: "10000",
      USERNAME_LOOKUPS_PER_DAY: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    pid: child.pid!,
    url: `http://127.0.0.1:${env.PORT}`,
    startedAt,
    output: () => output,
    exited,
    rssMb() {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
      return Math.round(Number(kb) / 1024);
    },
    cpuSeconds() {
      // Fields 14 and 15 of /proc/PID/stat, after the command name (which may hold spaces) in parentheses.
      const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    },
  };
}

/** Resolves with the ms from spawn until /api/health answered 200; rejects if the server exits first. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 240_000): Promise<number> {
  const started = server.startedAt;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (performance.now() - started < timeoutMs) {
    if (exited) throw new Error(`server exited before answering:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no answer from ${server.url} within ${timeoutMs} ms:\n${server.output()}`);
}

/** Registers a student over HTTP; returns the Authorization header of their session. */
export async function registerOverHttp(url: string, tag: string): Promise<{ authorization: string }> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `${tag}@school.edu`,
      password: "correct horse",
      firstName: "Ada",
      lastName: "Lovelace",
      username: tag.slice(0, 20),
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
