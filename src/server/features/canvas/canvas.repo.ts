import { eq } from "drizzle-orm";
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
    const values = { domain, tokenCiphertext, lastSyncedAt: null, lastSyncError: null };
    await db
      .insert(canvasConnections)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: canvasConnections.userId, set: values });
  },

  async recordSync(db: DbOrTx, userId: number, result: { at: Date } | { error: string }) {
    const set =
      "at" in result ? { lastSyncedAt: result.at, lastSyncError: null } : { lastSyncError: result.error };
    await db.update(canvasConnections).set(set).where(eq(canvasConnections.userId, userId));
  },

  async deleteConnection(db: DbOrTx, userId: number) {
    const gone = await db
      .delete(canvasConnections)
      .where(eq(canvasConnections.userId, userId))
      .returning({ userId: canvasConnections.userId });
    return gone.length > 0;
  },
};
