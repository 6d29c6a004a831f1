// Issue 8 §3 "Secrets in logs": a failing query logged its parameters, including a new user's argon2 hash
// and a plaintext calendar access token. Log lines are captured from a real failing insert.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { freshDatabase, testConfig } from "#tests/test-app.ts";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$secret-hash-value-should-not-leak";
const TOKEN = "plaintext-calendar-token-should-not-leak";

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp(
    testConfig({ logLevel: "info", logStream: { write: (l) => lines.push(l) } }),
    database,
  );
  app.post("/test/failing-insert", async () => {
    // last_name is NOT NULL: PostgreSQL refuses the row, quoting it in `detail`, and Drizzle's error
    // message lists every parameter.
    await app.db.insert(users).values({
      email: "leak@school.edu",
      username: "leak",
      passwordHash: HASH,
      firstName: TOKEN,
      lastName: null as unknown as string,
    });
    return { ok: true };
  });
  app.post("/test/log-object", async (req) => {
    req.log.info(
      { body: { password: "hunter2", accessToken: TOKEN }, token: TOKEN },
      "an object with secrets",
    );
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("log lines", () => {
  it("of a failing query carry its SQL and error, never its parameters or the failing row", async () => {
    lines.length = 0;
    const res = await app.inject({
      method: "POST",
      url: "/test/failing-insert",
      headers: { authorization: "Bearer abc" },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join("");
    expect(log).toMatch(/unhandled error/);
    expect(log).toMatch(/Failed query: insert into \\"users\\"/);
    expect(log).toMatch(/23502/); // the SQLSTATE is kept for whoever debugs it
    expect(log).not.toContain("secret-hash-value");
    expect(log).not.toContain(TOKEN);
    expect(log).not.toMatch(/params:/);
  });

  it("censor secret-named keys in any logged object", async () => {
    lines.length = 0;
    await app.inject({ method: "POST", url: "/test/log-object" });
    const log = lines.join("");
    expect(log).toMatch(/an object with secrets/);
    expect(log).not.toContain("hunter2");
    expect(log).not.toContain(TOKEN);
    expect(log).toContain("[REDACTED]");
  });
});
