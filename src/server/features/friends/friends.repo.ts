import { and, eq, or, sql } from "drizzle-orm";
import type { FriendRequest, UserSummary } from "#shared/friends/contract.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/auth.ts";
import { friendships } from "../../db/schema/friends.ts";

/**
 * The public face of a student (SPEC §3 Friend/user summary). Friends read the users table for these five
 * columns only, read-only: never email, never the password hash.
 */
export const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  avatarUrl: users.avatarUrl,
};

const pair = (a: number, b: number) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

// One collator for every comparison: String#localeCompare may build a new one per call.
const collator = new Intl.Collator();
const byName = (a: UserSummary, b: UserSummary) =>
  collator.compare(a.firstName, b.firstName) || collator.compare(a.lastName, b.lastName) || a.id - b.id;

export type Friendship = typeof friendships.$inferSelect;

export const friendsRepo = {
  async userIdByUsername(db: DbOrTx, username: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row?.id;
  },

  async findPair(db: DbOrTx, a: number, b: number): Promise<Friendship | undefined> {
    const [row] = await db.select().from(friendships).where(pair(a, b)).limit(1);
    return row;
  },

  /** undefined when a row for the pair appeared meanwhile (the pair index serialises the race). */
  async insertRequest(db: DbOrTx, requesterId: number, addresseeId: number): Promise<Friendship | undefined> {
    const [row] = await db
      .insert(friendships)
      .values({ requesterId, addresseeId })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  /** The requester's id when the pending request was the addressee's to accept, else null. */
  async accept(db: DbOrTx, id: number, addresseeId: number, at: Date): Promise<number | null> {
    const rows = await db
      .update(friendships)
      .set({ status: "accepted", respondedAt: at })
      .where(
        and(
          eq(friendships.id, id),
          eq(friendships.addresseeId, addresseeId),
          eq(friendships.status, "pending"),
        ),
      )
      .returning({ requesterId: friendships.requesterId });
    return rows[0]?.requesterId ?? null;
  },

  /** A declined request leaves no trace, so either student may ask again later. */
  async reject(db: DbOrTx, id: number, addresseeId: number): Promise<boolean> {
    const rows = await db
      .delete(friendships)
      .where(
        and(
          eq(friendships.id, id),
          eq(friendships.addresseeId, addresseeId),
          eq(friendships.status, "pending"),
        ),
      )
      .returning({ id: friendships.id });
    return rows.length > 0;
  },

  async removeFriend(db: DbOrTx, userId: number, friendId: number): Promise<boolean> {
    const rows = await db
      .delete(friendships)
      .where(and(pair(userId, friendId), eq(friendships.status, "accepted")))
      .returning({ id: friendships.id });
    return rows.length > 0;
  },

  async areFriends(db: DbOrTx, a: number, b: number): Promise<boolean> {
    const [row] = await db
      .select({ id: friendships.id })
      .from(friendships)
      .where(and(pair(a, b), eq(friendships.status, "accepted")))
      .limit(1);
    return Boolean(row);
  },

  /**
   * One statement: the OR is served by a BitmapOr of the requester and addressee indexes, and each friend
   * row by the users primary key (bench:friends prints the plan). Its SQL is built once per database, an
   * unnamed statement planned with each call's values (as authRepo.prepareLiveSessionLookup explains: a
   * generic plan of this join scans every user). Sorted here with one collator, so the
   * order is the same on PGlite and PostgreSQL whatever the database collation.
   */
  prepareListFriends(db: Db) {
    const userId = sql.placeholder("userId");
    const query = db
      .select(summaryColumns)
      .from(friendships)
      .innerJoin(
        users,
        sql`${users.id} = case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`,
      )
      .where(
        and(
          or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
          eq(friendships.status, "accepted"),
        ),
      )
      .prepare("");
    return async (id: number): Promise<UserSummary[]> => (await query.execute({ userId: id })).sort(byName);
  },

  async incoming(db: DbOrTx, userId: number): Promise<FriendRequest[]> {
    const rows = await db
      .select({ id: friendships.id, createdAt: friendships.createdAt, user: summaryColumns })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.requesterId))
      .where(and(eq(friendships.addresseeId, userId), eq(friendships.status, "pending")))
      .orderBy(sql`${friendships.createdAt} desc`, sql`${friendships.id} desc`);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  },

  async sent(db: DbOrTx, userId: number): Promise<FriendRequest[]> {
    const rows = await db
      .select({ id: friendships.id, createdAt: friendships.createdAt, user: summaryColumns })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.addresseeId))
      .where(and(eq(friendships.requesterId, userId), eq(friendships.status, "pending")))
      .orderBy(sql`${friendships.createdAt} desc`, sql`${friendships.id} desc`);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  },
};
