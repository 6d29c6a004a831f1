// Issue 27 fault 12: sign-up was limited only per address (24 throwaway accounts in 0.4 s) and a friend
// request answered 404 for an unknown username, so names could be probed at ~900 a minute. Now: sign-ups
// per address an hour with exponential backoff, a server-wide sign-up budget a minute, and username
// lookups per account a day (docs/operations.md, "Sign-up and username lookups").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    signupLimit: { perAddressPerHour: 3, perMinute: 5 },
    usernameLookupsPerDay: 4,
  });
});
afterAll(() => t.close());

let n = 0;
const register = (remoteAddress: string) => {
  n += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress,
    payload: {
      email: `throwaway${n}@school.edu`,
      password: "correct horse",
      firstName: "T",
      lastName: "A",
      username: `throwaway_${n}`,
    },
  });
};

describe("sign-up limits", () => {
  it("refuse a fourth sign-up an hour from one address, and each further try backs off longer", async () => {
    for (let i = 0; i < 3; i++) expect((await register("10.2.0.1")).statusCode).toBe(201);
    const fourth = await register("10.2.0.1");
    expect(fourth.statusCode).toBe(429);
    const first = Number(fourth.headers["retry-after"]);
    expect(first).toBeGreaterThan(3000);
    const fifth = await register("10.2.0.1");
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers["retry-after"])).toBeGreaterThan(first);
  });

  it("refuse sign-ups past the server-wide budget whatever the address", async () => {
    // Three were counted above (the refused ones never reached the server-wide count).
    expect((await register("10.2.0.2")).statusCode).toBe(201);
    expect((await register("10.2.0.3")).statusCode).toBe(201);
    const over = await register("10.2.0.4");
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("username lookups", () => {
  it("are limited per account a day across friend requests and group invites", async () => {
    const lookup = await createTestApp({ usernameLookupsPerDay: 4 });
    try {
      const ada = await createUser(lookup.app);
      const group = await lookup.app.inject({
        method: "POST",
        url: "/api/study-groups",
        headers: ada.headers,
        payload: { name: "G", description: "", isPrivate: false },
      });
      const probe = (i: number) =>
        i % 2
          ? lookup.app.inject({
              method: "POST",
              url: "/api/friends/request",
              headers: ada.headers,
              payload: { username: `nobody_${i}` },
            })
          : lookup.app.inject({
              method: "POST",
              url: `/api/study-groups/${group.json().id}/members`,
              headers: ada.headers,
              payload: { username: `nobody_${i}` },
            });
      for (let i = 0; i < 4; i++) expect((await probe(i)).statusCode).toBe(404);
      expect((await probe(4)).statusCode).toBe(429);
      expect((await probe(5)).statusCode).toBe(429);
      // Another account has its own budget.
      const bob = await createUser(lookup.app);
      const bobs = await lookup.app.inject({
        method: "POST",
        url: "/api/friends/request",
        headers: bob.headers,
        payload: { username: "nobody_x" },
      });
      expect(bobs.statusCode).toBe(404);
    } finally {
      await lookup.close();
    }
  });
});
