import { createHash, createPublicKey } from "node:crypto";
import {
  type NewNotification,
  type Notification,
  type NotificationPage,
  newNotificationSchema,
  type PushDevice,
  type PushPayload,
  type PushSubscriptionInput,
  pushSubscriptionInputSchema,
} from "#shared/notifications/contract.ts";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { assertPushEndpoint, PushEndpointRefused } from "../../integrations/push/endpoint-policy.ts";
import {
  createPushClient,
  isRetryable,
  type PushFailureKind,
  type PushUrgency,
} from "../../integrations/push/push-client.ts";
import { generateVapidKeys, type VapidKeys, vapidKeyPairProblem } from "../../integrations/push/vapid.ts";
import type { Clock } from "../../lib/clock.ts";
import { decrypt, encrypt } from "../../lib/crypto.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type HostPolicy, type ResolveAll, systemResolveAll } from "../../lib/host-policy.ts";
import { deviceLabel } from "./device-label.ts";
import {
  notificationsRepo,
  type StoredSubscription,
  subscriptionsRepo,
  vapidKeysRepo,
} from "./notifications.repo.ts";

/** Devices a student may have subscribed at once; subscribing one more forgets the oldest. */
export const MAX_DEVICES_PER_STUDENT = 10;
/** How long a push service keeps a reminder for a device that is offline, unless the caller says. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** A DNS answer for a push endpoint must come within this (the subscribe request waits for it). */
const RESOLVE_TIMEOUT_MS = 5_000;
/** Used when neither VAPID_SUBJECT nor an https PUBLIC_URL names a contact. */
export const PLACEHOLDER_SUBJECT = "mailto:webpush@studyhall.invalid";

/** Where the service reports what went wrong without failing its caller (the app's logger). */
export interface ServiceLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PushOptions {
  /** How long the push service may hold the message for an offline device (default 24 h). */
  ttlSeconds?: number;
  urgency?: PushUrgency;
  /**
   * The notification's tag on the device: a newer one with the same tag replaces it (e.g. the 1 h
   * reminder replaces the 24 h one for the same task). Default: unique to the notification.
   */
  tag?: string;
}

export interface DeliveryFailure {
  subscriptionId: number;
  kind: PushFailureKind | "error";
  status?: number;
  retryAfter?: string;
  /** Worth sending again later (throttled, 5xx, network, timeout). */
  retryable: boolean;
}

export interface DeliveryReport {
  /** Accepted by the push service (201). */
  sent: number;
  /** Subscriptions deleted: the push service said 404/410, or the browser's expirationTime passed. */
  removed: number;
  /** Skipped: made for another VAPID key; the browser's next visit subscribes again. */
  stale: number;
  failed: DeliveryFailure[];
}

export interface NotifyResult {
  /** The stored notification, or null when one with the same dedupe key already existed (nothing sent). */
  notification: Notification | null;
  delivery: DeliveryReport;
}

const emptyReport = (): DeliveryReport => ({ sent: 0, removed: 0, stale: 0, failed: [] });

function withTimeout(resolveAll: ResolveAll, ms: number): ResolveAll {
  return (hostname) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`DNS lookup of ${hostname} timed out`)), ms);
      resolveAll(hostname).then(
        (a) => {
          clearTimeout(timer);
          resolve(a);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
}

/** A browser key that is not a point on P-256 would only fail later, at every send: refuse it now. */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, "base64url");
  try {
    createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: raw.subarray(1, 33).toString("base64url"),
        y: raw.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The notification centre and Web Push. `notify` is what other features (reminders) call: it stores the
 * notification once per dedupe key and pushes it to every device of the student; delivery problems are
 * reported in its answer and logged, never thrown.
 */
export function createNotificationsService({
  db,
  config,
  clock,
  log,
}: {
  db: Db;
  config: AppConfig;
  clock: Clock;
  log?: ServiceLog;
}) {
  const push = config.push ?? {};
  const policy: HostPolicy = {
    insecureHosts: push.insecureHosts ?? [],
    resolveAll: withTimeout(push.resolveAll ?? systemResolveAll, RESOLVE_TIMEOUT_MS),
  };
  const client = createPushClient({
    policy,
    subject: push.subject ?? PLACEHOLDER_SUBJECT,
    timeoutMs: push.timeoutMs,
    concurrency: push.concurrency,
  });

  /**
   * The environment's pair, else the one kept in the database: generated by the first instance that
   * needs it, its private key sealed with SECRET_KEY. A stored pair no key can open any more (SECRET_KEY
   * changed) is replaced; the subscriptions made for it are then stale until their browsers subscribe again.
   */
  async function loadKeys(): Promise<VapidKeys> {
    if (push.vapidKeys) return push.vapidKeys;
    const open = (row: { publicKey: string; privateKeySealed: string }): VapidKeys | null => {
      try {
        const keys = {
          publicKey: row.publicKey,
          privateKey: decrypt(config.secretKey, row.privateKeySealed),
        };
        return vapidKeyPairProblem(keys) ? null : keys;
      } catch {
        return null;
      }
    };
    const stored = await vapidKeysRepo.get(db);
    if (stored) {
      const keys = open(stored);
      if (keys) return keys;
      log?.warn({}, "the stored VAPID key pair cannot be read with this SECRET_KEY; generating a new pair");
      const fresh = generateVapidKeys();
      await vapidKeysRepo.replace(db, fresh.publicKey, encrypt(config.secretKey, fresh.privateKey));
      return fresh;
    }
    const fresh = generateVapidKeys();
    await vapidKeysRepo.insertIfAbsent(db, fresh.publicKey, encrypt(config.secretKey, fresh.privateKey));
    // Another instance may have stored its pair first: everyone uses the stored one.
    const winner = await vapidKeysRepo.get(db);
    const keys = winner && open(winner);
    if (!keys) throw new Error("the stored VAPID key pair cannot be read with this SECRET_KEY");
    return keys;
  }
  let keysPromise: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    keysPromise ??= loadKeys().catch((err: unknown) => {
      keysPromise = undefined;
      throw err;
    });
    return keysPromise;
  };

  /** Sends one payload to every device of the student, in parallel under the client's bound. */
  async function deliver(
    userId: number,
    payload: PushPayload,
    options: PushOptions = {},
  ): Promise<DeliveryReport> {
    const report = emptyReport();
    let subscriptions: StoredSubscription[];
    let keys: VapidKeys;
    try {
      subscriptions = await subscriptionsRepo.forUser(db, userId);
      if (subscriptions.length === 0) return report;
      keys = await vapidKeys();
    } catch (err) {
      log?.error({ err, userId }, "push delivery could not start");
      return { ...report, failed: [{ subscriptionId: 0, kind: "error", retryable: true }] };
    }
    const now = clock.now();
    const gone: number[] = [];
    const live = subscriptions.filter((s) => {
      if (s.expiresAt && s.expiresAt <= now) {
        gone.push(s.id);
        return false;
      }
      if (s.vapidPublicKey !== keys.publicKey) {
        report.stale += 1;
        return false;
      }
      return true;
    });
    const message = {
      payload: JSON.stringify(payload),
      ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
      urgency: options.urgency,
      // The push service sees the topic in clear: a hash says "same as before" and nothing else.
      topic: options.tag
        ? createHash("sha256").update(`${userId}:${options.tag}`).digest("base64url").slice(0, 32)
        : undefined,
    };
    const results = await Promise.all(live.map((s) => client.send(s, message, keys)));
    results.forEach((result, i) => {
      const sub = live[i]!;
      if (result.ok) {
        report.sent += 1;
      } else if (result.kind === "gone") {
        gone.push(sub.id);
      } else {
        const failure: DeliveryFailure = {
          subscriptionId: sub.id,
          kind: result.kind,
          retryable: isRetryable(result.kind),
          ...(result.status ? { status: result.status } : {}),
          ...(result.retryAfter ? { retryAfter: result.retryAfter } : {}),
        };
        report.failed.push(failure);
        // The host only: the endpoint's path is the subscription's secret.
        log?.warn(
          {
            userId,
            service: new URL(sub.endpoint).host,
            kind: result.kind,
            status: result.status,
            reason: result.reason,
          },
          "push delivery failed",
        );
      }
    });
    if (gone.length) {
      try {
        await subscriptionsRepo.removeGone(db, userId, gone);
        report.removed = gone.length;
      } catch (err) {
        log?.error({ err, userId }, "could not remove expired push subscriptions");
      }
    }
    return report;
  }

  return {
    /** Resolves the VAPID key pair (loading or generating it) and answers its public half. */
    publicKey: async () => ({ publicKey: (await vapidKeys()).publicKey }),

    /**
     * Stores a notification and pushes it to each of the student's devices. The same dedupe key never
     * stores or sends twice. Bad input is the caller's bug and throws; delivery never does.
     */
    async notify(userId: number, input: NewNotification, options: PushOptions = {}): Promise<NotifyResult> {
      const n = newNotificationSchema.parse(input);
      const notification = await notificationsRepo.insert(db, userId, {
        kind: n.kind,
        title: n.title,
        body: n.body,
        url: n.url,
        dedupeKey: n.dedupeKey ?? null,
        createdAt: clock.now(),
      });
      if (!notification) return { notification: null, delivery: emptyReport() };
      const payload: PushPayload = {
        id: notification.id,
        title: notification.title,
        body: notification.body,
        url: notification.url,
        tag: options.tag ?? `notification-${notification.id}`,
      };
      return { notification, delivery: await deliver(userId, payload, options) };
    },

    /** Pushes without storing (a job retrying a failed delivery of a stored notification). */
    deliver,

    list: (userId: number, query: { before?: number; limit: number }): Promise<NotificationPage> =>
      notificationsRepo.page(db, userId, query.before, query.limit),

    unreadCount: async (userId: number) => ({ unread: await notificationsRepo.unreadCount(db, userId) }),

    async markRead(userId: number, id: number) {
      if (!(await notificationsRepo.markRead(db, userId, id, clock.now()))) throw notFound("Notification");
      return { unread: await notificationsRepo.unreadCount(db, userId) };
    },

    async markAllRead(userId: number) {
      await notificationsRepo.markAllRead(db, userId, clock.now());
      return { unread: 0 };
    },

    devices: (userId: number) => subscriptionsRepo.devices(db, userId),

    /**
     * Stores this browser's subscription after the endpoint passes the host policy (https, a public push
     * service; DNS included) and the key is a P-256 point. 400 with the reason otherwise.
     */
    async subscribe(userId: number, input: PushSubscriptionInput, userAgent?: string): Promise<PushDevice> {
      const s = pushSubscriptionInputSchema.parse(input);
      try {
        await assertPushEndpoint(s.endpoint, policy);
      } catch (err) {
        if (err instanceof PushEndpointRefused) throw badRequest(err.message);
        throw err;
      }
      if (!isP256Point(s.keys.p256dh)) throw badRequest("keys.p256dh is not a P-256 public key");
      const keys = await vapidKeys();
      const device = await subscriptionsRepo.upsert(db, userId, {
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        label: s.label || deviceLabel(userAgent),
        vapidPublicKey: keys.publicKey,
        expiresAt: s.expirationTime == null ? null : new Date(s.expirationTime),
        createdAt: clock.now(),
      });
      await subscriptionsRepo.trim(db, userId, MAX_DEVICES_PER_STUDENT);
      return device;
    },

    /** Forgets the caller's subscription with this endpoint; nothing to forget is fine too. */
    unsubscribe: (userId: number, endpoint: string) =>
      subscriptionsRepo.removeByEndpoint(db, userId, endpoint),

    async removeDevice(userId: number, id: number) {
      if (!(await subscriptionsRepo.remove(db, userId, id))) throw notFound("Device");
    },

    /** Closes the push client's kept connections. */
    close: () => client.close(),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
