import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import type { AppConfig } from "#server/config.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import type { Clock } from "#server/lib/clock.ts";
import { type Api, apiClient } from "./api.ts";

/**
 * A new, empty database on the PostgreSQL server named by `adminUrl`; `drop()` removes it again once its
 * connections have hung up. Used by the API tests and the benchmarks.
 */
export async function scratchPostgres(adminUrl: string, prefix = "studyhall_test") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves before every backend has hung up; FORCE on a closing connection makes its
      // client emit an unhandled 'terminating connection' error. Wait (briefly) for them to go first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await cleanup.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL when TEST_DB=postgres (dropped again on close).
 */
export async function freshDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({ dataDir: null });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const scratch = await scratchPostgres(adminUrl);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The system time shifted by however far a test has travelled; `reset()` comes back to the present. */
export function travellingClock(): Clock & { travel(ms: number): void; reset(): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    travel(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    dataDir: null,
    secretKey: randomBytes(32),
    canvasInsecureHosts: ["127.0.0.1", "localhost"],
    openai: {},
    logLevel: "silent",
    clientDir: null,
    authRateLimit: { perIp: 10_000, perEmail: 10_000, windowMs: 60_000 },
    // Tests upload and summarize far faster than a student; the limit's own test sets it low.
    workPerMinute: 10_000,
    signupLimit: { perAddressPerHour: 10_000, perMinute: 10_000 },
    usernameLookupsPerDay: 10_000,
    trustProxy: false,
    checkResponses: true,
    // The HTTP side: jobs are enqueued but no worker polls in the background of every test. Tests of
    // jobs ask for role "all" (or run a queue of their own, jobs/queue.test.ts).
    role: "web",
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Calls as a student, driven by the endpoint tables: `t.api(ada).call(studyEndpoints.createSet, ...)`. */
  api: Api;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const app = await buildApp(testConfig(overrides), database);
  await app.ready();
  return {
    app,
    database,
    api: apiClient(app),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
