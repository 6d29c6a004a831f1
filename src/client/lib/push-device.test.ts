import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetPushDevice } from "./push-device.ts";

// The browser as signing out meets it: a service worker whose push subscription the server also holds.
const sent: { url: string; method: string | undefined; body: unknown }[] = [];
const realFetch = globalThis.fetch;
let unsubscribed = 0;
const setWorker = (subscription: { endpoint: string } | null, failFetch = false) => {
  Object.defineProperty(globalThis, "navigator", {
    configurable: true,
    value: {
      serviceWorker: {
        getRegistration: async () => ({
          pushManager: {
            getSubscription: async () =>
              subscription && {
                ...subscription,
                unsubscribe: async () => {
                  unsubscribed++;
                  return true;
                },
              },
          },
        }),
      },
    },
  });
  // The browser's fetch itself, which call() uses: what forgetPushDevice asks of the server is under test.
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (failFetch) throw new TypeError("Failed to fetch");
    sent.push({ url, method: init?.method, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ ok: true }), { status: 200 });
  }) as typeof globalThis.fetch;
};

const store = new Map<string, string>([["authToken", "t1"]]);
beforeEach(() => {
  sent.length = 0;
  unsubscribed = 0;
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("forgetPushDevice (signing out, and the push switch's 'off')", () => {
  it("tells the server to forget this device, then drops the browser's subscription", async () => {
    setWorker({ endpoint: "https://push.example.net/send/abc" });
    await forgetPushDevice();
    expect(sent).toEqual([
      {
        url: "/api/push/unsubscribe",
        method: "POST",
        body: { endpoint: "https://push.example.net/send/abc" },
      },
    ]);
    expect(unsubscribed).toBe(1);
  });

  it("drops the subscription offline too, and does nothing without one or without a worker", async () => {
    setWorker({ endpoint: "https://push.example.net/send/abc" }, true);
    await forgetPushDevice();
    expect(unsubscribed).toBe(1);
    setWorker(null);
    await forgetPushDevice();
    expect([sent, unsubscribed]).toEqual([[], 1]);
    Object.defineProperty(globalThis, "navigator", { configurable: true, value: {} });
    await expect(forgetPushDevice()).resolves.toBeUndefined();
  });
});
