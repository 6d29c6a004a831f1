import { and, asc, eq } from "drizzle-orm";
import type { CalendarEvent } from "#shared/calendar/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { calendarEvents, calendarFeeds, calendarTokens } from "../../db/schema/calendar.ts";

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
