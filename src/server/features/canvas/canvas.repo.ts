import { and, asc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { UnreadableCourse } from "#shared/canvas/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { canvasConnections } from "../../db/schema/canvas.ts";

/** The student's Canvas connection. Courses and tasks a sync writes belong to those features' services. */
export const canvasRepo = {
  async findConnection(db: DbOrTx, userId: number) {
    const [row] = await db.select().from(canvasConnections).where(eq(canvasConnections.userId, userId));
    return row;
  },

  /** A new or replaced token: the previous sync state no longer says anything about it. */
  async saveConnection(db: DbOrTx, userId: number, domain: string, tokenCiphertext: string) {
    const values = {
      domain,
      tokenCiphertext,
      lastSyncedAt: null,
      lastSyncError: null,
      unreadableCourses: null,
    };
    await db
      .insert(canvasConnections)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: canvasConnections.userId, set: values });
  },

  /** A failed sync leaves the last list of courses left out: it read none to say otherwise. */
  async recordSync(
    db: DbOrTx,
    userId: number,
    result: { at: Date; unreadable: UnreadableCourse[] } | { error: string },
  ) {
    const set =
      "at" in result
        ? { lastSyncedAt: result.at, lastSyncError: null, unreadableCourses: result.unreadable }
        : { lastSyncError: result.error };
    await db.update(canvasConnections).set(set).where(eq(canvasConnections.userId, userId));
  },

  /**
   * Students whose last sync attempt (successful or not: every attempt writes the row, so `updated_at`)
   * is older than `before`, least recently synced first. The demo Canvas is the server itself: skipped.
   */
  async dueForSync(db: DbOrTx, before: Date, excludeDomain: string, limit: number): Promise<number[]> {
    const rows = await db
      .select({ userId: canvasConnections.userId })
      .from(canvasConnections)
      .where(
        and(
          ne(canvasConnections.domain, excludeDomain),
          lt(canvasConnections.updatedAt, before),
          or(isNull(canvasConnections.lastSyncedAt), lt(canvasConnections.lastSyncedAt, before)),
        ),
      )
      .orderBy(sql`${canvasConnections.lastSyncedAt} asc nulls first`, asc(canvasConnections.userId))
      .limit(limit);
    return rows.map((r) => r.userId);
  },

  async deleteConnection(db: DbOrTx, userId: number) {
    const gone = await db
      .delete(canvasConnections)
      .where(eq(canvasConnections.userId, userId))
      .returning({ userId: canvasConnections.userId });
    return gone.length > 0;
  },
};
