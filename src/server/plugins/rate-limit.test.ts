// Two instances of the app on one database, as behind a load balancer: with REDIS_URL their sign-in and
// chat limits draw on one budget in Redis (the local server at 127.0.0.1:6379, a key prefix of this run's
// own).
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { freshDatabase, testConfig } from "#tests/test-app.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const keyPrefix = `studyhall-test:${randomBytes(6).toString("hex")}:`;
const limits = { perIp: 100, perEmail: 3, windowMs: 60_000 };

let database: Database;
const apps: FastifyInstance[] = [];

async function instance(overrides: Partial<AppConfig>) {
  const app = await buildApp(testConfig({ authRateLimit: limits, ...overrides }), database);
  await app.ready();
  apps.push(app);
  return app;
}

const wrongPassword = (app: FastifyInstance, email: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "guess" } });

const ask = (app: FastifyInstance, who: TestUser) =>
  app.inject({
    method: "POST",
    url: "/api/chat",
    headers: who.headers,
    payload: { isUser: true, content: "What is osmosis?", timeZone: "UTC" },
  });

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe("sign-in limits across instances", () => {
  it("are shared through Redis: attempts on either instance count against one budget", async () => {
    const redis = { url: REDIS_URL, keyPrefix };
    const [a, b] = [await instance({ redis }), await instance({ redis })];
    const email = "shared@school.edu";
    expect((await wrongPassword(a, email)).statusCode).toBe(401);
    expect((await wrongPassword(b, email)).statusCode).toBe(401);
    expect((await wrongPassword(a, email)).statusCode).toBe(401);
    const blocked = await wrongPassword(b, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/too many attempts/i);
  });

  it("are each instance's own without Redis (the budget above really was shared)", async () => {
    const [a, b] = [await instance({}), await instance({})];
    const email = "apart@school.edu";
    for (let i = 0; i < 3; i++) expect((await wrongPassword(a, email)).statusCode).toBe(401);
    expect((await wrongPassword(b, email)).statusCode).toBe(401);
    expect((await wrongPassword(a, email)).statusCode).toBe(429);
  });

  it("refuses to start with one line when Redis cannot be reached", async () => {
    await expect(instance({ redis: { url: "redis://127.0.0.1:1", keyPrefix } })).rejects.toThrow(
      /^REDIS_URL: cannot connect to Redis \(.*ECONNREFUSED.*\)$/,
    );
  });
});

describe("chat limits across instances", () => {
  it("are shared through Redis: a student's messages on either instance count against one budget", async () => {
    const redis = { url: REDIS_URL, keyPrefix };
    const [a, b] = [await instance({ redis, chatRateLimit: 3 }), await instance({ redis, chatRateLimit: 3 })];
    const [who, other] = [await createUser(a), await createUser(a)];
    expect((await ask(a, who)).statusCode).toBe(200);
    expect((await ask(b, who)).statusCode).toBe(200);
    expect((await ask(a, who)).statusCode).toBe(200);
    const blocked = await ask(b, who);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: "rate_limited" });
    expect(blocked.json().error).toMatch(/Please wait a minute/);
    // Keyed per student: another account is not affected.
    expect((await ask(b, other)).statusCode).toBe(200);
  });

  it("are each instance's own without Redis (the budget above really was shared)", async () => {
    const [a, b] = [await instance({ chatRateLimit: 3 }), await instance({ chatRateLimit: 3 })];
    const who = await createUser(a);
    for (let i = 0; i < 3; i++) expect((await ask(a, who)).statusCode).toBe(200);
    expect((await ask(b, who)).statusCode).toBe(200);
    expect((await ask(a, who)).statusCode).toBe(429);
  });
});
