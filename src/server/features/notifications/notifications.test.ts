import type { LookupAddress } from "node:dns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_SETTINGS } from "#shared/settings/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { FakePushService } from "#tests/fixtures/fake-push-service.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { pushSubscriptions, pushVapidKeys } from "../../db/schema/notifications.ts";
import { type RedeliverPayload, redeliverPushJob } from "./notifications.jobs.ts";
import { PUSH_SUBSCRIBE_PER_MINUTE } from "./notifications.routes.ts";
import { MAX_DEVICES_PER_STUDENT } from "./notifications.service.ts";

/** DNS for the test: public push services, and names pointing inside the network. */
let rebindLookups = 0;
const fakeDns: Record<string, LookupAddress[]> = {
  "fcm.example.com": [{ address: "93.184.216.34", family: 4 }],
  "loopback.example.net": [{ address: "127.0.0.1", family: 4 }],
  "intranet.example.net": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.1.2.3", family: 4 },
  ],
  "metadata.example.net": [{ address: "169.254.169.254", family: 4 }],
  "v6.example.net": [{ address: "::1", family: 6 }],
};
const resolveAll = async (name: string) => {
  // DNS rebinding: public when the subscription is checked, loopback when a message is sent.
  if (name === "rebind.example.net") {
    rebindLookups += 1;
    return [{ address: rebindLookups === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
  }
  const found = fakeDns[name];
  if (!found) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return found;
};

const SUBJECT = "mailto:ops@studyhall.example.edu";
const warnings: string[] = [];

let fake: FakePushService;
let t: TestApp;
let ada: TestUser;
let bob: TestUser;
let publicKey: string;
beforeAll(async () => {
  fake = await new FakePushService().start();
  t = await createTestApp({
    push: { insecureHosts: [fake.host], resolveAll, subject: SUBJECT, timeoutMs: 1_000 },
    logLevel: "warn",
    logStream: { write: (line: string) => void warnings.push(line) },
  });
  ada = await createUser(t.app);
  bob = await createUser(t.app);
  publicKey = (await req(ada, "GET", "/api/push/public-key")).json().publicKey;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.clearFaults();
  fake.latencyMs = 0;
});

const req = (who: TestUser | null, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...who?.headers } });

const notifications = () => t.app.services.notifications;

/** A browser on the fake push service subscribes and hands its subscription to the server. */
async function subscribeDevice(who: TestUser, extra: object = {}) {
  const sub = fake.subscribe({ applicationServerKey: publicKey });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    headers: {
      ...who.headers,
      "user-agent": "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
    },
    payload: { ...sub, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { sub, device: res.json() as { id: number; label: string; service: string; createdAt: string } };
}

const validKeys = () => fake.subscribe().keys;

describe("VAPID key", () => {
  it("is generated once, kept in the database with its private half sealed, and answered to every call", async () => {
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await req(bob, "GET", "/api/push/public-key")).json()).toEqual({ publicKey });
    const rows = await t.app.db.select().from(pushVapidKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.publicKey).toBe(publicKey);
    // Sealed (iv.tag.ciphertext), not the 43-character key itself.
    expect(rows[0]!.privateKeySealed.split(".")).toHaveLength(3);
  });

  it("needs a session", async () => {
    expect((await req(null, "GET", "/api/push/public-key")).statusCode).toBe(401);
  });
});

describe("POST /api/push/subscriptions validation", () => {
  // Refusals count against the per-student limit (each may cost a DNS lookup): spread them over students.
  let carol: TestUser;
  beforeAll(async () => {
    carol = await createUser(t.app);
  });

  it.each([
    ["http://push.example.com/send/1", "Push endpoints must use https."],
    ["https://10.0.0.1/send/1", "10.0.0.1 is a private network address"],
    ["https://127.0.0.1/send/1", "127.0.0.1 is a private network address"],
    ["https://[::1]/send/1", "::1 is a private network address"],
    ["https://169.254.169.254/latest/meta-data", "169.254.169.254 is a private network address"],
    ["https://[::ffff:192.168.1.10]/send/1", "is a private network address"],
    ["https://93.184.216.34/send/1", "not an IP address"],
    ["https://localhost/send/1", "localhost is not a public push service."],
    ["https://push/send/1", "push is not a public push service."],
    ["https://loopback.example.net/send/1", "loopback.example.net points to a private network address"],
    ["https://intranet.example.net/send/1", "intranet.example.net points to a private network address"],
    ["https://metadata.example.net/send/1", "metadata.example.net points to a private network address"],
    ["https://v6.example.net/send/1", "v6.example.net points to a private network address"],
    ["https://nowhere.example.net/send/1", "Could not find the push service nowhere.example.net."],
    ["https://fcm.example.com:8443/send/1", "Push endpoints use the standard https port."],
    ["https://user:pw@fcm.example.com/send/1", "must not carry credentials"],
  ])("refuses %s with 400", async (endpoint, message) => {
    const res = await req(ada, "POST", "/api/push/subscriptions", { endpoint, keys: validKeys() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it("refuses http and loopback hosts that are not in PUSH_INSECURE_HOSTS", async () => {
    // The fake service's own host:port is allow-listed; the same address on another port is not.
    const port = Number(fake.host.split(":")[1]);
    const other = `127.0.0.1:${port === 65535 ? port - 1 : port + 1}`;
    for (const endpoint of [`http://${other}/push/x`, `https://${other}/push/x`, "http://localhost/push/x"]) {
      const res = await req(bob, "POST", "/api/push/subscriptions", { endpoint, keys: validKeys() });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error).toMatch(/must use https|private network address|standard https port/);
    }
  });

  it.each([
    [{ endpoint: "ftp://fcm.example.com/x" }, "The push endpoint must be an https URL"],
    [{ endpoint: "not a url" }, "The push endpoint must be a URL"],
    [{ endpoint: `https://fcm.example.com/${"x".repeat(2050)}` }, "The push endpoint is too long"],
    [{ keys: undefined }, "keys (p256dh and auth) are required"],
    [{ keys: { p256dh: "BAAA", auth: "A".repeat(22) } }, "keys.p256dh must be 65 bytes of base64url"],
    [
      { keys: { p256dh: `A${"A".repeat(86)}`, auth: "A".repeat(22) } },
      "keys.p256dh must be 65 bytes of base64url",
    ],
    [
      { keys: { p256dh: `B${"+".repeat(86)}`, auth: "A".repeat(22) } },
      "keys.p256dh must be 65 bytes of base64url",
    ],
    [{ keys: { p256dh: "VALID", auth: "A".repeat(21) } }, "keys.auth must be 16 bytes of base64url"],
    [
      { keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } },
      "keys.p256dh is not a P-256 public key",
    ],
    [{ expirationTime: -1 }, "Too small"],
    // A real point behind 0x05 (base64url 'B' stands for 0x04..0x07): not the uncompressed form browsers send.
    [{ keys: { p256dh: "PREFIX5", auth: "A".repeat(22) } }, "keys.p256dh is not a P-256 public key"],
  ])("refuses %j with 400", async (change, message) => {
    const keys = validKeys();
    const body: Record<string, unknown> = { endpoint: "https://fcm.example.com/send/abc", keys, ...change };
    const changedKeys = (change as { keys?: { p256dh: string } }).keys;
    if (changedKeys?.p256dh === "VALID") body.keys = { ...changedKeys, p256dh: keys.p256dh };
    if (changedKeys?.p256dh === "PREFIX5") {
      const raw = Buffer.from(keys.p256dh, "base64url");
      raw[0] = 0x05;
      body.keys = { ...changedKeys, p256dh: raw.toString("base64url") };
    }
    const res = await req(carol, "POST", "/api/push/subscriptions", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it("accepts a public push service and labels the device from its User-Agent", async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: {
        ...u.headers,
        "user-agent":
          "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      },
      payload: {
        endpoint: "https://fcm.example.com/fcm/send/abc:def",
        keys: validKeys(),
        expirationTime: null,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      label: "Chrome on Android",
      service: "fcm.example.com",
      createdAt: expect.any(String),
    });
    expect((await req(u, "GET", "/api/push/subscriptions")).json()).toEqual([res.json()]);
  });
});

/**
 * A retry runs at whatever time the test does, and the default quiet hours (22:00-07:00 in the student's
 * zone, UTC here) hold it: tests of retries themselves turn them off.
 */
async function withoutQuietHours(u: TestUser) {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/settings/reminders",
    headers: u.headers,
    payload: { ...DEFAULT_REMINDER_SETTINGS, quietHours: false },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("notify: delivery to the fake push service", () => {
  it("stores the notification and pushes it to every device, signed with VAPID and encrypted to each", async () => {
    const u = await createUser(t.app);
    const one = await subscribeDevice(u);
    const two = await subscribeDevice(u, { label: "Laptop" });
    expect(one.device.label).toBe("Firefox on Android");
    expect(two.device.label).toBe("Laptop");

    const result = await notifications().notify(u.user.id, {
      kind: "task_due",
      title: "Essay due in 1 hour",
      body: "History 101 · Essay draft",
      url: "/tasks?task=12",
      dedupeKey: "task_due:12:1h",
    });
    expect(result.delivery).toEqual({ sent: 2, removed: 0, stale: 0, failed: [] });
    const n = result.notification!;
    expect(n).toMatchObject({
      kind: "task_due",
      title: "Essay due in 1 hour",
      url: "/tasks?task=12",
      readAt: null,
    });

    for (const { sub } of [one, two]) {
      const [message] = fake.messagesFor(sub.endpoint);
      expect(JSON.parse(message!.payload)).toEqual({
        id: n.id,
        title: "Essay due in 1 hour",
        body: "History 101 · Essay draft",
        url: "/tasks?task=12",
        tag: `notification-${n.id}`,
      });
      expect(message!.vapid).toMatchObject({ publicKey, aud: fake.url, sub: SUBJECT });
      expect(message!.ttl).toBe(24 * 3600);
      expect(message!.urgency).toBe("normal");
      expect(message!.bodyBytes).toBeLessThan(4096);
    }
    // Nothing reached the other students' devices.
    expect(fake.received.every((m) => [one.sub.endpoint, two.sub.endpoint].includes(m.endpoint))).toBe(true);
  });

  it("never stores or pushes one reminder twice (dedupe key)", async () => {
    const u = await createUser(t.app);
    const { sub } = await subscribeDevice(u);
    const input = {
      kind: "review_due",
      title: "12 cards due",
      url: "/study/review",
      dedupeKey: "review:2025-03-01",
    } as const;
    const first = await notifications().notify(u.user.id, input);
    const again = await notifications().notify(u.user.id, input);
    expect(first.notification).not.toBeNull();
    expect(again).toEqual({ notification: null, delivery: { sent: 0, removed: 0, stale: 0, failed: [] } });
    expect(fake.messagesFor(sub.endpoint)).toHaveLength(1);
    expect((await req(u, "GET", "/api/notifications")).json().notifications).toHaveLength(1);
    // The same key for another student is another reminder.
    expect((await notifications().notify(bob.user.id, input)).notification).not.toBeNull();
  });

  it("passes TTL, urgency and a hashed topic for a tag", async () => {
    const u = await createUser(t.app);
    const { sub } = await subscribeDevice(u);
    await notifications().notify(
      u.user.id,
      { kind: "task_due", title: "Due soon", url: "/tasks" },
      { ttlSeconds: 3600, urgency: "high", tag: "task-7" },
    );
    const [message] = fake.messagesFor(sub.endpoint);
    expect(message).toMatchObject({ ttl: 3600, urgency: "high" });
    expect(message!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(message!.topic).not.toContain("task");
    expect(JSON.parse(message!.payload).tag).toBe("task-7");
  });

  it("removes a subscription the push service answers 410 or 404 for, and keeps the others", async () => {
    const u = await createUser(t.app);
    const gone = await subscribeDevice(u);
    const missing = await subscribeDevice(u);
    const live = await subscribeDevice(u);
    fake.expire(gone.sub.endpoint, 410);
    fake.expire(missing.sub.endpoint, 404);
    const result = await notifications().notify(u.user.id, {
      kind: "exam_plan",
      title: "Plan: day 3",
      url: "/study/plan",
    });
    expect(result.delivery).toEqual({ sent: 1, removed: 2, stale: 0, failed: [] });
    expect((await req(u, "GET", "/api/push/subscriptions")).json().map((d: { id: number }) => d.id)).toEqual([
      live.device.id,
    ]);
    const rows = await t.app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, u.user.id));
    expect(rows).toEqual([{ endpoint: live.sub.endpoint }]);
  });

  it("reports 429 and 5xx as retryable failures without throwing or removing anything", async () => {
    const u = await createUser(t.app);
    const a = await subscribeDevice(u);
    const b = await subscribeDevice(u);
    fake.fail(429, { endpoint: a.sub.endpoint, retryAfter: "120" });
    fake.fail(500, { endpoint: b.sub.endpoint });
    const result = await notifications().notify(u.user.id, { kind: "task_due", title: "Due", url: "/tasks" });
    expect(result.notification).not.toBeNull();
    expect(result.delivery.sent).toBe(0);
    expect(result.delivery.removed).toBe(0);
    expect(result.delivery.failed).toEqual(
      expect.arrayContaining([
        { subscriptionId: a.device.id, kind: "throttled", status: 429, retryAfter: "120", retryable: true },
        { subscriptionId: b.device.id, kind: "unavailable", status: 500, retryable: true },
      ]),
    );
    expect((await req(u, "GET", "/api/push/subscriptions")).json()).toHaveLength(2);
    // The notification is in the centre all the same, and a later delivery gets through.
    expect((await req(u, "GET", "/api/notifications/unread-count")).json()).toEqual({ unread: 1 });
    const retry = await notifications().deliver(u.user.id, {
      id: 1,
      title: "Due",
      body: "",
      url: "/tasks",
      tag: "t",
    });
    expect(retry.sent).toBe(2);
    // Logged with the push service's host, never the endpoint's secret path.
    const logged = warnings.filter((l) => l.includes("push delivery failed"));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged.some((l) => l.includes(a.sub.endpoint))).toBe(false);
  });

  it("queues another try, later, for the devices whose push service was down, and only for them", async () => {
    const u = await createUser(t.app);
    await withoutQuietHours(u);
    const ok = await subscribeDevice(u);
    const down = await subscribeDevice(u);
    const busy = await subscribeDevice(u);
    fake.fail(503, { endpoint: down.sub.endpoint });
    fake.fail(429, { endpoint: busy.sub.endpoint, retryAfter: "600" });
    const before = Date.now();
    const { notification } = await notifications().notify(
      u.user.id,
      { kind: "task_due", title: "Due in 2 h: Essay", url: "/tasks?task=9" },
      { ttlSeconds: 7200, urgency: "high", tag: "task-9" },
    );
    const queued = (await t.app.jobs.jobs(redeliverPushJob)).filter(
      (j) => (j.data as RedeliverPayload).notificationId === notification!.id,
    );
    expect(queued).toHaveLength(1);
    const job = queued[0]!.data as RedeliverPayload;
    expect(job).toMatchObject({ userId: u.user.id, attempt: 1, tag: "task-9", urgency: "high" });
    expect([...job.subscriptionIds].sort()).toEqual([down.device.id, busy.device.id].sort());
    // Not before the push service's Retry-After.
    expect(queued[0]!.startAfter.getTime()).toBeGreaterThanOrEqual(before + 600_000);

    // The push services are back: each failed device gets it once, the one that had it gets nothing more.
    const report = await notifications().redeliver(job);
    expect(report).toMatchObject({ sent: 2, failed: [] });
    for (const d of [ok, down, busy]) expect(fake.messagesFor(d.sub.endpoint)).toHaveLength(1);
    const [again] = fake.messagesFor(down.sub.endpoint);
    expect(again).toMatchObject({ urgency: "high", topic: fake.messagesFor(ok.sub.endpoint)[0]!.topic });
    expect(again!.ttl).toBeLessThanOrEqual(7200);
    expect(JSON.parse(again!.payload)).toMatchObject({ id: notification!.id, tag: "task-9" });
  });

  it("tries a failing push again with a growing delay, and not once its TTL is spent or it was read", async () => {
    const u = await createUser(t.app);
    await withoutQuietHours(u);
    const d = await subscribeDevice(u);
    const { notification } = await notifications().notify(u.user.id, {
      kind: "task_due",
      title: "Due",
      url: "/tasks",
    });
    const job: RedeliverPayload = {
      userId: u.user.id,
      notificationId: notification!.id,
      subscriptionIds: [d.device.id],
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      attempt: 2,
    };
    const mine = async () =>
      (await t.app.jobs.jobs(redeliverPushJob)).filter(
        (j) => (j.data as RedeliverPayload).notificationId === notification!.id,
      );
    fake.fail(502, { endpoint: d.sub.endpoint });
    const before = Date.now();
    expect((await notifications().redeliver(job)).sent).toBe(0);
    const [next] = await mine();
    expect(next!.data).toMatchObject({ attempt: 3, subscriptionIds: [d.device.id] });
    expect(next!.startAfter.getTime()).toBeGreaterThanOrEqual(before + 4 * 60_000);

    const sent = fake.messagesFor(d.sub.endpoint).length;
    expect(
      (await notifications().redeliver({ ...job, expiresAt: new Date(Date.now() - 1000).toISOString() }))
        .sent,
    ).toBe(0);
    await req(u, "POST", `/api/notifications/${notification!.id}/read`);
    expect((await notifications().redeliver(job)).sent).toBe(0);
    expect(fake.messagesFor(d.sub.endpoint)).toHaveLength(sent);
  });

  it("holds a retry that comes due in the student's quiet hours for a later attempt", async () => {
    const u = await createUser(t.app);
    const d = await subscribeDevice(u);
    const { notification } = await notifications().notify(u.user.id, {
      kind: "task_due",
      title: "Due",
      url: "/tasks",
    });
    const sent = fake.messagesFor(d.sub.endpoint).length;
    // Quiet from an hour ago to an hour from now (UTC, the zone of a student whose browser sent none).
    const hhmm = (ms: number) => new Date(Date.now() + ms).toISOString().slice(11, 16);
    const quiet = await t.app.inject({
      method: "PUT",
      url: "/api/settings/reminders",
      headers: u.headers,
      payload: {
        ...DEFAULT_REMINDER_SETTINGS,
        quietHours: true,
        quietStart: hhmm(-3600_000),
        quietEnd: hhmm(3600_000),
      },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const job: RedeliverPayload = {
      userId: u.user.id,
      notificationId: notification!.id,
      subscriptionIds: [d.device.id],
      expiresAt: new Date(Date.now() + 6 * 3600_000).toISOString(),
      attempt: 1,
    };
    expect((await notifications().redeliver(job)).sent).toBe(0);
    expect(fake.messagesFor(d.sub.endpoint)).toHaveLength(sent);
    const next = (await t.app.jobs.jobs(redeliverPushJob)).filter(
      (j) => (j.data as RedeliverPayload).notificationId === notification!.id,
    );
    expect(next.map((j) => j.data)).toEqual([expect.objectContaining({ attempt: 2 })]);
  });

  it("gives up on a push service that does not answer within the deadline", async () => {
    const u = await createUser(t.app);
    const d = await subscribeDevice(u);
    // The push service would answer after 4 s; the 1 s deadline gives up long before (wide margin: a
    // loaded machine delays the give-up, never the push service's answer).
    fake.latencyMs = 4_000;
    const started = Date.now();
    const result = await notifications().notify(u.user.id, { kind: "task_due", title: "Due", url: "/tasks" });
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(result.delivery.failed).toEqual([
      { subscriptionId: d.device.id, kind: "timeout", retryable: true },
    ]);
  });

  it("skips subscriptions made for another VAPID key (stale) until the browser subscribes again", async () => {
    const u = await createUser(t.app);
    const d = await subscribeDevice(u);
    await t.app.db
      .update(pushSubscriptions)
      .set({ vapidPublicKey: `B${"Q".repeat(86)}` })
      .where(eq(pushSubscriptions.id, d.device.id));
    const result = await notifications().notify(u.user.id, { kind: "task_due", title: "Due", url: "/tasks" });
    expect(result.delivery).toEqual({ sent: 0, removed: 0, stale: 1, failed: [] });
    expect(fake.messagesFor(d.sub.endpoint)).toHaveLength(0);
    // Subscribing again records the current key.
    const again = await req(u, "POST", "/api/push/subscriptions", d.sub);
    expect(again.json().id).toBe(d.device.id);
    expect(
      (await notifications().deliver(u.user.id, { id: 1, title: "x", body: "", url: "/", tag: "t" })).sent,
    ).toBe(1);
  });

  it("refuses to send when the endpoint's name now points inside the network (DNS rebinding)", async () => {
    const u = await createUser(t.app);
    const res = await req(u, "POST", "/api/push/subscriptions", {
      endpoint: "https://rebind.example.net/send/1",
      keys: validKeys(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = await notifications().notify(u.user.id, { kind: "task_due", title: "Due", url: "/tasks" });
    expect(result.delivery.failed).toEqual([
      { subscriptionId: res.json().id, kind: "refused", retryable: false },
    ]);
  });

  it("drops a subscription whose expirationTime has passed without sending to it", async () => {
    const u = await createUser(t.app);
    const d = await subscribeDevice(u, { expirationTime: Date.now() - 1000 });
    const result = await notifications().notify(u.user.id, { kind: "task_due", title: "Due", url: "/tasks" });
    expect(result.delivery).toEqual({ sent: 0, removed: 1, stale: 0, failed: [] });
    expect(fake.messagesFor(d.sub.endpoint)).toHaveLength(0);
  });

  it("refuses notifications that would not fit or deep-link outside the app (caller's bug: throws)", async () => {
    const n = notifications();
    await expect(
      n.notify(ada.user.id, { kind: "task_due", title: "x", url: "https://evil.example" }),
    ).rejects.toThrow();
    await expect(
      n.notify(ada.user.id, { kind: "task_due", title: "x", url: "//evil.example" }),
    ).rejects.toThrow();
    await expect(
      n.notify(ada.user.id, { kind: "task_due", title: "x".repeat(121), url: "/" }),
    ).rejects.toThrow();
  });
});

describe("subscriptions are per device and owner-scoped", () => {
  it("moves an endpoint to the student who subscribed on the device last", async () => {
    const u = await createUser(t.app);
    const v = await createUser(t.app);
    const d = await subscribeDevice(u);
    const moved = await req(v, "POST", "/api/push/subscriptions", d.sub);
    expect(moved.statusCode).toBe(201);
    expect((await req(u, "GET", "/api/push/subscriptions")).json()).toEqual([]);
    expect((await req(v, "GET", "/api/push/subscriptions")).json()).toHaveLength(1);
  });

  it("forgets a device by endpoint or id, only the caller's own", async () => {
    const u = await createUser(t.app);
    const a = await subscribeDevice(u);
    const b = await subscribeDevice(u);
    // Another student cannot remove them, by id or by endpoint.
    expect((await req(bob, "DELETE", `/api/push/subscriptions/${a.device.id}`)).statusCode).toBe(404);
    expect((await req(bob, "POST", "/api/push/unsubscribe", { endpoint: a.sub.endpoint })).statusCode).toBe(
      200,
    );
    expect((await req(u, "GET", "/api/push/subscriptions")).json()).toHaveLength(2);

    expect((await req(u, "POST", "/api/push/unsubscribe", { endpoint: a.sub.endpoint })).json()).toEqual({
      ok: true,
    });
    expect((await req(u, "DELETE", `/api/push/subscriptions/${b.device.id}`)).json()).toEqual({ ok: true });
    expect((await req(u, "GET", "/api/push/subscriptions")).json()).toEqual([]);
    expect((await req(u, "DELETE", `/api/push/subscriptions/${b.device.id}`)).statusCode).toBe(404);
  });

  it(`keeps the ${MAX_DEVICES_PER_STUDENT} newest devices`, async () => {
    const u = await createUser(t.app);
    const made: number[] = [];
    for (let i = 0; i < MAX_DEVICES_PER_STUDENT + 2; i++) made.push((await subscribeDevice(u)).device.id);
    const ids = (await req(u, "GET", "/api/push/subscriptions")).json().map((d: { id: number }) => d.id);
    expect(ids.sort((x: number, y: number) => x - y)).toEqual(made.slice(2));
  });

  it(`limits subscription changes to ${PUSH_SUBSCRIBE_PER_MINUTE} a minute per student`, async () => {
    const u = await createUser(t.app);
    const attempt = () =>
      req(u, "POST", "/api/push/subscriptions", { endpoint: "https://10.0.0.1/x", keys: validKeys() });
    for (let i = 0; i < PUSH_SUBSCRIBE_PER_MINUTE; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
    expect(limited.headers["retry-after"]).toBe("60");
    // Another student is not held back by it.
    expect(
      (await req(bob, "POST", "/api/push/unsubscribe", { endpoint: "https://fcm.example.com/x" })).statusCode,
    ).toBe(200);
  });

  it("needs a session for every push endpoint", async () => {
    for (const [method, url] of [
      ["GET", "/api/push/subscriptions"],
      ["POST", "/api/push/subscriptions"],
      ["POST", "/api/push/unsubscribe"],
      ["DELETE", "/api/push/subscriptions/1"],
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["POST", "/api/notifications/1/read"],
      ["POST", "/api/notifications/read-all"],
    ] as const) {
      expect((await req(null, method, url, method === "POST" ? {} : undefined)).statusCode, url).toBe(401);
    }
  });
});

describe("the notification centre", () => {
  let u: TestUser;
  let ids: number[];
  beforeAll(async () => {
    u = await createUser(t.app);
    ids = [];
    for (let i = 1; i <= 25; i++) {
      const { notification } = await notifications().notify(u.user.id, {
        kind: i % 2 ? "task_due" : "review_due",
        title: `Reminder ${i}`,
        url: `/tasks?task=${i}`,
      });
      ids.push(notification!.id);
    }
  });

  it("lists newest first, a page at a time", async () => {
    const first = (await req(u, "GET", "/api/notifications")).json();
    expect(first.notifications.map((n: { id: number }) => n.id)).toEqual(ids.slice(5).reverse());
    expect(first.notifications[0]).toEqual({
      id: ids[24],
      kind: "task_due",
      title: "Reminder 25",
      body: "",
      url: "/tasks?task=25",
      createdAt: expect.any(String),
      readAt: null,
    });
    expect(first.nextBefore).toBe(ids[5]);
    const second = (await req(u, "GET", `/api/notifications?before=${first.nextBefore}`)).json();
    expect(second.notifications.map((n: { id: number }) => n.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.nextBefore).toBeNull();
    const small = (await req(u, "GET", "/api/notifications?limit=3")).json();
    expect(small.notifications).toHaveLength(3);
    expect(small.nextBefore).toBe(ids[22]);
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=101", "limit must be at most 100"],
    ["limit=x", "limit must be a number"],
    ["before=abc", "before must be a notification id"],
    ["before=0", "before must be a notification id"],
  ])("answers 400 for ?%s", async (query, message) => {
    const res = await req(u, "GET", `/api/notifications?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("counts unread, marks one read once, then all", async () => {
    expect((await req(u, "GET", "/api/notifications/unread-count")).json()).toEqual({ unread: 25 });
    const res = await req(u, "POST", `/api/notifications/${ids[3]}/read`);
    expect(res.json()).toEqual({ unread: 24 });
    const readAt = (await req(u, "GET", "/api/notifications?limit=100"))
      .json()
      .notifications.find((n: { id: number }) => n.id === ids[3]).readAt;
    expect(readAt).toEqual(expect.any(String));
    // Reading it again keeps the first time and the count.
    expect((await req(u, "POST", `/api/notifications/${ids[3]}/read`)).json()).toEqual({ unread: 24 });
    const again = (await req(u, "GET", "/api/notifications?limit=100"))
      .json()
      .notifications.find((n: { id: number }) => n.id === ids[3]).readAt;
    expect(again).toBe(readAt);

    expect((await req(u, "POST", "/api/notifications/read-all")).json()).toEqual({ unread: 0 });
    expect((await req(u, "GET", "/api/notifications/unread-count")).json()).toEqual({ unread: 0 });
    const list = (await req(u, "GET", "/api/notifications?limit=100")).json().notifications;
    expect(list.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
  });

  it("never shows or changes another student's notifications", async () => {
    const other = await createUser(t.app);
    await notifications().notify(other.user.id, { kind: "task_due", title: "Theirs", url: "/tasks" });
    const res = await req(other, "POST", `/api/notifications/${ids[0]}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("Notification not found.");
    const theirs = (await req(other, "GET", "/api/notifications")).json();
    expect(theirs.notifications.map((n: { title: string }) => n.title)).toEqual(["Theirs"]);
    // Paging past someone else's id shows nothing of theirs either.
    const paged = (await req(other, "GET", `/api/notifications?before=${ids[24]! + 1000}`)).json();
    expect(paged.notifications.map((n: { title: string }) => n.title)).toEqual(["Theirs"]);
    // Marking all read touches only the caller's.
    await req(other, "POST", "/api/notifications/read-all");
    expect((await req(other, "GET", "/api/notifications/unread-count")).json()).toEqual({ unread: 0 });
    expect((await req(bob, "POST", "/api/notifications/999999/read")).statusCode).toBe(404);
  });
});
