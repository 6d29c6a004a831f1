import type { LookupAddress } from "node:dns";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories.ts";
import { canvasTestApp, connectedUser, sync } from "#tests/fixtures/canvas-test-kit.ts";
import { FAKE_TOKEN, FakeCanvas } from "#tests/fixtures/fake-canvas.ts";
import type { TestApp } from "#tests/test-app.ts";
import { isBlockedAddress } from "../../integrations/canvas/host-policy.ts";

/** DNS for the test: names we control, pointing at private, loopback and public addresses. */
const fakeDns: Record<string, LookupAddress[]> = {
  "loopback.example.edu": [{ address: "127.0.0.1", family: 4 }],
  "intranet.example.edu": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.1.2.3", family: 4 },
  ],
  "v6.example.edu": [{ address: "::ffff:192.168.1.10", family: 6 }],
  "metadata.example.edu": [{ address: "169.254.169.254", family: 4 }],
};
let rebindLookups = 0;
const resolveAll = async (name: string) => {
  // DNS rebinding: public for the first check, loopback when the socket connects.
  if (name === "rebind.example.edu") {
    rebindLookups += 1;
    return [{ address: rebindLookups === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
  }
  const found = fakeDns[name];
  if (!found) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return found;
};

const lines: string[] = [];
let fake: FakeCanvas;
let t: TestApp;
beforeAll(async () => {
  fake = await new FakeCanvas().start();
  t = await canvasTestApp(fake, {
    canvasResolveAll: resolveAll,
    logLevel: "trace",
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const connect = (headers: Record<string, string>, domain: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/canvas", headers, payload: { token: FAKE_TOKEN, domain } });

describe("SSRF: the domain is untrusted", () => {
  it.each([
    ["http://school.instructure.com", "Canvas must be reached over https."],
    ["127.0.0.1", "Enter your school's Canvas host name, not an IP address."],
    ["10.0.0.1", "Enter your school's Canvas host name, not an IP address."],
    ["https://169.254.169.254/latest", "Enter your school's Canvas host name, not an IP address."],
    ["[::1]", "Enter your school's Canvas host name, not an IP address."],
    ["0x7f.1", "Enter your school's Canvas host name, not an IP address."],
    ["localhost", "Enter your school's public Canvas address, like school.instructure.com."],
    ["canvas.localhost", "Enter your school's public Canvas address, like school.instructure.com."],
    // Only the exact host:port of CANVAS_INSECURE_HOSTS is exempt, not loopback in general.
    ["127.0.0.1:2", "Enter your school's Canvas host name, not an IP address."],
    ["loopback.example.edu", "points to a private network address"],
    ["intranet.example.edu", "points to a private network address"],
    ["v6.example.edu", "points to a private network address"],
    ["metadata.example.edu", "points to a private network address"],
    ["nowhere.example.edu", "Could not find a server at nowhere.example.edu"],
  ])("refuses %s with a 400 and saves nothing", async (domain, message) => {
    const u = await createUser(t.app);
    fake.resetRequests();
    const res = await connect(u.headers, domain);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(fake.requestCount).toBe(0);
    const status = await t.app.inject({ url: "/api/auth/canvas/status", headers: u.headers });
    expect(status.json().connected).toBe(false);
  });

  it("checks the address again when the socket connects, so DNS rebinding cannot reach loopback", async () => {
    const u = await createUser(t.app);
    const res = await connect(u.headers, "rebind.example.edu");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "canvas_domain" });
    expect(res.json().error).toContain("rebind.example.edu points to a private network address");
    expect(rebindLookups).toBe(2);
  });

  it("refuses the demo's reserved name typed by hand", async () => {
    const u = await createUser(t.app);
    const res = await connect(u.headers, "demo.canvas.invalid");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/demo data/);
  });

  it("refuses to follow a redirect to a private host, or any other host, with the token", async () => {
    const u = await connectedUser(t, fake);
    // Every request is redirected until cleared: a sync's parallel request can still be in flight when it
    // answers, and would take a one-time fault meant for the next sync.
    fake.redirect(100, "http://10.0.0.1/api/v1/courses");
    const res = await sync(t, u);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "canvas_domain" });
    expect(res.json().error).toContain("redirects to 10.0.0.1; refusing to follow");
    fake.clearFaults();
    fake.redirect(100, "https://elsewhere.example.com/login");
    expect((await sync(t, u)).json().error).toContain("redirects to elsewhere.example.com");
    fake.clearFaults();
  });

  it("classifies addresses", () => {
    for (const ip of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
    ])
      expect(isBlockedAddress(ip)).toBe(true);
    for (const ip of [
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
    ])
      expect(isBlockedAddress(ip)).toBe(true);
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isBlockedAddress(ip)).toBe(false);
    expect(isBlockedAddress("not-an-ip")).toBe(true);
  });
});

describe("the token is a secret", () => {
  it("never appears in any response or log line, even when sent in a query string", async () => {
    lines.length = 0;
    const u = await createUser(t.app);
    const bodies: string[] = [];
    const call = async (opts: InjectOptions) => {
      const res = await t.app.inject(opts);
      bodies.push(res.body, JSON.stringify(res.headers));
      return res;
    };
    await call({
      method: "POST",
      url: "/api/auth/canvas",
      headers: u.headers,
      payload: { token: "1~wrong-secret", domain: fake.host },
    });
    await call({
      method: "POST",
      url: "/api/auth/canvas",
      headers: u.headers,
      payload: { token: FAKE_TOKEN, domain: fake.host },
    });
    await call({
      method: "POST",
      url: "/api/sync-canvas",
      headers: u.headers,
      payload: { token: FAKE_TOKEN, domain: fake.host },
    });
    await call({
      url: `/api/canvas/courses?domain=${fake.host}&token=${FAKE_TOKEN}&refresh=true`,
      headers: u.headers,
    });
    await call({ url: `/api/canvas/completed-courses?token=${FAKE_TOKEN}`, headers: u.headers });
    await call({ url: "/api/canvas-token", headers: u.headers });
    await call({ url: "/api/auth/canvas/status", headers: u.headers });
    fake.tokens = [];
    await call({ method: "POST", url: "/api/sync-canvas", headers: u.headers, payload: {} });
    fake.tokens = [FAKE_TOKEN];
    await call({ url: `/api/no-such-route?token=${FAKE_TOKEN}`, headers: u.headers });

    expect(lines.length).toBeGreaterThan(10); // trace level: every request was logged
    expect(
      lines.some((l) => l.includes("/api/canvas/courses?domain=") && l.includes("token=[REDACTED]")),
    ).toBe(true);
    for (const text of [...bodies, ...lines]) {
      expect(text).not.toContain(FAKE_TOKEN);
      expect(text).not.toContain("wrong-secret");
    }
    // The stored token is encrypted.
    const rows = await t.app.db.query.canvasConnections.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenCiphertext).not.toContain(FAKE_TOKEN);
  });
});
