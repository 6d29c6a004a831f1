import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTask, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// A built client as vite.config.ts leaves it: a hashed asset with its .br and .gz beside it. The
// precompressed copies hold a marker the original lacks, to prove the file (not the server) compressed it.
const clientDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-client-"));
const ASSET = "/assets/main-C0ffee12.js";
const script = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `line ${i}`))};`;
const fromFile = `${script}\n// precompressed at build time`;

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Studyhall</title>");
  writeFileSync(path.join(clientDir, ASSET), script);
  writeFileSync(path.join(clientDir, `${ASSET}.br`), brotliCompressSync(fromFile));
  writeFileSync(path.join(clientDir, `${ASSET}.gz`), gzipSync(fromFile));
  t = await createTestApp({ clientDir });
  student = await createUser(t.app);
  for (let i = 0; i < 30; i++) await createTask(t.app, student, { title: `Read chapter ${i + 1}` });
});
afterAll(() => t.close());

/** The body as the browser sees it after undoing the content encoding. */
const decoded = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
  const encoding = res.headers["content-encoding"];
  const raw = res.rawPayload;
  return (
    encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw
  ).toString();
};

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url,
    headers: { ...headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
  });

describe("API answers", () => {
  it("are brotli-compressed for a client that accepts br, preferred over gzip", async () => {
    const res = await get("/api/tasks", "gzip, deflate, br", student.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const tasks = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(tasks).toHaveLength(30);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(tasks).length / 3);
  });

  it("are gzip-compressed for a client that accepts only gzip", async () => {
    const res = await get("/api/tasks", "gzip", student.headers);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveLength(30);
  });

  it("are sent as they are to a client that accepts no encoding", async () => {
    const res = await get("/api/tasks", undefined, student.headers);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toHaveLength(30);
  });

  it("are not compressed when smaller than 1 KB, where it would save nothing", async () => {
    const res = await get("/api/health", "br");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json().status).toBe("ok");
  });

  it("compress error answers too, keeping the JSON error shape", async () => {
    const res = await get("/api/tasks?courseId=abc", "gzip", student.headers);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(decoded(res)).error).toEqual(expect.any(String));
  });
});

describe("the built client", () => {
  it("sends a hashed asset's .br file as is, cached for a year", async () => {
    const res = await get(ASSET, "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(fromFile);
  });

  it("sends the .gz file to a client without brotli", async () => {
    const res = await get(ASSET, "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toBe(fromFile);
  });

  it("sends the original to a client that accepts no encoding", async () => {
    const res = await get(ASSET);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(script);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("never lets a browser keep index.html, so a new build is picked up at once", async () => {
    for (const url of ["/", "/tasks", "/index.html"]) {
      const res = await get(url, "br");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(decoded(res), url).toContain("<title>Studyhall</title>");
    }
  });
});
