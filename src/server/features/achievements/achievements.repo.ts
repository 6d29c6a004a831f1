import { and, asc, desc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { ShareSettings } from "#shared/achievements/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { rawRows } from "../../db/raw.ts";
import { achievements, shareLinks, userAchievements } from "../../db/schema/achievements.ts";
import { users } from "../../db/schema/auth.ts";

/** Every recorded fact the achievement rules read, gathered in one round trip (see facts()). */
export type FactsRow = {
  timeZone: string;
  studySeconds: number;
  sessions: number;
  tasksCompleted: number;
  flashcards: number;
  reviews: number;
  perfectQuizzes: number;
  friends: number;
  studySets: number;
  documents: number;
  points: number;
  /** One instant per local day with a study session or a card review (the earliest that day). */
  studyDays: Date[];
  /** The achievements already earned, so evaluation writes only when something new is due. */
  earnedIds: number[];
};

export type FiguresRow = Pick<FactsRow, "timeZone" | "points" | "studyDays"> & { userId: number };

const num = (v: unknown) => Number(v ?? 0);

/** The sum of the student's earned achievements' points. */
const pointsOf = (userId: SQL) => sql`(select coalesce(sum(a.points), 0) from user_achievements ua
  join achievements a on a.id = ua.achievement_id where ua.user_id = ${userId})`;

/** One instant per local day (in zone `tz`) with a study session or a card review: the earliest that day. */
const studyDaysOf = (userId: SQL, tz: SQL) => sql`(select coalesce(json_agg(day_start), '[]'::json) from (
  select min(at) as day_start from (
    select ended_at as at from study_sessions where user_id = ${userId}
    union all
    select reviewed_at from card_reviews where user_id = ${userId}
  ) acts
  group by (at at time zone ${tz})::date
) days)`;

/**
 * Every fact the rules read, in one statement: each count an index-backed scalar subquery on user_id, so
 * re-evaluation costs one round trip however many rules. Its planning (a dozen subqueries) cost several
 * times its run on PGlite, so it is a named statement, kept planned on the connection (rawRows' `name`); $1 is the student.
 */
const FACTS_SQL = new PgDialect().sqlToQuery(
  ((u: SQL) => sql`
      with zone as (
        select coalesce((select time_zone from user_settings where user_id = ${u}), 'UTC') as tz
      )
      select
        (select tz from zone) as "timeZone",
        (select coalesce(sum(duration_seconds), 0) from study_sessions where user_id = ${u}) as "studySeconds",
        (select count(*) from study_sessions where user_id = ${u}) as "sessions",
        (select count(*) from tasks where user_id = ${u} and completed) as "tasksCompleted",
        (select count(*) from flashcards where user_id = ${u}) as "flashcards",
        (select count(*) from card_reviews where user_id = ${u}) as "reviews",
        (select count(*) from quiz_attempts where user_id = ${u} and total > 0 and correct = total) as "perfectQuizzes",
        (select count(*) from friendships
          where status = 'accepted' and (requester_id = ${u} or addressee_id = ${u})) as "friends",
        (select count(*) from study_sets where user_id = ${u}) as "studySets",
        (select count(*) from study_documents where user_id = ${u}) as "documents",
        ${pointsOf(u)} as "points",
        ${studyDaysOf(u, sql`(select tz from zone)`)} as "studyDays",
        (select coalesce(json_agg(achievement_id), '[]'::json) from user_achievements
          where user_id = ${u}) as "earnedIds"
    `)(sql.raw("$1::int")),
).sql;

export const achievementsRepo = {
  /** All ten criteria types' facts, the points and the streak's study days (FACTS_SQL). */
  async facts(db: DbOrTx, userId: number): Promise<FactsRow> {
    const [row] = await rawRows<Record<string, unknown>>(db, FACTS_SQL, [userId], "achievement_facts");
    if (!row) throw new Error("achievement facts: no row");
    return {
      timeZone: String(row.timeZone),
      studySeconds: num(row.studySeconds),
      sessions: num(row.sessions),
      tasksCompleted: num(row.tasksCompleted),
      flashcards: num(row.flashcards),
      reviews: num(row.reviews),
      perfectQuizzes: num(row.perfectQuizzes),
      friends: num(row.friends),
      studySets: num(row.studySets),
      documents: num(row.documents),
      points: num(row.points),
      studyDays: parseJsonArray(row.studyDays).map((s) => new Date(String(s))),
      earnedIds: parseJsonArray(row.earnedIds).map(num),
    };
  },

  /** Points, time zone and study days of several students in one statement (friends' level and streak). */
  async figures(db: DbOrTx, userIds: number[]): Promise<FiguresRow[]> {
    if (userIds.length === 0) return [];
    const ids = sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      select u.id as "userId", z.tz as "timeZone",
        ${pointsOf(sql`u.id`)} as "points",
        ${studyDaysOf(sql`u.id`, sql`z.tz`)} as "studyDays"
      from users u
      cross join lateral (
        select coalesce((select time_zone from user_settings s where s.user_id = u.id), 'UTC') as tz
      ) z
      where u.id in (${ids})
    `);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
      userId: num(row.userId),
      timeZone: String(row.timeZone),
      points: num(row.points),
      studyDays: parseJsonArray(row.studyDays).map((s) => new Date(String(s))),
    }));
  },

  catalogue: (db: DbOrTx) => db.select().from(achievements).orderBy(asc(achievements.id)),

  /** Earns the given achievements; ones already earned are left alone, so concurrent calls award once. */
  async award(db: DbOrTx, userId: number, achievementIds: number[]): Promise<number[]> {
    if (achievementIds.length === 0) return [];
    const rows = await db
      .insert(userAchievements)
      .values(achievementIds.map((achievementId) => ({ userId, achievementId })))
      .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.achievementId] })
      .returning({ achievementId: userAchievements.achievementId });
    return rows.map((r) => r.achievementId);
  },

  earned: (db: DbOrTx, userId: number) =>
    db
      .select({ earned: userAchievements, achievement: achievements })
      .from(userAchievements)
      .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
      .where(eq(userAchievements.userId, userId))
      .orderBy(desc(userAchievements.earnedAt), desc(userAchievements.id)),

  /** Timer sessions since `since`, for the heatmap. */
  async sessionsSince(db: DbOrTx, userId: number, since: Date) {
    const result = await db.execute(sql`
      select ended_at as "endedAt", duration_seconds as "durationSeconds"
      from study_sessions where user_id = ${userId} and ended_at >= ${since.toISOString()}
    `);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
      endedAt: new Date(r.endedAt as string | Date),
      durationSeconds: num(r.durationSeconds),
    }));
  },

  async insertShareLink(
    db: DbOrTx,
    userId: number,
    values: { codeHash: string; nonce: string; settings: ShareSettings; expiresAt: Date },
  ) {
    const [row] = await db
      .insert(shareLinks)
      .values({ userId, ...values })
      .returning();
    return row!;
  },

  listShareLinks: (db: DbOrTx, userId: number, now: Date) =>
    db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id)),

  async revokeShareLink(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(shareLinks)
      .set({ revokedAt: now })
      .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id });
    return rows.length > 0;
  },

  async findShareLink(db: DbOrTx, codeHash: string) {
    const [row] = await db
      .select({ link: shareLinks, firstName: users.firstName })
      .from(shareLinks)
      .innerJoin(users, eq(users.id, shareLinks.userId))
      .where(eq(shareLinks.codeHash, codeHash));
    return row;
  },
};

function parseJsonArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return JSON.parse(v) as unknown[];
  return [];
}
