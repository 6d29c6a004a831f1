import { and, asc, count, eq, gte, isNull, lt, or } from "drizzle-orm";
import type {
  CalendarEvent,
  CalendarSubscription,
  SubscriptionColour,
  SubscriptionEvent,
} from "#shared/calendar/contract.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  calendarEvents,
  calendarFeeds,
  calendarSubscriptionEvents,
  calendarSubscriptions,
  calendarTokens,
} from "../../db/schema/calendar.ts";
import type { FeedEvent } from "../../integrations/calendar-feed/parse-feed.ts";

const eventColumns = {
  id: calendarEvents.id,
  title: calendarEvents.title,
  description: calendarEvents.description,
  startsAt: calendarEvents.startsAt,
  createdAt: calendarEvents.createdAt,
};
const toEvent = (row: { id: number; title: string; description: string; startsAt: Date; createdAt: Date }) =>
  ({
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.startsAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }) satisfies CalendarEvent;

export const eventsRepo = {
  async list(db: DbOrTx, userId: number): Promise<CalendarEvent[]> {
    const rows = await db
      .select(eventColumns)
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, userId))
      .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id));
    return rows.map(toEvent);
  },
  async insert(
    db: DbOrTx,
    userId: number,
    values: { title: string; description: string; startsAt: Date },
  ): Promise<CalendarEvent> {
    const [row] = await db
      .insert(calendarEvents)
      .values({ ...values, userId })
      .returning(eventColumns);
    return toEvent(row!);
  },
  async move(db: DbOrTx, userId: number, id: number, startsAt: Date): Promise<CalendarEvent | undefined> {
    const [row] = await db
      .update(calendarEvents)
      .set({ startsAt })
      .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, id)))
      .returning(eventColumns);
    return row && toEvent(row);
  },
  async remove(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(calendarEvents)
      .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, id)))
      .returning({ id: calendarEvents.id });
    return rows.length > 0;
  },
};

export const feedsRepo = {
  async find(db: DbOrTx, userId: number): Promise<{ tokenHash: string; nonce: string | null } | undefined> {
    const [row] = await db
      .select({ tokenHash: calendarFeeds.tokenHash, nonce: calendarFeeds.nonce })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    return row;
  },
  async ownerOf(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
    const [row] = await db
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, tokenHash));
    return row?.userId;
  },
  /** One feed per student: a new token replaces the old one, which stops working at once. */
  async replace(db: DbOrTx, userId: number, tokenHash: string, nonce: string, now: Date): Promise<void> {
    await db
      .insert(calendarFeeds)
      .values({ userId, tokenHash, nonce, createdAt: now })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, nonce, createdAt: now } });
  },
  async remove(db: DbOrTx, userId: number): Promise<void> {
    await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  },
};

export const calendarTokensRepo = {
  async find(db: DbOrTx, userId: number) {
    const [row] = await db
      .select({ expiresAt: calendarTokens.expiresAt })
      .from(calendarTokens)
      .where(eq(calendarTokens.userId, userId));
    return row;
  },
  async upsert(
    db: DbOrTx,
    userId: number,
    values: { accessToken: string; refreshToken: string | null; expiresAt: Date },
  ) {
    const [row] = await db
      .insert(calendarTokens)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: calendarTokens.userId, set: values })
      .returning({ expiresAt: calendarTokens.expiresAt });
    return row!;
  },
};

const subscriptionColumns = {
  id: calendarSubscriptions.id,
  name: calendarSubscriptions.name,
  url: calendarSubscriptions.url,
  colour: calendarSubscriptions.colour,
  lastRefreshedAt: calendarSubscriptions.lastRefreshedAt,
  lastError: calendarSubscriptions.lastError,
  itemCount: calendarSubscriptions.itemCount,
  truncated: calendarSubscriptions.truncated,
};
type SubscriptionRow = {
  id: number;
  name: string;
  url: string;
  colour: string;
  lastRefreshedAt: Date | null;
  lastError: string | null;
  itemCount: number;
  truncated: boolean;
};
const toSubscription = (r: SubscriptionRow): CalendarSubscription => ({
  ...r,
  colour: r.colour as SubscriptionColour,
  lastRefreshedAt: r.lastRefreshedAt?.toISOString() ?? null,
});

/** Rows written per insert: PostgreSQL takes at most 65,535 parameters a statement. */
const INSERT_BATCH = 1000;

export const subscriptionsRepo = {
  async list(db: DbOrTx, userId: number): Promise<CalendarSubscription[]> {
    const rows = await db
      .select(subscriptionColumns)
      .from(calendarSubscriptions)
      .where(eq(calendarSubscriptions.userId, userId))
      .orderBy(asc(calendarSubscriptions.id));
    return rows.map(toSubscription);
  },
  async find(db: DbOrTx, userId: number, id: number): Promise<CalendarSubscription | undefined> {
    const [row] = await db
      .select(subscriptionColumns)
      .from(calendarSubscriptions)
      .where(and(eq(calendarSubscriptions.userId, userId), eq(calendarSubscriptions.id, id)));
    return row && toSubscription(row);
  },
  async count(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(calendarSubscriptions)
      .where(eq(calendarSubscriptions.userId, userId));
    return row?.n ?? 0;
  },
  async insert(
    db: DbOrTx,
    userId: number,
    values: { name: string; url: string; colour: string },
  ): Promise<CalendarSubscription> {
    const [row] = await db
      .insert(calendarSubscriptions)
      .values({ ...values, userId })
      .returning(subscriptionColumns);
    return toSubscription(row!);
  },
  async remove(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(calendarSubscriptions)
      .where(and(eq(calendarSubscriptions.userId, userId), eq(calendarSubscriptions.id, id)))
      .returning({ id: calendarSubscriptions.id });
    return rows.length > 0;
  },
  /** Replaces the feed's events with a fresh read; returns the row, or undefined when it was removed meanwhile. */
  async replaceEvents(
    db: Db,
    userId: number,
    id: number,
    events: readonly FeedEvent[],
    truncated: boolean,
    at: Date,
  ): Promise<CalendarSubscription | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(calendarSubscriptions)
        .set({ lastRefreshedAt: at, lastError: null, itemCount: events.length, truncated })
        .where(and(eq(calendarSubscriptions.userId, userId), eq(calendarSubscriptions.id, id)))
        .returning(subscriptionColumns);
      if (!row) return undefined;
      await tx.delete(calendarSubscriptionEvents).where(eq(calendarSubscriptionEvents.subscriptionId, id));
      for (let i = 0; i < events.length; i += INSERT_BATCH) {
        await tx.insert(calendarSubscriptionEvents).values(
          events.slice(i, i + INSERT_BATCH).map((e) => ({
            subscriptionId: id,
            userId,
            uid: e.uid,
            title: e.title,
            startsAt: e.start,
            endsAt: e.end,
            allDay: e.allDay,
            location: e.location,
          })),
        );
      }
      return toSubscription(row);
    });
  },
  async recordError(db: DbOrTx, userId: number, id: number, message: string, at: Date): Promise<void> {
    await db
      .update(calendarSubscriptions)
      .set({ lastRefreshedAt: at, lastError: message })
      .where(and(eq(calendarSubscriptions.userId, userId), eq(calendarSubscriptions.id, id)));
  },
  async events(db: DbOrTx, userId: number, from: Date, to: Date): Promise<SubscriptionEvent[]> {
    const rows = await db
      .select({
        id: calendarSubscriptionEvents.id,
        subscriptionId: calendarSubscriptionEvents.subscriptionId,
        uid: calendarSubscriptionEvents.uid,
        title: calendarSubscriptionEvents.title,
        startsAt: calendarSubscriptionEvents.startsAt,
        endsAt: calendarSubscriptionEvents.endsAt,
        allDay: calendarSubscriptionEvents.allDay,
        location: calendarSubscriptionEvents.location,
        colour: calendarSubscriptions.colour,
      })
      .from(calendarSubscriptionEvents)
      .innerJoin(
        calendarSubscriptions,
        eq(calendarSubscriptions.id, calendarSubscriptionEvents.subscriptionId),
      )
      .where(
        and(
          eq(calendarSubscriptionEvents.userId, userId),
          gte(calendarSubscriptionEvents.startsAt, from),
          lt(calendarSubscriptionEvents.startsAt, to),
        ),
      )
      .orderBy(asc(calendarSubscriptionEvents.startsAt), asc(calendarSubscriptionEvents.id))
      .limit(10_000);
    return rows.map((r) => ({
      id: r.id,
      subscriptionId: r.subscriptionId,
      uid: r.uid,
      title: r.title,
      start: r.startsAt.toISOString(),
      end: r.endsAt?.toISOString() ?? null,
      allDay: r.allDay,
      location: r.location,
      colour: r.colour as SubscriptionColour,
    }));
  },
  /** Subscriptions last refreshed before `before` (or never), oldest first. */
  async due(db: DbOrTx, before: Date, limit: number): Promise<Array<{ userId: number; id: number }>> {
    return db
      .select({ userId: calendarSubscriptions.userId, id: calendarSubscriptions.id })
      .from(calendarSubscriptions)
      .where(
        or(isNull(calendarSubscriptions.lastRefreshedAt), lt(calendarSubscriptions.lastRefreshedAt, before)),
      )
      .orderBy(asc(calendarSubscriptions.lastRefreshedAt))
      .limit(limit);
  },
};
