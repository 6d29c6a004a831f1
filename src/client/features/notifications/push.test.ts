import { beforeEach, describe, expect, it } from "vitest";
import { refreshPush } from "./push.ts";

// A browser with notifications allowed and a service worker whose push subscription may change under it.
const KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const KEY_B64 = Buffer.from(KEY).toString("base64url");
let endpoint = "https://push.example.net/send/one";
const subscribed: string[] = [];
const sent: unknown[] = [];
const store = new Map<string, string>();

const subscription = () => ({
  endpoint,
  options: { applicationServerKey: KEY.buffer },
  toJSON: () => ({ endpoint, keys: { p256dh: "p", auth: "a" } }),
  unsubscribe: async () => true,
});

beforeEach(() => {
  store.clear();
  store.set("authToken", "t1");
  subscribed.length = 0;
  sent.length = 0;
  endpoint = "https://push.example.net/send/one";
  const registration = {
    pushManager: {
      getSubscription: async () => subscription(),
      subscribe: async () => {
        subscribed.push(endpoint);
        return subscription();
      },
    },
  };
  Object.assign(globalThis, {
    window: { PushManager: class {}, Notification: class {} },
    Notification: { permission: "granted" },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    fetch: async (url: string, init?: RequestInit) => {
      if (url.endsWith("/api/push/public-key"))
        return new Response(JSON.stringify({ publicKey: KEY_B64 }), { status: 200 });
      sent.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({
          id: 1,
          label: "Chrome on Linux",
          service: "push.example.net",
          createdAt: "2026-11-28T00:00:00Z",
        }),
        { status: 201 },
      );
    },
  });
  Object.defineProperty(globalThis, "navigator", {
    configurable: true,
    value: {
      serviceWorker: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
    },
  });
});

describe("refreshPush (a visit re-sends this device's subscription)", () => {
  it("sends it when never sent, then not again the same day, and at once when the browser renewed it", async () => {
    await refreshPush();
    expect(sent).toEqual([
      { endpoint: "https://push.example.net/send/one", keys: { p256dh: "p", auth: "a" } },
    ]);
    await refreshPush();
    expect(sent).toHaveLength(1);
    endpoint = "https://push.example.net/send/two";
    await refreshPush();
    expect(sent.at(-1)).toMatchObject({ endpoint: "https://push.example.net/send/two" });
    expect(subscribed).toEqual([]);
  });

  it("asks nothing and sends nothing without permission", async () => {
    Object.assign(globalThis, { Notification: { permission: "default" } });
    await refreshPush();
    expect(sent).toEqual([]);
  });
});
