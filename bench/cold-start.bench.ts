// Cold start and memory of the built server, started as a supervisor does (`node dist/server/main.js`),
// beside a bare node:http server answering the same path (the cost of starting Node itself).
// Targets (issue 8): on an existing build and data, /api/health answers within 1.0 s on PGlite and 0.6 s
// on PostgreSQL; PGlite's resident memory stays <= 250 MB after a start, after a first start on a new
// folder, and after LOAD seconds of signed-in GETs (autocannon).
// Usage: npm run bench:cold-start   (BENCH_RUNS=5, BENCH_LOAD_SECONDS=60; PostgreSQL on
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local `test` server: a scratch database, dropped
// after; BENCH_SERVER="--import tsx path/to/main.ts" measures another checkout's server instead)
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  ensureBuilt,
  freePort,
  registerOverHttp,
  type ServerProcess,
  spawnServer,
  waitForHealth,
} from "#tests/server-process.ts";
import { scratchPostgres } from "#tests/test-app.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const secretKey = randomBytes(32).toString("hex");
// Another server to measure instead, e.g. "--import tsx ../other-checkout/src/server/main.ts".
const serverArgs = process.env.BENCH_SERVER?.split(" ");
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "studyhall-bench-start-"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const settle = () => new Promise((r) => setTimeout(r, 1000));

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  const { code } = await server.exited;
  if (code !== 0) throw new Error(`server stopped with ${code}:\n${server.output()}`);
}

/** Starts, waits for /api/health, lets it settle for a second; returns start ms and resident MB. */
async function startOnce(env: Record<string, string>, args = serverArgs) {
  const server = spawnServer({ PORT: String(await freePort()), ...env }, args);
  const ms = await waitForHealth(server);
  await settle();
  return { server, ms, rss: server.rssMb() };
}

async function series(env: () => Record<string, string>, args = serverArgs) {
  const ms: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await startOnce(env(), args);
    ms.push(run.ms);
    rss.push(run.rss);
    await stop(run.server);
  }
  return { ms: median(ms), rss: Math.max(...rss) };
}

/** LOAD_SECONDS of GETs a signed-in student's screens make, then a second's rest. */
async function underLoad(dataDir: string) {
  const { server } = await startOnce({ DATA_DIR: dataDir, SECRET_KEY: secretKey });
  const headers = await registerOverHttp(server.url, `load${randomBytes(4).toString("hex")}`);
  for (let i = 0; i < 50; i++) {
    await fetch(`${server.url}/api/tasks`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: `Read chapter ${i + 1} and answer the review questions` }),
    });
  }
  const result = await autocannon({
    url: server.url,
    connections: 10,
    duration: LOAD_SECONDS,
    headers,
    requests: ["/api/tasks", "/api/auth/user", "/api/settings", "/api/health"].map((p) => ({
      method: "GET" as const,
      path: p,
    })),
  });
  await settle();
  const rss = server.rssMb();
  await stop(server);
  return { rss, rps: result.requests.average, errors: result.errors + result.non2xx };
}

ensureBuilt(["client", "server"]);

const baseline = await series(
  () => ({}),
  [
    "-e",
    `require("node:http").createServer((q, s) => s.end('{"status":"ok"}')).listen(process.env.PORT, "127.0.0.1");
   process.on("SIGTERM", () => process.exit(0));`,
  ],
);

// Every first start gets a new folder; the last one is kept as the existing folder for the rest.
const folders: string[] = [];
const fresh = await series(() => {
  folders.push(tempDir());
  return { DATA_DIR: folders.at(-1)!, SECRET_KEY: secretKey };
});
const existingDir = folders.at(-1)!;
const existing = await series(() => ({ DATA_DIR: existingDir, SECRET_KEY: secretKey }));
const load = await underLoad(existingDir);

const scratch = await scratchPostgres(adminUrl, "studyhall_bench");
const pgEnv = () => ({ DATABASE_URL: scratch.url, SECRET_KEY: secretKey });
await stop((await startOnce(pgEnv())).server); // the first start migrates the new database
const postgres = await series(pgEnv);
await scratch.drop();
for (const dir of folders) rmSync(dir, { recursive: true, force: true });

let missed = 0;
const check = (ok: boolean) => {
  if (!ok) missed++;
  return ok ? "met" : "NOT MET";
};
const startRow = (name: string, ms: number, target = "") =>
  `  ${name.padEnd(30)} ${ms.toFixed(0).padStart(6)} ms  x${(ms / baseline.ms).toFixed(1).padStart(5)}   ${target}`;
const memoryRow = (name: string, mb: number, note = "") =>
  `  ${name.padEnd(30)} ${String(mb).padStart(6)} MB  <= 250: ${check(mb <= 250)}${note}`;

console.log(`cold start of ${serverArgs?.join(" ") ?? "node dist/server/main.js"}, median of ${RUNS}`);
console.log("(ms from spawn until /api/health answers; x = ratio to the bare node:http server)");
console.log(startRow("bare node:http", baseline.ms));
console.log(startRow("PGlite, new data folder", fresh.ms, "(first start: creates the database)"));
console.log(startRow("PGlite, existing folder", existing.ms, `<= 1000 ms: ${check(existing.ms <= 1000)}`));
console.log(
  startRow("PostgreSQL, existing database", postgres.ms, `<= 600 ms: ${check(postgres.ms <= 600)}`),
);
console.log(
  `resident memory, PGlite (the largest of the runs, 1 s after; bare node:http: ${baseline.rss} MB)`,
);
console.log(memoryRow("after a first start", fresh.rss));
console.log(memoryRow("after a start", existing.rss));
console.log(
  memoryRow(
    `after ${LOAD_SECONDS} s of load`,
    load.rss,
    `   (${load.rps.toFixed(0)} req/s, ${load.errors} errors: ${check(load.errors === 0)})`,
  ),
);
process.exit(missed ? 1 : 0);
