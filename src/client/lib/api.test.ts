import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { authEndpoints } from "#shared/auth/contract.ts";
import { endpoint, okSchema } from "#shared/http.ts";
import {
  ApiError,
  authToken,
  call,
  callStream,
  endpointTable,
  ME_PATH,
  prefetchGet,
  sendStored,
  sessionUser,
} from "./api.ts";

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

  it("is dropped by any write before it is taken: the answer may no longer be true", async () => {
    authToken.set("t1");
    prefetchGet(ME_PATH);
    await call(authEndpoints.updateMe, { body: { username: "ada" } });
    expect((await call(authEndpoints.me)).username).toBe("ada3");
    expect(asked.map((a) => a.url)).toEqual([ME_PATH, ME_PATH, ME_PATH]);
  });

  it("is dropped by a change the outbox sends again, as by any write", async () => {
    authToken.set("t1");
    prefetchGet(ME_PATH);
    expect(await sendStored("PUT", "/api/tasks/1", { completed: true })).toBe(200);
    expect((await call(authEndpoints.me)).username).toBe("ada3");
    expect(asked.map((a) => a.url)).toEqual([ME_PATH, "/api/tasks/1", ME_PATH]);
  });

  it("is not used once it is older than a slow first load could explain", async () => {
    authToken.set("t1");
    const realNow = Date.now;
    try {
      prefetchGet(ME_PATH);
      const then = realNow();
      Date.now = () => then + 31_000;
      expect((await call(authEndpoints.me)).username).toBe("ada2");
    } finally {
      Date.now = realNow;
    }
  });

  it("is not used once the token has changed (another student signed in)", async () => {
    authToken.set("t1");
    prefetchGet(ME_PATH);
    authToken.set("t2");
    expect((await call(authEndpoints.me)).username).toBe("ada2");
    expect(asked.map((a) => a.auth)).toEqual(["Bearer t1", "Bearer t2"]);
  });
});

describe("call's keepalive and callStream (the client's only fetch is api.ts's)", () => {
  const realFetch = globalThis.fetch;
  let sent: RequestInit | undefined;
  const answer = (res: Response) => {
    globalThis.fetch = (async (_url: string, init?: RequestInit) => {
      sent = init;
      return res;
    }) as typeof fetch;
  };
  afterEach(() => {
    globalThis.fetch = realFetch;
    sent = undefined;
  });

  const remove = endpoint({
    method: "DELETE",
    path: "/api/things/:id",
    params: z.object({ id: z.number() }),
    response: okSchema,
  });
  const streamed = endpoint({
    method: "POST",
    path: "/api/things/stream",
    body: z.object({ text: z.string() }),
    response: z.unknown(),
    stream: z.object({ summary: z.string() }),
  });
  const events = (...blocks: [string, unknown][]) =>
    new Response(blocks.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(""), {
      headers: { "content-type": "text/event-stream" },
    });

  it("sends a keepalive request when asked (a delete as the page goes away), and only then", async () => {
    answer(new Response(JSON.stringify({ ok: true })));
    await call(remove, { params: { id: 3 }, keepalive: true });
    expect(sent?.keepalive).toBe(true);
    answer(new Response(JSON.stringify({ ok: true })));
    await call(remove, { params: { id: 3 } });
    expect(sent?.keepalive).toBeFalsy();
  });

  it("streams the deltas, then answers the done event parsed with the endpoint's stream schema", async () => {
    authToken.set("t1");
    answer(
      events(
        ["delta", { text: "Cells " }],
        ["delta", { text: "divide." }],
        ["done", { summary: "Cells divide." }],
      ),
    );
    const deltas: string[] = [];
    const done = await callStream(streamed, { body: { text: "..." } }, (t) => deltas.push(t));
    expect(deltas).toEqual(["Cells ", "divide."]);
    expect(done).toEqual({ summary: "Cells divide." });
    expect(sent).toMatchObject({ method: "POST", body: JSON.stringify({ text: "..." }) });
    expect((sent!.headers as Record<string, string>).Authorization).toBe("Bearer t1");
  });

  it("throws the error event, a refusal before the stream and a done outside its schema", async () => {
    answer(events(["error", { status: 503, code: "ai_unavailable", error: "The AI is busy." }]));
    await expect(callStream(streamed, { body: { text: "" } }, () => {})).rejects.toMatchObject({
      status: 503,
      message: "The AI is busy.",
    });
    answer(new Response(JSON.stringify({ error: "Text is required", code: "validation" }), { status: 400 }));
    await expect(callStream(streamed, { body: { text: "" } }, () => {})).rejects.toBeInstanceOf(ApiError);
    answer(events(["done", { nope: 1 }]));
    await expect(callStream(streamed, { body: { text: "" } }, () => {})).rejects.toThrow();
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
