// Password reset by email (issue 27), with the project's SMTP sink standing in for the mail server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_TTL_MS } from "#shared/constants.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { resetTokenIn, type SmtpSink, startSmtpSink } from "#tests/fixtures/smtp-sink.ts";
import { createTestApp, type TestApp, travellingClock } from "#tests/test-app.ts";

const clock = travellingClock();
let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    clock,
    publicUrl: "https://studyhall.example.edu",
    mail: { smtpUrl: sink.url, from: "Studyhall <no-reply@studyhall.example.edu>" },
    // Per account as in production (3 an hour): no test here asks for more than that for one student.
    passwordResetLimit: { perAddressPerHour: 1000, perAccountPerHour: 3 },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: "POST", url, payload: payload as object });
const askReset = (email: string) => post("/api/auth/password-reset", { email });
const confirm = (token: string, newPassword: string) =>
  post("/api/auth/password-reset/confirm", { token, newPassword });
const login = (email: string, password: string) => post("/api/auth/login", { email, password });
const me = (who: { headers: Record<string, string> }) =>
  t.app.inject({ url: "/api/auth/user", headers: who.headers });

/** Asks for a link for the student and answers its token from the email. */
async function resetLink(who: TestUser): Promise<string> {
  const seen = sink.messages.filter((m) => m.to.includes(who.input.email)).length;
  const res = await askReset(who.input.email);
  expect(res.statusCode).toBe(202);
  const mail = await sink.next(who.input.email, seen);
  const token = resetTokenIn(mail);
  expect(token).not.toBeNull();
  return token!;
}

describe("password reset by email", () => {
  it("says it is available, and emails a link to the public address that works once", async () => {
    expect((await t.app.inject({ url: "/api/auth/password-reset" })).json()).toEqual({ available: true });
    const ada = await createUser(t.app);
    const seen = sink.messages.length;
    const token = await resetLink(ada);
    const mail = sink.messages[seen]!;
    expect(mail.raw).toMatch(/^Subject: Reset your Studyhall password/m);
    expect(mail.raw).toMatch(/^From: Studyhall <no-reply@studyhall\.example\.edu>/m);
    expect(mail.text).toContain(`https://studyhall.example.edu/reset-password#token=${token}`);
    expect(mail.text).toContain("Hi Ada,");

    // Only the hash is stored.
    const stored = JSON.stringify(
      await t.database.db.execute("select token_hash from password_reset_tokens" as never),
    );
    expect(stored).not.toContain(token);

    expect((await confirm(token, "a new horse")).statusCode).toBe(200);
    expect((await login(ada.input.email, "a new horse")).statusCode).toBe(200);
    expect((await login(ada.input.email, ada.input.password)).statusCode).toBe(401);

    const again = await confirm(token, "yet another one");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/expired or was already used/);
    expect((await login(ada.input.email, "a new horse")).statusCode).toBe(200);
  });

  it("answers an unknown email exactly as a known one, and sends nothing", async () => {
    const bob = await createUser(t.app);
    const known = await askReset(bob.input.email);
    const unknown = await askReset("nobody-here@school.edu");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.statusCode).toBe(202);
    await sink.next(bob.input.email);
    expect(sink.messages.some((m) => m.to.includes("nobody-here@school.edu"))).toBe(false);
  });

  it("signs out every session of the student, and ends the links sent before", async () => {
    const cat = await createUser(t.app);
    const second = await login(cat.input.email, cat.input.password);
    const secondSession = { headers: { authorization: `Bearer ${second.json().token}` } };
    const older = await resetLink(cat);
    const newer = await resetLink(cat);

    expect((await confirm(newer, "brand new pass")).statusCode).toBe(200);
    expect((await me(cat)).statusCode).toBe(401);
    expect((await me(secondSession)).statusCode).toBe(401);
    expect((await confirm(older, "another pass")).statusCode).toBe(400);
  });

  it("refuses a link after 30 minutes", async () => {
    const dan = await createUser(t.app);
    const token = await resetLink(dan);
    clock.travel(PASSWORD_RESET_TTL_MS - 60_000);
    const stillLive = await resetLink(dan);
    clock.travel(60_001);
    try {
      expect((await confirm(token, "too late now")).statusCode).toBe(400);
      expect((await login(dan.input.email, dan.input.password)).statusCode).toBe(200);
      expect((await confirm(stillLive, "just in time")).statusCode).toBe(200);
    } finally {
      clock.reset();
    }
  });

  it("answers bad input with 400 and the reason", async () => {
    const eve = await createUser(t.app);
    const token = await resetLink(eve);
    const cases: [string, unknown][] = [
      ["/api/auth/password-reset", {}],
      ["/api/auth/password-reset", { email: "not an email" }],
      ["/api/auth/password-reset", { email: `${"a".repeat(400)}@school.edu` }],
      ["/api/auth/password-reset/confirm", { token, newPassword: "short" }],
      ["/api/auth/password-reset/confirm", { token, newPassword: "x".repeat(201) }],
      ["/api/auth/password-reset/confirm", { token: "", newPassword: "long enough" }],
      ["/api/auth/password-reset/confirm", { token: "\ud800", newPassword: "long enough" }],
      ["/api/auth/password-reset/confirm", { token: "made-up-token", newPassword: "long enough" }],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe("string");
    }
    // None of that used the real link.
    expect((await confirm(token, "long enough")).statusCode).toBe(200);
  });

  it("limits links per account whatever the address, with the same answer for unknown accounts", async () => {
    const fay = await createUser(t.app);
    for (const email of [fay.input.email, "ghost@school.edu"]) {
      for (let i = 0; i < 3; i++) expect((await askReset(email)).statusCode).toBe(202);
      const fourth = await askReset(email);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers["retry-after"]).toBeDefined();
      expect(fourth.json().error).toMatch(/Too many reset emails/);
    }
  });
});

describe("password reset on a server without SMTP_URL", () => {
  // A second database of its own: a new in-memory PGlite takes a while on a loaded machine.
  it("is not offered, and its endpoints say so", { timeout: 180_000 }, async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: "/api/auth/password-reset" })).json()).toEqual({
        available: false,
      });
      for (const [url, payload] of [
        ["/api/auth/password-reset", { email: "someone@school.edu" }],
        ["/api/auth/password-reset/confirm", { token: "abc", newPassword: "long enough" }],
      ] as const) {
        const res = await plain.app.inject({ method: "POST", url, payload });
        expect(res.statusCode).toBe(501);
        expect(res.json()).toMatchObject({ code: "not_configured" });
        expect(res.json().error).toMatch(/not set up on this server/);
      }
    } finally {
      await plain.close();
    }
  });
});
