import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { loadEnv } from "../../env.ts";
import { generateVapidKeys, isVapidSubject, vapidKeyPairProblem } from "./vapid.ts";

describe("VAPID keys", () => {
  it("generates pairs web-push accepts and that fit together", () => {
    for (let i = 0; i < 20; i++) {
      const keys = generateVapidKeys();
      expect(keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(vapidKeyPairProblem(keys)).toBeNull();
      expect(() =>
        webpush.getVapidHeaders(
          "https://fcm.googleapis.com",
          "mailto:a@b.edu",
          keys.publicKey,
          keys.privateKey,
          "aes128gcm",
        ),
      ).not.toThrow();
    }
  });

  it("says why a pair does not fit", () => {
    const a = webpush.generateVAPIDKeys();
    const b = webpush.generateVAPIDKeys();
    expect(vapidKeyPairProblem(a)).toBeNull();
    expect(vapidKeyPairProblem({ publicKey: a.publicKey, privateKey: b.privateKey })).toBe(
      "the private key does not belong to the public key",
    );
    expect(vapidKeyPairProblem({ publicKey: a.publicKey, privateKey: "A".repeat(43) })).toBe(
      "the private key is not a P-256 private key",
    );
  });

  it.each([
    ["mailto:ops@school.edu", true],
    ["https://studyhall.school.edu", true],
    ["http://studyhall.school.edu", false],
    ["mailto:nobody", false],
    ["ops@school.edu", false],
  ])("subject %s valid: %s", (subject, valid) => {
    expect(isVapidSubject(subject)).toBe(valid);
  });
});

describe("VAPID and push settings in the environment", () => {
  const keys = webpush.generateVAPIDKeys();

  it("reads a fitting pair, the subject and the insecure push hosts", () => {
    const env = loadEnv({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:ops@school.edu",
      PUSH_INSECURE_HOSTS: " 127.0.0.1:9100, Localhost:9101 ",
    });
    expect(env.VAPID_PUBLIC_KEY).toBe(keys.publicKey);
    expect(env.VAPID_SUBJECT).toBe("mailto:ops@school.edu");
    expect(env.PUSH_INSECURE_HOSTS).toEqual(["127.0.0.1:9100", "localhost:9101"]);
    expect(loadEnv({}).PUSH_INSECURE_HOSTS).toEqual([]);
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: keys.publicKey }, "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together"],
    [{ VAPID_PRIVATE_KEY: keys.privateKey }, "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together"],
    [
      { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey },
      "VAPID_PRIVATE_KEY does not fit VAPID_PUBLIC_KEY: the private key does not belong to the public key",
    ],
    [
      { VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey },
      "VAPID_PUBLIC_KEY must be 87 base64url",
    ],
    [{ VAPID_SUBJECT: "ops@school.edu" }, "VAPID_SUBJECT must be a mailto: address or an https: URL"],
  ])("refuses %j", (env, message) => {
    expect(() => loadEnv(env)).toThrow(message);
  });
});
