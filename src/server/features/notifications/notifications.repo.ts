import { and, desc, eq, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Notification, NotificationKind, PushDevice } from "#shared/notifications/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { notifications, pushSubscriptions, pushVapidKeys } from "../../db/schema/notifications.ts";

const notificationColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  url: notifications.url,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};
type NotificationRow = {
  id: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  createdAt: Date;
  readAt: Date | null;
};
const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  // The table's check constraint holds kind to the contract's list.
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export const notificationsRepo = {
  /** The new notification, or null when the student already has one with this dedupe key. */
  async insert(
    db: DbOrTx,
    userId: number,
    values: {
      kind: NotificationKind;
      title: string;
      body: string;
      url: string;
      dedupeKey: string | null;
      createdAt: Date;
    },
  ): Promise<Notification | null> {
    const [row] = await db
      .insert(notifications)
      .values({ ...values, userId })
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning(notificationColumns);
    return row ? toNotification(row) : null;
  },

  /**
   * Stores many notifications in one statement; each one whose student already has its dedupe key is left
   * out (the unique index decides, as in `insert`). Answers the stored ones with their student and key.
   */
  async insertMany(
    db: DbOrTx,
    rows: Array<{
      userId: number;
      kind: NotificationKind;
      title: string;
      body: string;
      url: string;
      dedupeKey: string;
      createdAt: Date;
    }>,
  ): Promise<Array<Notification & { userId: number; dedupeKey: string }>> {
    if (rows.length === 0) return [];
    const stored = await db
      .insert(notifications)
      .values(rows)
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({
        ...notificationColumns,
        userId: notifications.userId,
        dedupeKey: notifications.dedupeKey,
      });
    return stored.map((r) => ({ ...toNotification(r), userId: r.userId, dedupeKey: r.dedupeKey! }));
  },

  /** The student's notification with this id, or null. */
  async get(db: DbOrTx, userId: number, id: number): Promise<Notification | null> {
    const [row] = await db
      .select(notificationColumns)
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
    return row ? toNotification(row) : null;
  },

  /** Newest first, ids below `before`; one row more than asked tells whether another page follows. */
  async page(db: DbOrTx, userId: number, before: number | undefined, limit: number) {
    const rows = await db
      .select(notificationColumns)
      .from(notifications)
      .where(
        before === undefined
          ? eq(notifications.userId, userId)
          : and(eq(notifications.userId, userId), lt(notifications.id, before)),
      )
      .orderBy(desc(notifications.id))
      .limit(limit + 1);
    const more = rows.length > limit;
    const items = rows.slice(0, limit).map(toNotification);
    return { notifications: items, nextBefore: more ? items[items.length - 1]!.id : null };
  },

  async unreadCount(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  },

  /** False when the student has no such notification; reading it again keeps the first time. */
  async markRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },

  async markAllRead(db: DbOrTx, userId: number, now: Date): Promise<void> {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  },
};

const deviceColumns = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  endpoint: pushSubscriptions.endpoint,
  createdAt: pushSubscriptions.createdAt,
};
const toDevice = (row: { id: number; label: string; endpoint: string; createdAt: Date }): PushDevice => ({
  id: row.id,
  label: row.label,
  service: new URL(row.endpoint).host,
  createdAt: row.createdAt.toISOString(),
});

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  vapidPublicKey: string;
  expiresAt: Date | null;
}

export const subscriptionsRepo = {
  /**
   * Stores a browser's subscription. Its endpoint is unique to that browser: subscribing again updates the
   * row, and a device where another student subscribed before now belongs to the caller (a shared
   * computer must not show the previous student's reminders).
   */
  async upsert(
    db: DbOrTx,
    userId: number,
    values: {
      endpoint: string;
      p256dh: string;
      auth: string;
      label: string;
      vapidPublicKey: string;
      expiresAt: Date | null;
      createdAt: Date;
    },
  ): Promise<PushDevice> {
    const { endpoint: _endpoint, ...changes } = values;
    const [row] = await db
      .insert(pushSubscriptions)
      .values({ ...values, userId })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...changes, userId } })
      .returning(deviceColumns);
    return toDevice(row!);
  },

  /** Keeps the student's `keep` newest subscriptions and deletes the rest. */
  async trim(db: DbOrTx, userId: number, keep: number): Promise<void> {
    const newest = db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(keep);
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  },

  async devices(db: DbOrTx, userId: number): Promise<PushDevice[]> {
    const rows = await db
      .select(deviceColumns)
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    return rows.map(toDevice);
  },

  async removeByEndpoint(db: DbOrTx, userId: number, endpoint: string): Promise<void> {
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  },

  async remove(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  },

  /** The devices of each of these students (one statement), by student; a student with none is absent. */
  async forUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, StoredSubscription[]>> {
    const byUser = new Map<number, StoredSubscription[]>();
    if (userIds.length === 0) return byUser;
    const rows = await db
      .select({
        userId: pushSubscriptions.userId,
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        vapidPublicKey: pushSubscriptions.vapidPublicKey,
        expiresAt: pushSubscriptions.expiresAt,
      })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds))
      .orderBy(pushSubscriptions.id);
    for (const { userId, ...sub } of rows) {
      const list = byUser.get(userId);
      if (list) list.push(sub);
      else byUser.set(userId, [sub]);
    }
    return byUser;
  },

  /**
   * Subscriptions found gone (404/410, or expired), by id with the student they were sent for: one that
   * meanwhile moved to another student (subscribed again on a shared device) is kept.
   */
  async removeGoneMany(db: DbOrTx, gone: Map<number, number>): Promise<void> {
    if (gone.size === 0) return;
    const pairs = JSON.stringify([...gone]);
    await db.execute(sql`delete from ${pushSubscriptions} where (id, user_id) in
      (select (x->>0)::int, (x->>1)::int from jsonb_array_elements(${pairs}::jsonb) x)`);
  },
};

export const vapidKeysRepo = {
  async get(db: DbOrTx) {
    const [row] = await db
      .select({ publicKey: pushVapidKeys.publicKey, privateKeySealed: pushVapidKeys.privateKeySealed })
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, 1));
    return row;
  },
  /** The first instance to get here stores its pair; the others keep what it stored. */
  async insertIfAbsent(db: DbOrTx, publicKey: string, privateKeySealed: string): Promise<void> {
    await db.insert(pushVapidKeys).values({ id: 1, publicKey, privateKeySealed }).onConflictDoNothing();
  },
  /** Replaces a pair no instance can read any more (SECRET_KEY changed). */
  async replace(db: DbOrTx, publicKey: string, privateKeySealed: string): Promise<void> {
    await db
      .insert(pushVapidKeys)
      .values({ id: 1, publicKey, privateKeySealed })
      .onConflictDoUpdate({
        target: pushVapidKeys.id,
        set: { publicKey, privateKeySealed, createdAt: new Date() },
      });
  },
};
