// Issue 8 §3 "Lockout": ten wrong passwords a minute from anywhere locked the owner out of their own
// account (429 with the right password from a fresh address). The rule now (docs/operations.md):
// strict per (address, account), a slow-down per account, and a per-address budget before the body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    authRateLimit: {
      perIp: 50,
      perEmail: 3,
      windowMs: 60_000,
      slowAfterFailures: 10,
      failureDelayMs: 100,
      maxFailureDelayMs: 1500,
    },
  });
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const login = (password: string, remoteAddress: string, email = owner.input.email) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { email, password } });

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}

describe("sign-in limits", () => {
  it("refuse a fourth attempt from one address on one account, with Retry-After", async () => {
    for (let i = 0; i < 3; i++) expect((await login("wrong", "10.1.0.1")).statusCode).toBe(401);
    const blocked = await login("wrong", "10.1.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("60");
    // The same address may still try another account: the budget is per (address, account).
    expect((await login("wrong", "10.1.0.1", "someone-else@school.edu")).statusCode).toBe(401);
  });

  it("let the owner in from a fresh address after many failures from everywhere, only slowed down", async () => {
    const victim = await createUser(t.app);
    const attempt = (password: string, ip: string) => login(password, ip, victim.input.email);
    // 12 wrong passwords from 4 addresses (3 each, within every per-address budget); from the 11th on,
    // each waits 100 ms doubling per further failure (slowAfterFailures 10, capped at 1.5 s).
    for (let ip = 2; ip <= 5; ip++) {
      for (let i = 0; i < 3; i++) expect((await attempt("wrong", `10.1.0.${ip}`)).statusCode).toBe(401);
    }
    const [late, lateMs] = await timed(() => attempt("wrong", "10.1.0.6")); // 12 before it: 400 ms
    expect(late.statusCode).toBe(401);
    expect(lateMs).toBeGreaterThanOrEqual(390);
    // The right password from a new address: slowed (13 before it: 800 ms), not refused.
    const [ok, okMs] = await timed(() => attempt(victim.input.password, "10.1.0.7"));
    expect(ok.statusCode).toBe(200);
    expect(okMs).toBeGreaterThanOrEqual(790);
    // Success clears the count: the next attempt is not delayed. Measured against the slowed sign-in
    // just before it (same work plus 800 ms), not a wall-clock bound a loaded machine can break.
    const [next, nextMs] = await timed(() => attempt(victim.input.password, "10.1.0.8"));
    expect(next.statusCode).toBe(200);
    expect(nextMs).toBeLessThan(okMs);
  });

  it("count an address's requests before reading the body: over budget, even a malformed body is a 429", {
    timeout: 120_000,
  }, async () => {
    const tight = await createTestApp({ authRateLimit: { perIp: 2, perEmail: 100, windowMs: 60_000 } });
    try {
      const send = (payload: string) =>
        tight.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: "10.2.0.1",
          headers: { "content-type": "application/json" },
          payload,
        });
      expect((await send("{not json")).statusCode).toBe(400);
      expect((await send("{not json")).statusCode).toBe(400);
      const over = await send("{not json");
      expect(over.statusCode).toBe(429);
      expect(over.headers["retry-after"]).toBe("60");
      // Another address is unaffected.
      const other = await tight.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.2.0.2",
        payload: { email: "x@school.edu", password: "y" },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await tight.close();
    }
  });
});
