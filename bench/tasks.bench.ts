// GET /api/tasks under load, against a no-framework reference running the same SQL (the session lookup,
// then the list unless the count it holds is current: decision 019), on PostgreSQL and
// on PGlite. Prints requests/s, p99 latency and the ratio ours/reference. Target on PostgreSQL: >= 0.7.
// Also runs the app with CHECK_RESPONSES on (every answer checked strictly against its schema) and prints
// what that check costs. Then a student with 2,000 tasks: p50/p99 and bytes on the wire for each
// Accept-Encoding a client may send, one request at a time (identity is what every client got before compression).
// Usage: npm run bench:tasks [-- --duration 10 --connections 10 --samples 100]
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
// a fresh database is created on that server and dropped afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { benchArgs } from "./args.ts";

const {
  duration: DURATION,
  connections: CONNECTIONS,
  rounds: ROUNDS,
  samples: SAMPLES,
} = benchArgs({ numbers: { duration: 10, connections: 10, rounds: 5, samples: 100 } });
const WARMUP_SAMPLES = 5;
const ENCODINGS = ["identity", "gzip", "br"] as const;
const WARMUP = 2;

interface Servers {
  ours: string;
  checked: string;
  reference: string;
  token: string;
  rows: number;
  large: { token: string; rows: number };
}

function startServers(kind: "postgres" | "pglite"): Promise<{ child: ChildProcess; servers: Servers }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "tasks-servers.ts"), kind],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => {
      try {
        resolve({ child, servers: JSON.parse(line) as Servers });
      } catch {
        reject(new Error(`unexpected output from the ${kind} servers: ${line}`));
      }
    });
    child.once("exit", (code) => reject(new Error(`${kind} servers exited with ${code}`)));
  });
}

/** One autocannon run; every response's latency is kept so rounds can be pooled into one p99. */
async function load(
  url: string,
  headers: Record<string, string>,
  duration: number,
  latencies: number[] = [],
) {
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { requests: r.requests.total, seconds: r.duration };
}

interface Totals {
  requests: number;
  seconds: number;
  latencies: number[];
}
const newTotals = (): Totals => ({ requests: 0, seconds: 0, latencies: [] });
async function round(t: Totals, url: string, headers: Record<string, string>, duration: number) {
  const r = await load(url, headers, duration, t.latencies);
  t.requests += r.requests;
  t.seconds += r.seconds;
}
const summary = (t: Totals) => {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  return {
    rps: t.requests / t.seconds,
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
  };
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request on a kept-alive connection: time to the last byte, and the body bytes on the wire. */
function timedGet(url: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; bytes: number; encoding: string }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () =>
          resolve({
            ms: performance.now() - started,
            bytes,
            encoding: res.headers["content-encoding"] ?? "identity",
          }),
        );
      })
      .on("error", reject);
  });
}

/**
 * The 2,000-task list as one student's browser asks for it: one request at a time, each encoding in
 * turn so all three share the machine's background load. Loopback has no bandwidth limit, so this shows
 * compression's cost; its gain is the bytes, which a phone on a slow network waits for.
 */
async function measureEncodings(servers: Servers) {
  const auth = { authorization: `Bearer ${servers.large.token}` };
  const samples = new Map<string, number[]>(ENCODINGS.map((e) => [e, []]));
  const sent = new Map<string, { bytes: number; encoding: string }>();
  for (let i = -WARMUP_SAMPLES; i < SAMPLES; i++) {
    for (const e of ENCODINGS) {
      const r = await timedGet(servers.ours, { ...auth, "accept-encoding": e });
      if (i >= 0) samples.get(e)!.push(r.ms);
      sent.set(e, r);
    }
  }
  return ENCODINGS.map((e) => {
    const sorted = samples.get(e)!.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    return { asked: e, ...sent.get(e)!, p50: at(0.5), p99: at(0.99) };
  });
}

async function measure(kind: "postgres" | "pglite") {
  const { child, servers } = await startServers(kind);
  try {
    const auth = { authorization: `Bearer ${servers.token}` };
    // Both must answer the same rows, or the comparison means nothing.
    const [a, b] = await Promise.all([
      fetch(servers.ours, { headers: auth }).then((r) => r.json() as Promise<unknown[]>),
      fetch(servers.reference, { headers: auth }).then((r) => r.json() as Promise<unknown[]>),
    ]);
    if (a.length !== servers.rows || b.length !== servers.rows || servers.rows !== 2000) {
      throw new Error(`expected 2000 tasks from both, got ${a.length} and ${b.length}`);
    }
    // Warm both (JIT, connection pools, caches) before measuring.
    await load(servers.ours, auth, WARMUP);
    await load(servers.checked, auth, WARMUP);
    await load(servers.reference, auth, WARMUP);
    // The machine is shared: alternating short rounds exposes every server to the same background load.
    const oursT = newTotals();
    const checkedT = newTotals();
    const refT = newTotals();
    for (let i = 0; i < ROUNDS; i++) {
      await round(oursT, servers.ours, auth, DURATION / ROUNDS);
      await round(checkedT, servers.checked, auth, DURATION / ROUNDS);
      await round(refT, servers.reference, auth, DURATION / ROUNDS);
    }
    const ours = summary(oursT);
    const checked = summary(checkedT);
    const reference = summary(refT);
    const encodings = await measureEncodings(servers);
    return { kind, rows: servers.rows, ours, checked, reference, ratio: ours.rps / reference.rps, encodings };
  } finally {
    child.stdin!.end();
    await new Promise((r) => child.once("exit", r));
  }
}

console.log(
  `GET /api/tasks (2,000 tasks, 200 of them weekly series), ${CONNECTIONS} connections, ${DURATION} s per server in ${ROUNDS} alternating rounds, after a ${WARMUP} s warm-up`,
);
const results = [];
for (const kind of ["postgres", "pglite"] as const) {
  try {
    results.push(await measure(kind));
  } catch (err) {
    console.log(`${kind}: NOT RUN (${(err as Error).message})`);
  }
}
agent.destroy();
const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(
  `\n${"database".padEnd(10)}${pad("ours req/s", 12)}${pad("p99 ms", 8)}${pad("ref req/s", 12)}${pad("p99 ms", 8)}${pad("ratio", 8)}${pad("checked req/s", 15)}${pad("p99 ms", 8)}`,
);
for (const r of results) {
  console.log(
    `${r.kind.padEnd(10)}${pad(r.ours.rps.toFixed(0), 12)}${pad(r.ours.p99.toFixed(0), 8)}${pad(r.reference.rps.toFixed(0), 12)}${pad(r.reference.p99.toFixed(0), 8)}${pad(r.ratio.toFixed(2), 8)}${pad(r.checked.rps.toFixed(0), 15)}${pad(r.checked.p99.toFixed(0), 8)}`,
  );
}
for (const r of results) {
  const cost = 1 - r.checked.rps / r.ours.rps;
  console.log(
    `${r.kind}: CHECK_RESPONSES=true costs ${(cost * 100).toFixed(0)}% of requests/s (checked/ours ${(r.checked.rps / r.ours.rps).toFixed(2)})`,
  );
}
console.log(`\nGET /api/tasks with 2,000 tasks, one request at a time, ${SAMPLES} per encoding, interleaved`);
console.log(
  `${"database".padEnd(10)}${"asked".padEnd(10)}${"got".padEnd(10)}${pad("KB sent", 9)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}`,
);
for (const r of results) {
  for (const e of r.encodings) {
    console.log(
      `${r.kind.padEnd(10)}${e.asked.padEnd(10)}${e.encoding.padEnd(10)}${pad((e.bytes / 1000).toFixed(1), 9)}${pad(e.p50.toFixed(0), 8)}${pad(e.p99.toFixed(0), 8)}`,
    );
  }
}
const pgResult = results.find((r) => r.kind === "postgres");
if (pgResult) {
  console.log(
    `\nPostgreSQL ratio ${pgResult.ratio.toFixed(2)} (target >= 0.70): ${pgResult.ratio >= 0.7 ? "met" : "MISSED"}`,
  );
}
