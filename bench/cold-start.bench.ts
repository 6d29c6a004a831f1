// Cold start of `npm start` on an existing client build: time from spawn until /api/health answers,
// on a fresh data dir (creates and migrates the embedded database) and on an existing one. The baseline
// beside it is a bare node:http server answering the same path, i.e. the cost of starting Node itself.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function waitForHealth(url: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function timeStart(cmd: string, args: string[], env: NodeJS.ProcessEnv, port: number) {
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: "ignore",
    detached: true,
  });
  try {
    return await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, started);
  } finally {
    // The whole process group: npm, the start script and the server it runs.
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const baselineScript = `require("node:http").createServer((q, s) => s.end('{"status":"ok"}')).listen(process.env.PORT, "127.0.0.1")`;
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const results: Record<string, number[]> = { baseline: [], fresh: [], existing: [] };
const existingDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-bench-start-"));
for (let i = 0; i < RUNS; i++) {
  results.baseline!.push(await timeStart(process.execPath, ["-e", baselineScript], {}, 5401));
  const freshDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-bench-start-"));
  results.fresh!.push(
    await timeStart("npm", ["start", "--silent"], { DATA_DIR: freshDir, LOG_LEVEL: "warn" }, 5402),
  );
  rmSync(freshDir, { recursive: true, force: true });
  results.existing!.push(
    await timeStart("npm", ["start", "--silent"], { DATA_DIR: existingDir, LOG_LEVEL: "warn" }, 5403),
  );
}
rmSync(existingDir, { recursive: true, force: true });

const base = median(results.baseline!);
console.log(`cold start, median of ${RUNS} (ms until /api/health answers)`);
for (const [name, xs] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(9)} ${median(xs).toFixed(0).padStart(6)} ms   x${(median(xs) / base).toFixed(1)} of bare node:http`,
  );
}
