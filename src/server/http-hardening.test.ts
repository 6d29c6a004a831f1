import { PassThrough } from "node:stream";
// Issue 8 §3 "Smaller" faults, and the overload and tracking limits: headers, Bearer parsing, expired
// sessions, Retry-After on 429 and 503.
import type { FastifyInstance, InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { sessions } from "#server/db/schema/auth.ts";
import { SESSION_TTL_MS } from "#shared/constants.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { createTestApp, testConfig, travellingClock } from "#tests/test-app.ts";

const t = testAppPerFile();

/**
 * Keeps the loop busy as sustained synchronous work would, in 100 ms bursts, until a request is shed
 * (or 5 s pass). One long block was not enough: the lag is the mean of a sample interval's delays, and a
 * single 400 ms delay late in a 250 ms interval averages under the limit with the idle ticks before it.
 */
async function lagUntilShed(app: FastifyInstance, headers: Record<string, string>) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const until = Date.now() + 100;
    while (Date.now() < until) {}
    // Timers must get their turn: the sampler is one, and an injected request never waits for one.
    await new Promise((r) => setTimeout(r, 1));
    const res = await app.inject({ url: "/api/health", headers });
    if (res.statusCode === 503 || Date.now() > deadline) return res;
  }
}
/**
 * A set-up request to an app that sheds load at 50 ms of lag: the machine's own load (other test files
 * in parallel, a new account's password hashing) can pass that before a test lags the loop on purpose,
 * so a 503 here is waited out (for up to 10 s); what the test checks comes after.
 */
async function served(app: FastifyInstance, request: InjectOptions) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await app.inject(request);
    if (res.statusCode !== 503 || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** Two POSTs that stay in flight until their bodies are sent: their bodies have not finished arriving. */
async function holdTwo(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const held = [1, 2].map(() => {
    const body = new PassThrough();
    const answer = app.inject({
      method: "POST",
      url,
      headers: { ...headers, "content-type": "application/json" },
      payload: body,
    });
    return { body, answer };
  });
  await new Promise((r) => setTimeout(r, 50));
  return held;
}
let ada: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
});

describe("headers", () => {
  it("authenticated API answers carry Cache-Control: no-store", async () => {
    for (const url of ["/api/tasks", "/api/auth/user", "/api/settings"]) {
      const res = await t.app.inject({ url, headers: ada.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const refused = await t.app.inject({ url: "/api/tasks" });
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("no HSTS over plain http, nor for a client-sent X-Forwarded-Proto without TRUST_PROXY", async () => {
    const res = await t.app.inject({ url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("HSTS when PUBLIC_URL is https, or a trusted proxy says https", { timeout: 120_000 }, async () => {
    const configured = await createTestApp({ publicUrl: "https://studyhall.example.edu" });
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const a = await configured.app.inject({ url: "/api/health" });
      expect(a.headers["strict-transport-security"]).toBe("max-age=31536000");
      const b = await proxied.app.inject({ url: "/api/health", headers: { "x-forwarded-proto": "https" } });
      expect(b.headers["strict-transport-security"]).toBe("max-age=31536000");
      const c = await proxied.app.inject({ url: "/api/health" });
      expect(c.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await configured.close();
      await proxied.close();
    }
  });
});

describe("the Authorization header", () => {
  it("refuses `Bearer <token> extra` and other malformed headers, even with a live token", async () => {
    const token = ada.token;
    for (const authorization of [
      `Bearer ${token} extra`,
      `Bearer  ${token}`,
      `Basic ${token}`,
      "Bearer",
      token,
    ]) {
      const res = await t.app.inject({ url: "/api/auth/user", headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().code).toBe("unauthorized");
    }
    expect(
      (await t.app.inject({ url: "/api/auth/user", headers: { authorization: `bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
  });
});

describe("expired sessions", () => {
  // The hourly purge job (features/auth/auth.jobs.ts) runs this once per cluster: jobs/schedule.test.ts.
  it("are deleted by the purge", { timeout: 120_000 }, async () => {
    const clock = travellingClock();
    const app = await buildApp(testConfig({ clock }), t.database);
    await app.ready();
    const fresh = await createUser(app);
    clock.travel(SESSION_TTL_MS + 1000);
    expect(await app.services.auth.purgeExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect((await t.app.db.select().from(sessions)).some((s) => s.userId === fresh.user.id)).toBe(false);
    await app.close();
  });
});

describe("Retry-After", () => {
  it("tracking calls are limited per student with 429 and Retry-After; another student is not affected", {
    timeout: 120_000,
  }, async () => {
    const limited = await createTestApp({ trackingPerMinute: 3 });
    try {
      const [a, b] = [await createUser(limited.app), await createUser(limited.app)];
      const track = (who: TestUser) =>
        limited.app.inject({
          method: "POST",
          url: "/api/achievements/check",
          headers: who.headers,
          payload: { activityType: "task_completion" },
        });
      for (let i = 0; i < 3; i++) expect((await track(a)).statusCode).toBe(201);
      const blocked = await track(a);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe("rate_limited");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect((await track(b)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("sheds load with 503 overloaded and Retry-After while too many requests are in flight", {
    timeout: 120_000,
  }, async () => {
    const shedding = await createTestApp({ maxRequestsInFlight: 2 });
    try {
      // Sign-ins take a while (argon2): eight at once, two served, the rest shed at once.
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          shedding.app.inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { email: "nobody@school.edu", password: "guess" },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2);
      const shed = answers.filter((a) => a.statusCode === 503);
      expect(shed.length).toBeGreaterThan(0);
      for (const a of shed) {
        expect(a.json().code).toBe("overloaded");
        expect(a.headers["retry-after"]).toBe("5");
      }
      // Every finished request gave its place back.
      for (let i = 0; i < 3; i++)
        expect((await shedding.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await shedding.close();
    }
  });

  it("sheds load with 503 overloaded and Retry-After while the event loop lags", {
    timeout: 30_000,
  }, async () => {
    const shedding = await createTestApp({ maxEventLoopDelayMs: 50 });
    try {
      expect((await shedding.app.inject({ url: "/api/health" })).statusCode).toBe(200);
      const res = await lagUntilShed(shedding.app, {});
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe("overloaded");
      expect(res.headers["retry-after"]).toBe("5");
      // Once the loop is idle again, requests are served.
      let status = 503;
      for (let i = 0; i < 200 && status === 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await shedding.app.inject({ url: "/api/health" })).statusCode;
      }
      expect(status).toBe(200);
    } finally {
      await shedding.close();
    }
  });

  it("while the loop lags, sheds the caller with requests in parallel and serves one who waits for each answer", {
    timeout: 30_000,
  }, async () => {
    const shedding = await createTestApp({ maxEventLoopDelayMs: 50 });
    const flooder = { authorization: "Bearer flooder" };
    try {
      // Two of the flooder's requests stay in flight.
      const held = await holdTwo(shedding.app, "/api/auth/login", flooder);
      const res = await lagUntilShed(shedding.app, flooder);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe("overloaded");
      const other = await shedding.app.inject({
        url: "/api/health",
        headers: { authorization: "Bearer someone-else" },
      });
      expect(other.statusCode).toBe(200);
      for (const { body, answer } of held) {
        body.end(JSON.stringify({ email: "nobody@school.edu", password: "guess" }));
        expect([401, 503]).toContain((await answer).statusCode);
      }
    } finally {
      await shedding.close();
    }
  });

  it("counts a student's sessions as one caller: a second session does not escape the shedding", {
    timeout: 30_000,
  }, async () => {
    const shedding = await createTestApp({ maxEventLoopDelayMs: 50 });
    try {
      await served(shedding.app, { url: "/api/health" });
      const student = await createUser(shedding.app);
      const login = await served(shedding.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email: student.input.email, password: student.input.password },
      });
      expect(login.statusCode).toBe(200);
      const second = { authorization: `Bearer ${login.json().token}` };
      await served(shedding.app, { url: "/api/health" });
      const someoneElse = await createUser(shedding.app);
      // Each session has been answered once: the server has seen whose it is.
      for (const headers of [student.headers, second, someoneElse.headers])
        expect((await served(shedding.app, { url: "/api/tasks", headers })).statusCode).toBe(200);
      // Two requests of the first session stay in flight.
      const held = await holdTwo(shedding.app, "/api/tasks", student.headers);
      // The second session's request is one more of the student's: shed. Counted as a caller of its
      // own, with nothing else in flight, it would be served while the student floods.
      const res = await lagUntilShed(shedding.app, second);
      expect(res.statusCode).toBe(503);
      const other = await shedding.app.inject({ url: "/api/health", headers: someoneElse.headers });
      expect(other.statusCode).toBe(200);
      for (const { body, answer } of held) {
        body.end(JSON.stringify({ title: "Read chapter 3" }));
        expect([201, 503]).toContain((await answer).statusCode);
      }
    } finally {
      await shedding.close();
    }
  });
});
