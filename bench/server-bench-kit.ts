// Shared by the benchmarks that time the built server in its own process (the documents upload part of
// bench:documents, bench:summarize): the server on a fresh data folder with a student and 20 tasks, its
// peak RSS, and GET /api/tasks latency with nothing else running against the same while heavy work runs.
// (bench/db-bench-kit.ts is the in-process PostgreSQL kit; these need the real server and its workers.)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ensureBuilt,
  freePort,
  registerOverHttp,
  spawnServer,
  waitForHealth,
} from "#tests/server-process.ts";

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0;
};
export const ms = (n: number) => `${n.toFixed(0)} ms`;

export function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
}

/**
 * CPU time (user + system, every thread) a process has used, in ms: on a shared machine a figure that
 * does not grow with the other processes' load as wall time does. Clock ticks of 100 Hz (Linux's USER_HZ).
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces: count fields from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** GET /api/tasks on `connections` loops until `until()` is true; every latency in ms. */
export async function taskLatencies(
  url: string,
  headers: Record<string, string>,
  until: () => boolean,
  connections = 2,
) {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!until()) {
        const start = performance.now();
        const res = await fetch(`${url}/api/tasks`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`GET /api/tasks: ${res.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

export interface BenchServer {
  url: string;
  pid: number;
  headers: { authorization: string };
  /** Everything the server printed so far (its request log). */
  output(): string;
}

/**
 * The built server (rebuilt first if its sources changed) on a fresh data folder, with one registered
 * student owning 20 tasks (what GET /api/tasks answers while the bench loads it); stopped and its folder
 * removed after `fn`, also when `fn` throws.
 */
export async function withBenchServer<T>(
  tag: string,
  env: Record<string, string>,
  fn: (server: BenchServer) => Promise<T>,
): Promise<T> {
  ensureBuilt(["server"]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `studyhall-bench-${tag}-`));
  const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
  try {
    await waitForHealth(server);
    const headers = await registerOverHttp(server.url, `bench_${Date.now().toString(36)}`);
    for (let i = 0; i < 20; i++) {
      await fetch(`${server.url}/api/tasks`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ title: `Task ${i}` }),
      });
    }
    return await fn({ url: server.url, pid: server.pid, headers, output: server.output });
  } catch (err) {
    if (process.env.BENCH_SERVER_OUTPUT) console.error(server.output());
    throw err;
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * GET /api/tasks latencies for `seconds` with nothing else running, then for as long again while `work`
 * runs back to back (`work(n)` is its n-th run, from 0): the same duration for both.
 */
export async function tasksIdleAndBusy(
  server: BenchServer,
  seconds: number,
  work: (n: number) => Promise<unknown>,
): Promise<{ idle: number[]; busy: number[]; runs: number }> {
  let stop = performance.now() + seconds * 1000;
  const idle = await taskLatencies(server.url, server.headers, () => performance.now() > stop);
  stop = performance.now() + seconds * 1000;
  let runs = 0;
  const busyTasks = taskLatencies(server.url, server.headers, () => performance.now() > stop);
  const working = (async () => {
    while (performance.now() < stop) {
      await work(runs);
      runs += 1;
    }
  })();
  const [busy] = await Promise.all([busyTasks, working]);
  return { idle, busy, runs };
}
