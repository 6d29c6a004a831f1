import { createPublicKey } from "node:crypto";
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
import { createPushClient } from "../../integrations/push/push-client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type HostPolicy, type ResolveAll, systemResolveAll } from "../../lib/host-policy.ts";
import { deviceLabel } from "./device-label.ts";
import { REDELIVER_ATTEMPTS, type RedeliverPayload, redeliverPushJob } from "./notifications.jobs.ts";
import { notificationsRepo, subscriptionsRepo } from "./notifications.repo.ts";
import {
  DEFAULT_TTL_SECONDS,
  type DeliveryReport,
  deliver,
  deliverMany,
  emptyReport,
  type PushOptions,
  type ServiceLog,
  vapidKeyStore,
} from "./push-delivery.ts";

/** Devices a student may have subscribed at once; subscribing one more forgets the oldest. */
export const MAX_DEVICES_PER_STUDENT = 10;
/** A DNS answer for a push endpoint must come within this (the subscribe request waits for it). */
const RESOLVE_TIMEOUT_MS = 5_000;
/** Used when neither VAPID_SUBJECT nor an https PUBLIC_URL names a contact. */
export const PLACEHOLDER_SUBJECT = "mailto:webpush@studyhall.invalid";

export type { DeliveryFailure, DeliveryReport, PushOptions, ServiceLog } from "./push-delivery.ts";

export interface NotifyResult {
  /** The stored notification, or null when one with the same dedupe key already existed (nothing sent). */
  notification: Notification | null;
  delivery: DeliveryReport;
}

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
  // RFC 8291 §3.1 / the Push API: the uncompressed form, 0x04 first; other prefixes fail in ECDH at send.
  if (raw[0] !== 0x04) return false;
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

/** Wait before retry `attempt` (1, 2, ...) of a failed push: 1, 2, 4 ... minutes, at most 30. */
const retryDelaySeconds = (attempt: number) => Math.min(60 * 2 ** (attempt - 1), 30 * 60);

/** Retry-After (RFC 9110 §10.2.3: seconds or an HTTP date) in seconds from now, or 0. */
function retryAfterSeconds(value: string | undefined, now: Date): number {
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * The notification centre and Web Push. `notify` is what other features (reminders) call: it stores the
 * notification once per dedupe key and pushes it to every device of the student; delivery problems are
 * reported in its answer and logged, never thrown.
 */
/** What a stored notification pushes: its own tag unless the caller groups several under one. */
function pushPayload(
  n: { id: number; title: string; body: string; url: string },
  options: PushOptions,
): PushPayload {
  return { id: n.id, title: n.title, body: n.body, url: n.url, tag: options.tag ?? `notification-${n.id}` };
}

export function createNotificationsService({
  db,
  config,
  clock,
  log,
  jobs,
  mayPush,
}: {
  db: Db;
  config: AppConfig;
  clock: Clock;
  log?: ServiceLog;
  /** Where failed pushes are queued to be sent again; without it they are only reported. */
  jobs?: Pick<JobQueue, "enqueue">;
  /** Whether the student takes pushes now (notifications on, not in quiet hours): asked before a retry. */
  mayPush?: (userId: number) => Promise<boolean>;
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
  const vapidKeys = vapidKeyStore({ db, config, log });
  const delivery = { db, clock, log, client, vapidKeys };

  /**
   * Queues another try of a push for the devices whose push service was throttled, down or silent
   * (RFC 8030 §7: 429 and 5xx mean later, after Retry-After when sent): a reminder must not be lost because
   * FCM or autopush had a bad minute. Never throws: the notification is stored and in the bell either way.
   */
  async function retryFailed(
    userId: number,
    notification: Notification,
    report: DeliveryReport,
    options: PushOptions,
    expiresAt: Date,
    attempt: number,
  ) {
    const retry = report.failed.filter((f) => f.retryable && f.subscriptionId > 0);
    if (!jobs || retry.length === 0 || attempt > REDELIVER_ATTEMPTS) return;
    const now = clock.now();
    const wait = Math.max(
      retryDelaySeconds(attempt),
      ...retry.map((f) => retryAfterSeconds(f.retryAfter, now)),
    );
    if (now.getTime() + wait * 1000 >= expiresAt.getTime()) return;
    const payload: RedeliverPayload = {
      userId,
      notificationId: notification.id,
      subscriptionIds: retry.map((f) => f.subscriptionId),
      expiresAt: expiresAt.toISOString(),
      attempt,
      ...(options.tag ? { tag: options.tag } : {}),
      ...(options.urgency ? { urgency: options.urgency } : {}),
    };
    try {
      await jobs.enqueue(redeliverPushJob, payload, { startAfter: wait });
    } catch (err) {
      log?.error({ err, userId }, "could not queue a failed push for another try");
    }
  }
  const expiry = (options: PushOptions) =>
    new Date(clock.now().getTime() + (options.ttlSeconds ?? DEFAULT_TTL_SECONDS) * 1000);

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
      const expiresAt = expiry(options);
      const report = await deliver(delivery, userId, pushPayload(notification, options), options);
      await retryFailed(userId, notification, report, options, expiresAt, 1);
      return { notification, delivery: report };
    },

    /**
     * `notify` for many notifications at once (a reminder delivery batch): stored in one statement, each
     * dedupe key (required here) once per student, and the stored ones pushed together under the push
     * client's concurrency bound. One result per item, in order.
     */
    async notifyMany(
      items: Array<{ userId: number; note: NewNotification; options?: PushOptions }>,
    ): Promise<NotifyResult[]> {
      const now = clock.now();
      const notes = items.map(({ userId, note }) => {
        const n = newNotificationSchema.parse(note);
        if (!n.dedupeKey) throw new Error("notifyMany: every notification needs a dedupe key");
        const { kind, title, body, url } = n;
        return { userId, kind, title, body, url, dedupeKey: n.dedupeKey, createdAt: now };
      });
      const stored = new Map(
        (await notificationsRepo.insertMany(db, notes)).map(({ userId, dedupeKey, ...n }) => [
          `${userId}\n${dedupeKey}`,
          n,
        ]),
      );
      // A key given twice is stored once and answered to its first item only.
      const found = notes.map((n) => {
        const key = `${n.userId}\n${n.dedupeKey}`;
        const notification = stored.get(key) ?? null;
        stored.delete(key);
        return notification;
      });
      const outgoing = items.flatMap(({ userId, options = {} }, i) => {
        const notification = found[i];
        if (!notification) return [];
        return [{ index: i, userId, payload: pushPayload(notification, options), options }];
      });
      const expiresAt = outgoing.map((o) => expiry(o.options));
      const reports = await deliverMany(delivery, outgoing);
      for (const [j, o] of outgoing.entries())
        await retryFailed(o.userId, found[o.index]!, reports[j]!, o.options, expiresAt[j]!, 1);
      const results: NotifyResult[] = found.map((notification) => ({
        notification,
        delivery: emptyReport(),
      }));
      outgoing.forEach((o, j) => {
        results[o.index]!.delivery = reports[j]!;
      });
      return results;
    },

    /**
     * The redeliver job: the stored notification pushed again to the devices it failed for, with what is
     * left of its TTL; nothing once that is spent or the student has read it in the bell. Devices that
     * fail again are queued for the next attempt.
     */
    async redeliver(job: RedeliverPayload): Promise<DeliveryReport> {
      const expiresAt = new Date(job.expiresAt);
      const ttlSeconds = Math.floor((expiresAt.getTime() - clock.now().getTime()) / 1000);
      if (ttlSeconds <= 0) return emptyReport();
      const notification = await notificationsRepo.get(db, job.userId, job.notificationId);
      if (!notification || notification.readAt) return emptyReport();
      const options: PushOptions = {
        ttlSeconds,
        ...(job.tag ? { tag: job.tag } : {}),
        ...(job.urgency ? { urgency: job.urgency } : {}),
      };
      // A retry that comes due in quiet hours (or after notifications were turned off) waits like a first
      // try would: counted as one more failed attempt, so it is sent after them if the TTL still allows.
      if (mayPush && !(await mayPush(job.userId))) {
        const held: DeliveryReport = {
          ...emptyReport(),
          failed: job.subscriptionIds.map((id) => ({ subscriptionId: id, kind: "error", retryable: true })),
        };
        await retryFailed(job.userId, notification, held, options, expiresAt, job.attempt + 1);
        return emptyReport();
      }
      const [report] = await deliverMany(delivery, [
        {
          userId: job.userId,
          payload: pushPayload(notification, options),
          options,
          subscriptionIds: job.subscriptionIds,
        },
      ]);
      await retryFailed(job.userId, notification, report!, options, expiresAt, job.attempt + 1);
      return report!;
    },

    /** Pushes without storing (a job retrying a failed delivery of a stored notification). */
    deliver: (userId: number, payload: PushPayload, options?: PushOptions) =>
      deliver(delivery, userId, payload, options),

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
