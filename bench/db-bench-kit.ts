// Shared by the database benchmarks (achievements, friends): a scratch PostgreSQL database with the app on
// it, a round-trip counter, and p50/p99 timing of one call at a time.
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
 * What a hand-written GET handler must do at least: find the live session for the bearer token (one
 * statement, as the app's auth does), run its statement, and serialise the rows.
 */
export async function handWrittenGet(pool: pg.Pool, token: string, statement: () => Promise<pg.QueryResult>) {
  const session = await pool.query(
    "select user_id from sessions where token_hash = $1 and expires_at > now()",
    [sha256(token)],
  );
  if (session.rowCount !== 1) throw new Error("no live session");
  return JSON.stringify((await statement()).rows);
}
