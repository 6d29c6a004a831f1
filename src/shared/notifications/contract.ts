import { z } from "zod";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbIdParam, safeText, WebUrl } from "../schema-primitives.ts";

/**
 * The notification centre (the bell: every reminder, read or not, whether or not push reached the
 * device) and Web Push subscriptions (one per browser/device that allowed notifications).
 */

/** What a notification is about; each deep-links to its screen. */
export const NOTIFICATION_KINDS = ["task_due", "review_due", "exam_plan"] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * Sizes that keep a push payload ({title, body, url, tag} as JSON) well inside the 4 KB a push service
 * must accept once encrypted (RFC 8030 §7.2, RFC 8291 §4), and readable in a system notification.
 */
export const NOTIFICATION_LIMITS = { title: 120, body: 400, url: 300, dedupeKey: 200 } as const;

/** A path inside the app (/tasks?task=12): one leading slash, so never another origin (//evil.example). */
export const appPathSchema = safeText()
  .max(NOTIFICATION_LIMITS.url)
  .regex(/^\/(?![/\\])[^\s\\]*$/, "Must be a path inside the app, like /tasks");

export const notificationSchema = z.object({
  id: z.int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** Where tapping it leads: a path inside the app. */
  url: z.string(),
  createdAt: z.string(),
  /** When the student read it; null while unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** What a feature (reminders) asks the centre to store and push: validated again by the service. */
export const newNotificationSchema = z.object({
  kind: notificationKindSchema,
  title: safeText().trim().min(1).max(NOTIFICATION_LIMITS.title),
  body: safeText().trim().max(NOTIFICATION_LIMITS.body).default(""),
  url: appPathSchema,
  /**
   * The same key for the same reminder (e.g. `task_due:42:2025-03-01T09:00:00.000Z:1h`): a second notify
   * with it stores and pushes nothing. Absent: never deduplicated.
   */
  dedupeKey: safeText().min(1).max(NOTIFICATION_LIMITS.dedupeKey).optional(),
});
export type NewNotification = z.input<typeof newNotificationSchema>;

/**
 * The JSON a push message carries, for the service worker's showNotification(title, { body, tag,
 * data: { url } }). `tag` makes a newer notification about the same thing replace the older one.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  /** The notification's id, so the worker can mark it read when it is tapped. */
  id: z.int(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const NOTIFICATION_PAGE = { default: 20, max: 100 } as const;

export const notificationListQuerySchema = z.object({
  /** Notifications older than this id (the previous page's `nextBefore`); absent: the newest. */
  before: dbIdParam("before must be a notification id").optional(),
  limit: z.coerce
    .number("limit must be a number")
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(NOTIFICATION_PAGE.max, `limit must be at most ${NOTIFICATION_PAGE.max}`)
    .default(NOTIFICATION_PAGE.default),
});

export const notificationPageSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  /** Pass as `before` for the next (older) page; null when this was the last. */
  nextBefore: z.int().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * A push endpoint as PushSubscription.toJSON() gives it. Only the shape is checked here; the server also
 * applies its host policy (https to a public push service; PUSH_INSECURE_HOSTS for tests).
 */
export const pushEndpointSchema = safeText("The push endpoint is required")
  .max(2048, "The push endpoint is too long")
  // Printable ASCII: push services hand out encoded URLs, and the stored value is indexed.
  .regex(/^[\x21-\x7e]+$/, "The push endpoint must be a URL")
  .refine((s) => {
    try {
      const url = new WebUrl(s);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "The push endpoint must be an https URL");

/** A base64url string of `bytes` bytes (unpadded, as browsers encode subscription keys; padding tolerated). */
const base64urlBytes = (name: string, bytes: number, first = "[A-Za-z0-9_-]") => {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string(`${name} is required`)
    .transform((s) => s.replace(/=+$/, ""))
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^${first}[A-Za-z0-9_-]{${length - 1}}$`),
          `${name} must be ${bytes} bytes of base64url`,
        ),
    );
};

export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  /** When the push service will end the subscription (ms since 1970), or null: most never say. */
  expirationTime: z
    .number()
    .nonnegative()
    .max(Date.UTC(2200, 0, 1), "expirationTime is too far away")
    .nullable()
    .optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (0x04 first, so 'B' first in base64url). */
      p256dh: base64urlBytes("keys.p256dh", 65, "B"),
      auth: base64urlBytes("keys.auth", 16),
    },
    "keys (p256dh and auth) are required",
  ),
  /** How the student will recognise the device in a list ('Chrome on Android'); from User-Agent if absent. */
  label: safeText().trim().max(100).optional(),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

export const pushDeviceSchema = z.object({
  id: z.int(),
  label: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, ...). */
  service: z.string(),
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const vapidPublicKeySchema = z.object({
  /** The applicationServerKey for PushManager.subscribe (base64url, 65 bytes). */
  publicKey: z.string(),
});

export const unsubscribeInputSchema = z.object({ endpoint: pushEndpointSchema });

export const notificationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/notifications",
    query: notificationListQuerySchema,
    response: notificationPageSchema,
  }),
  unreadCount: endpoint({
    method: "GET",
    path: "/api/notifications/unread-count",
    response: unreadCountSchema,
  }),
  /** Marks one read (a second call keeps the first time); answers the new unread count. */
  markRead: endpoint({
    method: "POST",
    path: "/api/notifications/:id/read",
    params: idParamsSchema,
    response: unreadCountSchema,
  }),
  markAllRead: endpoint({ method: "POST", path: "/api/notifications/read-all", response: unreadCountSchema }),
};

export const pushEndpoints = {
  /** The VAPID public key the page subscribes with. */
  publicKey: endpoint({ method: "GET", path: "/api/push/public-key", response: vapidPublicKeySchema }),
  devices: endpoint({ method: "GET", path: "/api/push/subscriptions", response: z.array(pushDeviceSchema) }),
  /** Stores this browser's subscription (again: an endpoint already stored is updated and moves to the caller). */
  subscribe: endpoint({
    method: "POST",
    path: "/api/push/subscriptions",
    body: pushSubscriptionInputSchema,
    response: pushDeviceSchema,
    status: 201,
  }),
  /** Forgets this browser's subscription, by its endpoint (the page knows it, not our id). */
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/push/unsubscribe",
    body: unsubscribeInputSchema,
    response: okSchema,
  }),
  /** Forgets a device from the list. */
  remove: endpoint({
    method: "DELETE",
    path: "/api/push/subscriptions/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
};
