// Soak test (issue 8 §3 "Overload"): the BUILT server (`node dist/server/main.js`) at a fixed request rate
// for a long time, mixed reads and writes as students make them, open loop (a request is sent on
// schedule whether or not earlier ones answered, so a server that falls behind shows it as latency and
// errors rather than slowing the load down). Reports errors, p50/p99 and the server's RSS at start and
// end, beside a bare node:http server answering a task list at the same rate (the floor of this machine).
// Targets: 100 req/s on PGlite and 300 req/s on PostgreSQL, 0 errors, p99 <= 500 ms, over 5 minutes, and
// on PGlite the server's RSS at the end <= 250 MB (issue 27; docs/operations.md "Memory").
//
// Usage: npm run bench:soak                    (300 s per database: the full run, on a quiet machine)
//        SOAK_SECONDS=60 npm run bench:soak    (a quick check; the RSS target is for the full run)
// Env: SOAK_DB=pglite|postgres|both (both), SOAK_RATE_PGLITE (100), SOAK_RATE_POSTGRES (300),
//      SOAK_STUDENTS (20), BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL, SOAK_AE (the
//      Accept-Encoding sent: "br, gzip"; "identity" measures the server without compression).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  builtServer,
  ensureBuilt,
  freePort,
  registerOverHttp,
  spawnServer,
  waitForHealth,
} from "#tests/server-process.ts";
import { scratchPostgres } from "#tests/test-app.ts";
import { pct } from "./server-bench-kit.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const BASELINE_SECONDS = Math.min(SECONDS, 60);
const STUDENTS = Number(process.env.SOAK_STUDENTS ?? 20);
const RATES = {
  pglite: Number(process.env.SOAK_RATE_PGLITE ?? 100),
  postgres: Number(process.env.SOAK_RATE_POSTGRES ?? 300),
};
const KINDS =
  (process.env.SOAK_DB ?? "both") === "both"
    ? (["pglite", "postgres"] as const)
    : ([process.env.SOAK_DB] as ("pglite" | "postgres")[]);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const REQUEST_TIMEOUT_MS = 30_000;
const TARGET_P99_MS = 500;
/** The server's resident memory at the end of the run on PGlite (the database is in it). */
const TARGET_RSS_MB = 250;

interface Req {
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: unknown;
}
interface Student {
  authorization: string;
  taskIds: number[];
}

/** The mix: mostly the task list (what every page load asks), then the other reads and the writes. */
function pick(student: Student, n: number): Req {
  const r = n % 100;
  if (r < 55) return { method: "GET", path: "/api/tasks" };
  if (r < 65) return { method: "GET", path: "/api/courses" };
  if (r < 72) return { method: "GET", path: "/api/events" };
  if (r < 77) return { method: "GET", path: "/api/auth/user" };
  if (r < 87)
    return { method: "POST", path: "/api/tasks", body: { title: `Soak task ${n}`, priority: "medium" } };
  if (r < 95 && student.taskIds.length) {
    const id = student.taskIds[n % student.taskIds.length];
    return { method: "PUT", path: `/api/tasks/${id}`, body: { completed: n % 2 === 0 } };
  }
  return {
    method: "POST",
    path: "/api/achievements/check",
    body: { activityType: "task_completion", value: 1 },
  };
}

interface Outcome {
  status: number;
  ms: number;
  body?: string;
  /** For status 0: the socket error's code, and whether the socket was a reused keep-alive one. */
  error?: string;
  /** Sent again after the server had closed the idle kept-alive socket it was first sent on. */
  staleSocket?: boolean;
}

/**
 * One request. A kept-alive socket the server closed as idle just as it was reused fails with ECONNRESET
 * before any answer: the request never reached the server, so it is sent again once on a new socket,
 * as browsers do and as Node's http documentation recommends (`request.reusedSocket`); counted apart.
 */
function send(
  agent: http.Agent,
  base: string,
  req: Req,
  headers: Record<string, string>,
  start = performance.now(),
  retried = false,
): Promise<Outcome> {
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve) => {
    const r = http.request(
      `${base}${req.path}`,
      {
        method: req.method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          ...headers,
          "accept-encoding": process.env.SOAK_AE ?? "br, gzip",
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - start,
            body: res.headers["content-encoding"] ? undefined : Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    r.on("timeout", () => r.destroy(new Error("timeout")));
    r.on("error", (err: NodeJS.ErrnoException) => {
      if (r.reusedSocket && err.code === "ECONNRESET" && !retried) {
        resolve(send(agent, base, req, headers, start, true).then((o) => ({ ...o, staleSocket: true })));
        return;
      }
      resolve({
        status: 0,
        ms: performance.now() - start,
        error: `${err.code ?? err.message}${r.reusedSocket ? " (reused socket)" : ""}`,
      });
    });
    r.end(payload);
  });
}

/** Sends `rate` requests a second for `seconds`, on schedule; `next(i)` says what request i is. */
async function run(
  base: string,
  rate: number,
  seconds: number,
  next: (i: number) => { req: Req; headers: Record<string, string>; onOk?: (o: Outcome) => void },
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const byRoute = new Map<string, number[]>();
  let staleSockets = 0;
  // Latencies by the tenth of the run they were due in: a server that slows as data grows shows here.
  const byTenth: number[][] = Array.from({ length: 10 }, () => []);
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    // Never before it is due: latency counts from the due time, and an early send read as negative.
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { req, headers, onOk } = next(i);
    pending.push(
      send(agent, base, req, headers).then((o) => {
        // Latency from when the request was due, so time spent queued on this side counts too.
        const ms = performance.now() - due;
        latencies.push(ms);
        if (o.staleSocket) staleSockets++;
        byTenth[Math.min(9, Math.floor((i * 10) / total))]!.push(ms);
        const route = `${req.method} ${req.path.replace(/\d+/g, ":id")}`;
        const list = byRoute.get(route) ?? [];
        if (!list.length) byRoute.set(route, list);
        list.push(ms);
        if (o.status >= 200 && o.status < 300) onOk?.(o);
        else {
          const key = o.error ? `${o.status} ${o.error}` : String(o.status);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  return {
    requests: total,
    achievedRate: total / ((performance.now() - started) / 1000),
    errors: errorCount,
    errorsByStatus: Object.fromEntries(errors),
    staleSockets,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    tenths: byTenth.map((ms) => pct(ms, 0.99)),
    routes: [...byRoute].map(([route, ms]) => ({
      route,
      count: ms.length,
      p50: pct(ms, 0.5),
      p99: pct(ms, 0.99),
      max: pct(ms, 1),
    })),
  };
}

/**
 * node:http answering a 50-task list as JSON: what this machine does with no framework and no database.
 * Its data never grows, so a minute measures it as well as five.
 */
async function baseline(rate: number) {
  const port = await freePort();
  const body = JSON.stringify(
    Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      title: `Task ${i}`,
      description: "",
      completed: false,
    })),
  );
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const result = await run(`http://127.0.0.1:${port}`, rate, BASELINE_SECONDS, () => ({
    req: { method: "GET", path: "/" },
    headers: {},
  }));
  server.close();
  return result;
}

async function soak(kind: "pglite" | "postgres") {
  const rate = RATES[kind];
  const secretKey = randomBytes(32).toString("hex");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-soak-"));
  const scratch = kind === "postgres" ? await scratchPostgres(PG_URL, "studyhall_soak") : undefined;
  const server = spawnServer(
    {
      PORT: String(await freePort()),
      SECRET_KEY: secretKey,
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }),
      ...(process.env.MEMLOG_FILE ? { MEMLOG_FILE: process.env.MEMLOG_FILE } : {}),
      // Every request comes from this one address.
      MAX_CONNECTIONS_PER_IP: "0",
      // Load-shedding settings (and glibc's MALLOC_ARENA_MAX) to try, passed through when set here.
      ...Object.fromEntries(
        ["MAX_EVENT_LOOP_DELAY_MS", "MAX_REQUESTS_IN_FLIGHT", "MALLOC_ARENA_MAX"].flatMap((k) =>
          process.env[k] ? [[k, process.env[k]!]] : [],
        ),
      ),
      // SOAK_NODE_ARGS: flags for the server's node (e.g. --import a memory logger, --heapsnapshot-signal).
    },
    [...(process.env.SOAK_NODE_ARGS?.split(" ").filter(Boolean) ?? []), builtServer],
  );
  try {
    await waitForHealth(server);
    const students: Student[] = [];
    for (let s = 0; s < STUDENTS; s++) {
      const { authorization } = await registerOverHttp(
        server.url,
        `soak${s}${randomBytes(3).toString("hex")}`,
      );
      students.push({ authorization, taskIds: [] });
    }
    // Every student starts with 30 tasks, as after a Canvas import.
    const agent = new http.Agent({ keepAlive: true });
    for (const student of students) {
      for (let i = 0; i < 30; i++) {
        const o = await send(
          agent,
          server.url,
          { method: "POST", path: "/api/tasks", body: { title: `Seed ${i}` } },
          { authorization: student.authorization },
        );
        if (o.status === 201 && o.body) student.taskIds.push((JSON.parse(o.body) as { id: number }).id);
      }
    }
    agent.destroy();
    const rssStart = server.rssMb();
    const cpuStart = server.cpuSeconds();
    // RSS every 5 s: growth that levels off and growth that does not look alike at the end.
    const rssSamples: number[] = [];
    const sampler = setInterval(() => rssSamples.push(server.rssMb()), 5000);
    const result = await run(server.url, rate, SECONDS, (i) => {
      const student = students[i % students.length]!;
      const req = pick(student, Math.floor(i / students.length) * 7 + i);
      return {
        req,
        headers: { authorization: student.authorization },
        onOk: (o) => {
          if (req.method === "POST" && req.path === "/api/tasks" && o.body)
            student.taskIds.push((JSON.parse(o.body) as { id: number }).id);
        },
      };
    });
    clearInterval(sampler);
    const rssEnd = server.rssMb();
    const cpuSeconds = server.cpuSeconds() - cpuStart;
    return {
      kind,
      rate,
      ...result,
      rssStartMb: rssStart,
      rssEndMb: rssEnd,
      rssPeakMb: Math.max(rssEnd, ...rssSamples),
      rssSamples,
      cpuSeconds,
    };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");

ensureBuilt(["server"]);
console.log(
  `Soak: ${SECONDS} s per run, ${STUDENTS} students, open loop (target: 0 errors, p99 <= ${TARGET_P99_MS} ms)`,
);
let failed = false;
for (const kind of KINDS) {
  const ours = await soak(kind);
  const floor = await baseline(ours.rate);
  const rssOk = kind !== "pglite" || ours.rssEndMb <= TARGET_RSS_MB;
  const ok = ours.errors === 0 && ours.p99 <= TARGET_P99_MS && rssOk;
  failed ||= !ok;
  console.log(
    [
      `${kind} @ ${ours.rate} req/s: ${ours.requests} requests (${fmt(ours.achievedRate)} req/s achieved)`,
      `  errors ${ours.errors} ${JSON.stringify(ours.errorsByStatus)}; sent again after a stale kept-alive socket: ${ours.staleSockets}`,
      `  p50 ${fmt(ours.p50)} ms, p99 ${fmt(ours.p99)} ms, max ${fmt(ours.max)} ms`,
      // What the server itself spent, whatever else the machine was doing: the margin below one core is
      // what absorbs a busy neighbour; a run near 100% of a core falls behind at the first one.
      `  server CPU ${fmt(ours.cpuSeconds)} s: ${fmt((ours.cpuSeconds * 1000) / ours.requests)} ms a request, ${fmt((ours.cpuSeconds * 100) / SECONDS)}% of one core`,
      `  RSS ${ours.rssStartMb} MB at start -> ${ours.rssEndMb} MB at end (peak ${ours.rssPeakMb} MB)${
        kind === "pglite" ? `: ${rssOk ? "met" : "MISSED"} (target <= ${TARGET_RSS_MB} MB at the end)` : ""
      }`,
      `    RSS each ${Math.max(1, Math.round(ours.rssSamples.length / 10)) * 5} s: ${ours.rssSamples
        .filter((_, i, all) => i % Math.max(1, Math.round(all.length / 10)) === 0)
        .join(" ")} MB`,
      `  bare node:http at the same rate (${BASELINE_SECONDS} s): p50 ${fmt(floor.p50)} ms, p99 ${fmt(floor.p99)} ms (p99 ratio ${fmt(ours.p99 / floor.p99)}x)`,
      `  ${ok ? "PASS" : "FAIL"}`,
    ].join("\n"),
  );
  console.log(`    p99 by tenth of the run: ${ours.tenths.map((ms) => fmt(ms)).join(" ")} ms`);
  // Where the tail is: the same figures per route (ids folded), slowest p99 first.
  for (const r of ours.routes.sort((a, b) => b.p99 - a.p99)) {
    console.log(
      `    ${r.route.padEnd(28)} ${String(r.count).padStart(6)}  p50 ${fmt(r.p50).padStart(7)}  p99 ${fmt(r.p99).padStart(8)}  max ${fmt(r.max).padStart(8)} ms`,
    );
  }
}
process.exit(failed ? 1 : 0);
