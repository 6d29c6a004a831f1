import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readErrorBody } from "#shared/errors.ts";
import { createUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { redactUrl } from "./app.ts";
import { loadEnv } from "./env.ts";

let t: TestApp;
const clientDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-client-"));
beforeAll(async () => {
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Studyhall</title>");
  t = await createTestApp({ clientDir });
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("is public and names the database kind", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ok",
      database: process.env.TEST_DB === "postgres" ? "postgres" : "pglite",
    });
  });
});

describe("the auth gate", () => {
  it("rejects a userId in the query that is not the signed-in user's, centrally", async () => {
    const u = await createUser(t.app);
    const mine = await t.app.inject({ url: `/api/settings?userId=${u.user.id}`, headers: u.headers });
    expect(mine.statusCode).toBe(200);
    const other = await t.app.inject({ url: `/api/settings?userId=${u.user.id + 1}`, headers: u.headers });
    expect(other.statusCode).toBe(403);
    const junk = await t.app.inject({ url: "/api/settings?userId=abc", headers: u.headers });
    expect(junk.statusCode).toBe(403);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/No route/);
  });
});

describe("error answers", () => {
  const login = (headers: Record<string, string>, payload: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", headers, payload });

  it.each([
    ["malformed JSON", () => login({ "content-type": "application/json" }, "{nope"), 400, "invalid_json"],
    ["an empty JSON body", () => login({ "content-type": "application/json" }, ""), 400, "empty_body"],
    [
      "a body that is not JSON",
      () => login({ "content-type": "application/xml" }, "<a/>"),
      415,
      "unsupported_media_type",
    ],
    ["an unknown API path", () => t.app.inject({ url: "/api/nope" }), 404, "not_found"],
  ])("carry a code from the shared list for %s, never Fastify's own", async (_what, send, status, code) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(readErrorBody(res.json())).toMatchObject({ code });
  });
});

describe("serving the client", () => {
  it("answers client routes with index.html and security headers", async () => {
    const res = await t.app.inject({ url: "/tasks" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Studyhall</title>");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});

describe("configuration", () => {
  it("uses the documented defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 5000, HOST: "127.0.0.1", DATA_DIR: "./data", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT /],
    [
      { DATABASE_URL: "mysql://x", SECRET_KEY: "a".repeat(64) },
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL$/,
    ],
    [{ SECRET_KEY: "short" }, /^Invalid configuration: SECRET_KEY must be 64 hex characters/],
    [{ LOG_LEVEL: "loud" }, /^Invalid configuration: LOG_LEVEL /],
  ])("stops with one line naming the variable for %j", (env, message) => {
    expect(() => loadEnv(env)).toThrow(message);
  });

  it("redacts tokens from logged URLs", () => {
    expect(redactUrl("/api/canvas/courses?domain=x.edu&token=secret123")).toBe(
      "/api/canvas/courses?domain=x.edu&token=[REDACTED]",
    );
  });
});
