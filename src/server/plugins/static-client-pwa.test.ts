import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// Issue 23: what a browser needs to install Studyhall and run its service worker, as the server sends it.
let t: TestApp;
const clientDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-pwa-"));
beforeAll(async () => {
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Studyhall</title>");
  writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(clientDir, "manifest.webmanifest"), JSON.stringify({ name: "Studyhall" }));
  mkdirSync(path.join(clientDir, "icons"));
  writeFileSync(path.join(clientDir, "icons", "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ clientDir });
});
afterAll(() => t.close());

describe("the installable app's files", () => {
  it("sends the service worker as JavaScript, never from the HTTP cache", async () => {
    const res = await t.app.inject({ url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    // A service worker script with another MIME type is refused by the browser (Service Workers §register).
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toMatch(/no-cache|max-age=0/);
  });

  it("sends the manifest as application/manifest+json and the icons as PNG", async () => {
    const manifest = await t.app.inject({ url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const icon = await t.app.inject({ url: "/icons/icon-192.png" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
  });
});
