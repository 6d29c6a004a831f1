import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { createUser } from "#tests/factories.ts";
import { FakePushService } from "#tests/fixtures/fake-push-service.ts";
import { createTestApp, type TestApp, testConfig } from "#tests/test-app.ts";
import { generateVapidKeys } from "../../integrations/push/vapid.ts";
import { PLACEHOLDER_SUBJECT } from "./notifications.service.ts";

// Where the VAPID key pair comes from, on one database shared by several instances, and how many
// push requests run at once.

let fake: FakePushService;
let t: TestApp;
const secretKey = randomBytes(32);
beforeAll(async () => {
  fake = await new FakePushService().start();
  t = await createTestApp({ secretKey, push: { insecureHosts: [fake.host], concurrency: 2 } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const keyOf = async (app: TestApp["app"]) => {
  const u = await createUser(app);
  const res = await app.inject({ method: "GET", url: "/api/push/public-key", headers: u.headers });
  return res.json().publicKey as string;
};

describe("VAPID keys", () => {
  it("are the environment's when given (nothing generated)", async () => {
    const keys = generateVapidKeys();
    const app = await buildApp(testConfig({ push: { vapidKeys: keys } }), t.database);
    try {
      expect(await keyOf(app)).toBe(keys.publicKey);
    } finally {
      await app.close();
    }
  });

  it("are generated once and shared by every instance on the database", async () => {
    const first = await keyOf(t.app);
    const second = await buildApp(testConfig({ secretKey }), t.database);
    try {
      expect(await keyOf(second)).toBe(first);
    } finally {
      await second.close();
    }
  });

  it("are replaced when the stored pair cannot be opened with SECRET_KEY", async () => {
    const before = await keyOf(t.app);
    const other = await buildApp(testConfig({ secretKey: randomBytes(32) }), t.database);
    try {
      const after = await keyOf(other);
      expect(after).not.toBe(before);
      expect(after).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    } finally {
      await other.close();
    }
  });
});

describe("delivery", () => {
  it("runs at most `concurrency` push requests at once, and signs with the placeholder subject by default", async () => {
    try {
      const u = await createUser(t.app);
      const key = await keyOf(t.app);
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/push/subscriptions",
          headers: u.headers,
          payload: fake.subscribe({ applicationServerKey: key }),
        });
        expect(res.statusCode).toBe(201);
      }
      fake.latencyMs = 150;
      fake.maxInFlight = 0;
      const result = await t.app.services.notifications.notify(u.user.id, {
        kind: "review_due",
        title: "12 cards due",
        url: "/study/review",
      });
      expect(result.delivery.sent).toBe(6);
      expect(fake.maxInFlight).toBe(2);
      expect(fake.received.at(-1)!.vapid.sub).toBe(PLACEHOLDER_SUBJECT);
    } finally {
      fake.latencyMs = 0;
    }
  });
});
