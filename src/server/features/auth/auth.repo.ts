import { and, desc, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import type { User } from "#shared/auth/contract.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { rawRows } from "../../db/raw.ts";
import { passwordResetTokens, sessions, users } from "../../db/schema/auth.ts";

type UserRow = typeof users.$inferSelect;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  avatarUrl: row.avatarUrl,
  isOnboarded: row.isOnboarded,
  createdAt: row.createdAt.toISOString(),
});

/** The live-session lookup ($1 the token's hash, $2 now), exported for bench:tasks' reference endpoint. */
export const LIVE_SESSION_SQL =
  "select id, user_id, last_seen_at from sessions where token_hash = $1 and expires_at > $2";

export const authRepo = {
  async findUserById(db: DbOrTx, id: number) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  async findUserByEmail(db: DbOrTx, email: string) {
    const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  },
  async findUserByUsername(db: DbOrTx, username: string) {
    const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },
  async insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },
  async updateUser(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>) {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  },
  async insertSession(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date, userAgent = "") {
    await db.insert(sessions).values({ userId, tokenHash, expiresAt, userAgent });
  },
  listSessions: (db: DbOrTx, userId: number, now: Date) =>
    db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id)),
  async touchSession(db: DbOrTx, id: number, now: Date) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  },
  async deleteUserSession(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },
  /** Every session of the student but `keepId`. */
  async deleteOtherSessions(db: DbOrTx, userId: number, keepId: number): Promise<number> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
      .returning({ id: sessions.id });
    return rows.length;
  },
  async deleteUser(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  },
  /**
   * The session lookup every /api request starts with, as SQL sent to the driver itself (db/raw.ts:
   * Drizzle's path cost as much as the lookup). A named statement (rawRows' `name`), so its plan is kept: a unique-index
   * lookup whatever the values, whose parse and plan were a third of its 0.45 ms on PGlite.
   */
  prepareLiveSessionLookup(db: Db) {
    return async (
      tokenHash: string,
      now: Date,
    ): Promise<{ id: number; userId: number; lastSeenAt: Date } | undefined> => {
      const [row] = await rawRows<{ id: number; user_id: number; last_seen_at: Date | string }>(
        db,
        LIVE_SESSION_SQL,
        [tokenHash, now.toISOString()],
        "live_session",
      );
      return row && { id: row.id, userId: row.user_id, lastSeenAt: new Date(row.last_seen_at) };
    };
  },
  async deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
    const rows = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
    return rows.length;
  },
  async deleteAllSessions(db: DbOrTx, userId: number) {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },
  async insertResetToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  },
  /** Marks a live, unused link used and answers its student, in one statement: two uses cannot both win. */
  async useResetToken(db: DbOrTx, tokenHash: string, now: Date) {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
    return row;
  },
  /** The student's other reset links (a link used ends the ones sent before it). */
  async deleteOtherResetTokens(db: DbOrTx, userId: number, keepId: number) {
    await db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), ne(passwordResetTokens.id, keepId)));
  },
  /** Links past their 30 minutes, used or not. */
  async deleteExpiredResetTokens(db: DbOrTx, now: Date): Promise<number> {
    const rows = await db
      .delete(passwordResetTokens)
      .where(lte(passwordResetTokens.expiresAt, now))
      .returning({ id: passwordResetTokens.id });
    return rows.length;
  },
  async deleteSession(db: DbOrTx, id: number) {
    await db.delete(sessions).where(eq(sessions.id, id));
  },
};
