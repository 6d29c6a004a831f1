import { describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "#shared/constants.ts";
import { createUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { createTestApp, travellingClock } from "#tests/test-app.ts";

const clock = travellingClock();
const t = testAppPerFile({ clock });

const register = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/register", payload });

describe("POST /api/auth/register", () => {
  it("creates the account with its username and returns a working token", async () => {
    const res = await register({
      email: "Grace@School.edu",
      password: "secret1",
      firstName: "Grace",
      lastName: "Hopper",
      username: "grace_h",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: "grace@school.edu", username: "grace_h", isOnboarded: false });
    expect(body.user).not.toHaveProperty("passwordHash");
    const me = await t.app.inject({
      url: "/api/auth/user",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().firstName).toBe("Grace");
  });

  it("creates the account from SPEC §7's body alone, with a free username made from the name", async () => {
    const base = { password: "secret1", firstName: "Ada", lastName: "Lovelace" };
    const first = await register({ ...base, email: "ada.private+cs@school.edu" });
    expect(first.statusCode).toBe(201);
    expect(first.json().token).toEqual(expect.any(String));
    const name = first.json().user.username;
    // Others see the name beside the username already; the email's local part is never shown.
    expect(name).toBe("ada_lovelace");
    // The same name again: a different, still valid, username.
    const second = await register({ ...base, email: "ada2@school.edu" });
    expect(second.statusCode).toBe(201);
    const other = second.json().user.username;
    expect(other).not.toBe(name);
    expect(other).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    // Accents, scripts outside the §5 alphabet, long names: still a valid name.
    const accented = await register({ ...base, email: "z@school.edu", firstName: "Zoë", lastName: "Ñúñez" });
    expect(accented.json().user.username).toBe("zoe_nunez");
    const greek = await register({ ...base, email: "g@school.edu", firstName: "Ωμέγα", lastName: "Ψ" });
    expect(greek.json().user.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    const long = await register({ ...base, email: "l@school.edu", firstName: "x".repeat(40) });
    expect(long.json().user.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
  });

  it("rejects an email or username already taken, whatever its case", async () => {
    const base = { password: "secret1", firstName: "A", lastName: "B" };
    await register({ ...base, email: "twin@school.edu", username: "TwinOne" });
    const sameEmail = await register({ ...base, email: "TWIN@school.edu", username: "other_name" });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      error: "An account with this email already exists.",
      code: "email_taken",
    });
    const sameName = await register({ ...base, email: "twin2@school.edu", username: "twinone" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      error: "That username is already taken.",
      code: "username_taken",
    });
  });

  it.each([
    [{ email: "not-an-email" }, "Invalid email"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ firstName: "  " }, "First name is required"],
    [{ username: "ab" }, "Username must be 3-20 characters long."],
    [{ username: "bad name!" }, "Username can only contain letters, numbers, and underscores."],
  ])("answers 400 with a clear message for %j", async (patch, message) => {
    const res = await register({
      email: "v@school.edu",
      password: "secret1",
      firstName: "V",
      lastName: "W",
      username: "valid_name",
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("answers 400, not 500, for a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Request body is not valid JSON.", code: "invalid_json" });
  });
});

describe("POST /api/auth/login and logout", () => {
  it("signs in with the right password only", async () => {
    const u = await createUser(t.app);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: u.input.email.toUpperCase(), password: u.input.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(u.user.id);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: u.input.email, password: "wrong-password" },
    });
    expect(bad.statusCode).toBe(401);
    // Not session_expired: a wrong password must not look like a session the client should drop.
    expect(bad.json()).toMatchObject({ error: "Invalid email or password.", code: "invalid_credentials" });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@school.edu", password: "whatever" },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("requires email and password", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "" } });
    expect(res.statusCode).toBe(400);
  });

  it("answers 401 to logout without a session", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout" });
    expect(res.statusCode).toBe(401);
  });

  it("revokes the token on logout", async () => {
    const u = await createUser(t.app);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: u.headers });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: "/api/auth/user", headers: u.headers });
    expect(me.statusCode).toBe(401);
  });
});

describe("a token that names no live session", () => {
  const expired = { error: "Your session has expired. Please sign in again.", code: "session_expired" };

  it("is session_expired once signed out elsewhere, on every private route", async () => {
    const u = await createUser(t.app);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: u.headers });
    for (const [method, url] of [
      ["GET", "/api/tasks"],
      ["POST", "/api/tasks"],
      ["POST", "/api/auth/logout"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: u.headers, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expired);
    }
  });

  it("is session_expired after the 30 days a session lives, and not a moment before", async () => {
    const u = await createUser(t.app);
    try {
      clock.travel(SESSION_TTL_MS - 60_000);
      expect((await t.app.inject({ url: "/api/auth/user", headers: u.headers })).statusCode).toBe(200);
      clock.travel(120_000);
      const res = await t.app.inject({ url: "/api/auth/user", headers: u.headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expired);
    } finally {
      clock.reset();
    }
  });

  it("is session_expired when made up, and unauthorized when no token is sent", async () => {
    const madeUp = await t.app.inject({ url: "/api/tasks", headers: { authorization: "Bearer made-up" } });
    expect(madeUp.json()).toEqual(expired);
    const none = await t.app.inject({ url: "/api/tasks" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: "Please sign in to continue.", code: "unauthorized" });
  });

  it("does not stop a public route: signing in with a stale token still works", async () => {
    const u = await createUser(t.app);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: u.headers });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: u.headers,
      payload: { email: u.input.email, password: u.input.password },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("an incomplete auth body", () => {
  it("is a 400 whose error names the missing field, not zod's 'expected string, received undefined'", async () => {
    const u = await createUser(t.app);
    const cases: [string, string, object, string][] = [
      ["POST", "/api/auth/login", {}, "Email is required"],
      ["POST", "/api/auth/login", { email: u.input.email }, "Password is required"],
      ["POST", "/api/auth/register", {}, "Email is required"],
      ["POST", "/api/auth/register", { email: "new@school.edu" }, "Password is required"],
      [
        "POST",
        "/api/auth/register",
        { email: "new@school.edu", password: "secret1" },
        "First name is required",
      ],
      [
        "POST",
        "/api/auth/register",
        { email: "new@school.edu", password: "secret1", firstName: "New" },
        "Last name is required",
      ],
      ["PUT", "/api/auth/user", {}, "Username cannot be empty."],
      ["POST", "/api/auth/password", {}, "Enter your current password"],
      ["POST", "/api/auth/password", { currentPassword: u.input.password }, "Enter a new password"],
      ["POST", "/api/auth/delete-account", {}, "Enter your password to confirm"],
      ["POST", "/api/auth/onboarding", {}, "isOnboarded must be true"],
    ];
    for (const [method, url, payload, error] of cases) {
      const res = await t.app.inject({ method: method as "POST", url, headers: u.headers, payload });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json(), `${method} ${url} ${JSON.stringify(payload)}`).toMatchObject({
        error,
        code: "validation",
      });
    }
    // Nothing was done: the account and its session are as they were.
    expect((await t.app.inject({ url: "/api/auth/user", headers: u.headers })).statusCode).toBe(200);
  });

  it("is a 400 saying a JSON object is needed when there is no body, or JSON that is not an object", async () => {
    const u = await createUser(t.app);
    for (const url of ["/api/auth/login", "/api/auth/register", "/api/auth/delete-account"]) {
      for (const payload of [undefined, "null", "[]", '"secret1"']) {
        const res = await t.app.inject({
          method: "POST",
          url,
          headers: { ...u.headers, ...(payload ? { "content-type": "application/json" } : {}) },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json().error, `${url} ${payload}`).toBe("This request needs a JSON object in its body.");
      }
    }
  });
});

describe("GET/PUT /api/auth/user", () => {
  it("answers 401 without a token or with a made-up one", async () => {
    expect((await t.app.inject({ url: "/api/auth/user" })).statusCode).toBe(401);
    const res = await t.app.inject({ url: "/api/auth/user", headers: { authorization: "Bearer made-up" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/sign in/i);
  });

  it("changes the username, trimmed, and refuses one another student has", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const ok = await t.app.inject({
      method: "PUT",
      url: "/api/auth/user",
      headers: a.headers,
      payload: { username: "  new_name_a " },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe("new_name_a");
    const taken = await t.app.inject({
      method: "PUT",
      url: "/api/auth/user",
      headers: b.headers,
      payload: { username: "NEW_NAME_A" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("That username is already taken.");
    const empty = await t.app.inject({
      method: "PUT",
      url: "/api/auth/user",
      headers: b.headers,
      payload: { username: "   " },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Username cannot be empty.");
  });

  it("lets a student keep their own username in another case", async () => {
    const a = await createUser(t.app, { username: "CaseKeeper" });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/auth/user",
      headers: a.headers,
      payload: { username: "casekeeper" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses an onboarding body other than { isOnboarded: true }", async () => {
    const a = await createUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/onboarding",
      headers: a.headers,
      payload: { isOnboarded: false },
    });
    expect(res.statusCode).toBe(400);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/auth/onboarding",
      payload: { isOnboarded: true },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("finishes onboarding without Canvas", async () => {
    const a = await createUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/onboarding",
      headers: a.headers,
      payload: { isOnboarded: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isOnboarded).toBe(true);
  });
});

describe("rate limiting", () => {
  it("answers 429 after too many sign-ups from one address, whatever the email", async () => {
    const limited = await createTestApp({ authRateLimit: { perIp: 2, perEmail: 100, windowMs: 60_000 } });
    try {
      const signUp = (n: number) =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: {
            email: `ip${n}@school.edu`,
            password: "secret1",
            firstName: "A",
            lastName: "B",
            username: `ip_user_${n}`,
          },
        });
      expect((await signUp(1)).statusCode).toBe(201);
      expect((await signUp(2)).statusCode).toBe(201);
      const blocked = await signUp(3);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/too many attempts/i);
    } finally {
      await limited.close();
    }
  });

  it("answers 429 after too many sign-in attempts for one email", async () => {
    const limited = await createTestApp({ authRateLimit: { perIp: 100, perEmail: 3, windowMs: 60_000 } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "target@school.edu", password: "guess" },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/too many attempts/i);
    } finally {
      await limited.close();
    }
  });
});
