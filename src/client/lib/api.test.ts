import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authEndpoints } from "#shared/auth/contract.ts";
import { authToken, call, endpointTable, ME_PATH, prefetchGet, sessionUser } from "./api.ts";

const user = {
  id: 1,
  email: "ada@example.edu",
  username: "ada",
  firstName: "Ada",
  lastName: "Lovelace",
  avatarUrl: null,
  isOnboarded: true,
  createdAt: "2026-11-24T00:00:00.000Z",
};

// Local storage as the browser keeps it, per test.
const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage;
});

describe("sessionUser (the user a reload draws before the session check answers)", () => {
  it("is the user last seen with the stored token", () => {
    authToken.set("t1");
    sessionUser.set(user);
    expect(sessionUser.get()).toEqual(user);
  });

  it("is never shown with another token: another student signed in on this browser", () => {
    authToken.set("t1");
    sessionUser.set(user);
    authToken.set("t2");
    expect(sessionUser.get()).toBeUndefined();
  });

  it("goes with the token on sign-out, and with a null user", () => {
    authToken.set("t1");
    sessionUser.set(user);
    authToken.clear();
    expect(store.size).toBe(0);
    authToken.set("t1");
    expect(sessionUser.get()).toBeUndefined();
    sessionUser.set(user);
    sessionUser.set(null);
    expect(store.has("sessionUser")).toBe(false);
  });

  it("ignores what it cannot read", () => {
    authToken.set("t1");
    for (const saved of ["{", "null", '{"token":"t1","user":{"id":"1"}}', '{"token":"t1"}']) {
      store.set("sessionUser", saved);
      expect(sessionUser.get()).toBeUndefined();
    }
  });
});

describe("prefetchGet (boot.ts's early session check)", () => {
  const asked: { url: string; auth: string | undefined }[] = [];
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    asked.length = 0;
    // The browser's fetch, answering as the server does: what call() does with the answer is under test.
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      asked.push({ url, auth: (init?.headers as Record<string, string> | undefined)?.Authorization });
      return new Response(JSON.stringify({ ...user, username: `ada${asked.length}` }), { status: 200 });
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("asks for the path the auth query calls", () => {
    expect(authEndpoints.me.path).toBe(ME_PATH);
  });

  it("gives its answer to the first call for the same URL and token, and only to that one", async () => {
    authToken.set("t1");
    prefetchGet(ME_PATH);
    expect(asked).toEqual([{ url: ME_PATH, auth: "Bearer t1" }]);
    expect((await call(authEndpoints.me)).username).toBe("ada1");
    expect(asked).toHaveLength(1);
    expect((await call(authEndpoints.me)).username).toBe("ada2");
    expect(asked).toHaveLength(2);
  });

  it("is not used once the token has changed (another student signed in)", async () => {
    authToken.set("t1");
    prefetchGet(ME_PATH);
    authToken.set("t2");
    expect((await call(authEndpoints.me)).username).toBe("ada2");
    expect(asked.map((a) => a.auth)).toEqual(["Bearer t1", "Bearer t2"]);
  });
});

describe("endpointTable", () => {
  it("imports the table on first use only, and keeps it for code that cannot wait", async () => {
    let imports = 0;
    const endpoints = endpointTable(async () => {
      imports += 1;
      return { authEndpoints };
    }, "authEndpoints");
    expect(imports).toBe(0);
    expect(endpoints.loaded()).toBeUndefined();
    expect(await endpoints()).toBe(authEndpoints);
    expect(await endpoints()).toBe(authEndpoints);
    expect(imports).toBe(1);
    expect(endpoints.loaded()).toBe(authEndpoints);
  });
});
