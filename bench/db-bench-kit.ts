// Shared by the database benchmarks (achievements, friends): a scratch PostgreSQL database with the app on
// it, a round-trip counter, and p50/p99 timing of one call at a time.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { sha256 } from "#server/lib/crypto.ts";
import { scratchPostgres, testConfig } from "#tests/test-app.ts";

export const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

export interface Statement {
  text: string;
  values: unknown[];
}

/** Every statement any pg client in this process sends: the app's pool and the baseline's client alike. */
let statements = 0;
let recording: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  if (recording) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    const text = typeof first === "string" ? first : first.text;
    const values = Array.isArray(second) ? second : typeof first === "string" ? [] : (first.values ?? []);
    recording.push({ text, values });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** How many statements `fn` sends to PostgreSQL (each is one round trip). */
export async function roundTrips(fn: () => Promise<unknown>): Promise<number> {
  const before = statements;
  await fn();
  return statements - before;
}

/** The statements `fn` sends, to EXPLAIN exactly what the app runs. */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  recording = [];
  try {
    await fn();
    return recording;
  } finally {
    recording = null;
  }
}

export interface BenchDb {
  app: FastifyInstance;
  database: Database;
  /** A plain pg client on the same database, for seeding and EXPLAIN. */
  raw: pg.Client;
  /** A plain pg pool (as the app's: 10 connections) for the hand-written baseline. */
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database with the app built on it (responses checked as in tests: off). */
export async function openBenchDb(): Promise<BenchDb> {
  const scratch = await scratchPostgres(adminUrl, "studyhall_bench");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  const app = await buildApp(testConfig({ checkResponses: false }), database);
  await app.ready();
  const raw = new pg.Client({ connectionString: scratch.url });
  await raw.connect();
  const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
  return {
    app,
    database,
    raw,
    pool,
    url: scratch.url,
    async close() {
      await raw.end();
      await pool.end();
      await app.close();
      await database.close();
      await scratch.drop();
    },
  };
}

export interface Timing {
  p50: number;
  p99: number;
  samples: number;
}

function summary(ms: number[]): Timing {
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))]!;
  return { p50: at(0.5), p99: at(0.99), samples: ms.length };
}

/**
 * Ours against the baseline, interleaved in rounds so a burst of load on the shared machine hits both
 * alike; the p50s and p99s are over every sample of every round.
 */
export async function compare(
  ours: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  samples: number,
  rounds = Math.max(4, Math.round(samples / 10)),
): Promise<{ ours: Timing; baseline: Timing; ratio: number }> {
  const per = Math.max(1, Math.round(samples / rounds));
  const raw = { ours: [] as number[], baseline: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of [
      ["ours", ours],
      ["baseline", baseline],
    ] as const) {
      for (let i = 0; i < 3; i++) await fn();
      for (let i = 0; i < per; i++) {
        const start = performance.now();
        await fn();
        raw[name].push(performance.now() - start);
      }
    }
  }
  const o = summary(raw.ours);
  const b = summary(raw.baseline);
  // Throughput-style ratio: how fast ours is relative to the baseline (1.0 = as fast, 0.5 = twice as slow).
  return { ours: o, baseline: b, ratio: b.p50 / o.p50 };
}

export const fmt = (n: number) => n.toFixed(2).padStart(9);

export function printComparison(label: string, c: { ours: Timing; baseline: Timing; ratio: number }) {
  console.log(
    `${label.padEnd(34)}${fmt(c.ours.p50)}${fmt(c.ours.p99)}${fmt(c.baseline.p50)}${fmt(c.baseline.p99)}${c.ratio.toFixed(2).padStart(8)}x`,
  );
}

export const comparisonHeader = () =>
  console.log(
    `${"".padEnd(34)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"base p50".padStart(9)}${"base p99".padStart(9)}${"ratio".padStart(9)}`,
  );

/** EXPLAIN (ANALYZE) of a statement on the raw client, indented, for the closing note. */
export async function explain(raw: pg.Client, text: string, values: unknown[] = []): Promise<string> {
  const { rows } = await raw.query(`explain (analyze, costs off, timing off, summary off) ${text}`, values);
  return rows.map((r: Record<string, string>) => `    ${r["QUERY PLAN"]}`).join("\n");
}

/**
 * A hand-written reference server on node:http: for each GET it does what any handler must at least, finds
 * the live session for the bearer token (one statement, as the app's auth does), runs the route's one
 * statement for that student and sends its answer as JSON. `routes` maps a path to that work.
 */
export async function startReference(
  pool: pg.Pool,
  routes: Record<string, (userId: number) => Promise<unknown>>,
): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const session = await pool.query(
        "select user_id from sessions where token_hash = $1 and expires_at > now()",
        [sha256(token)],
      );
      const route = routes[req.url ?? ""];
      if (session.rowCount !== 1 || !route) {
        res.writeHead(session.rowCount !== 1 ? 401 : 404).end();
        return;
      }
      const body = JSON.stringify(await route(session.rows[0].user_id));
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app itself listening on a port, so ours and the reference are both timed over real HTTP. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** One GET over a kept-alive connection; throws on anything but 200 so a broken route cannot look fast. */
export async function httpGet(
  url: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(url, { headers: { ...headers, authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body}`);
  return body;
}
