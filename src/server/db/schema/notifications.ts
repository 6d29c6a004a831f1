import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId } from "./columns.ts";

/** The notification centre: every reminder a student was sent, read or not. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** A path inside the app the notification opens. */
    url: text("url").notNull(),
    /** One row per reminder: a second notify with the same key stores (and pushes) nothing. */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    // The list, newest first, one page after another (keyset on id).
    index("notifications_user_id_idx").on(t.userId, t.id.desc()),
    // The bell's count reads only unread rows.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // NULL keys are distinct: notifications without a key are never deduplicated.
    uniqueIndex("notifications_dedupe_idx").on(t.userId, t.dedupeKey),
    check("notifications_kind_check", sql`${t.kind} in ('task_due', 'review_due', 'exam_plan')`),
  ],
);

/**
 * One row per browser (device) that allowed notifications: its push endpoint and the keys its messages
 * are encrypted to. An endpoint belongs to one student at a time (whoever subscribed on the device last).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    label: text("label").notNull().default(""),
    /**
     * The VAPID public key the browser subscribed with: a push service refuses messages signed by any
     * other, so after a key change these rows are skipped until the browser subscribes again.
     */
    vapidPublicKey: text("vapid_public_key").notNull(),
    /** The browser's expirationTime, when it gave one: not sent to after it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * The VAPID key pair generated when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set: one row, shared by
 * every instance on the database, the private key sealed with SECRET_KEY like Canvas tokens.
 */
export const pushVapidKeys = pgTable(
  "push_vapid_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKeySealed: text("private_key_sealed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("push_vapid_keys_single_row", sql`${t.id} = 1`)],
);
