import { and, eq, inArray, ne } from "drizzle-orm";
import type { ReminderSettings, SaveSettings } from "#shared/settings/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { userSettings } from "../../db/schema/settings.ts";

export const settingsRepo = {
  async find(db: DbOrTx, userId: number) {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row;
  },
  /** The rows of those of these students who saved settings (the others have the defaults). */
  findMany: (db: DbOrTx, userIds: number[]) =>
    userIds.length === 0
      ? Promise.resolve([])
      : db.select().from(userSettings).where(inArray(userSettings.userId, userIds)),
  /** An undefined field (showProgressToFriends from a SPEC client) takes the default or keeps its value. */
  async upsert(db: DbOrTx, userId: number, values: SaveSettings) {
    const { showProgressToFriends, ...rest } = values;
    const set = showProgressToFriends === undefined ? rest : { ...rest, showProgressToFriends };
    const [row] = await db
      .insert(userSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: userSettings.userId, set })
      .returning();
    return row!;
  },
  /** The given students who turned 'Show my progress to friends' off (no row means the default, on). */
  async hidingProgress(db: DbOrTx, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ userId: userSettings.userId })
      .from(userSettings)
      .where(and(inArray(userSettings.userId, userIds), eq(userSettings.showProgressToFriends, false)));
    return rows.map((r) => r.userId);
  },
  async autoSyncOff(db: DbOrTx, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ userId: userSettings.userId })
      .from(userSettings)
      .where(and(inArray(userSettings.userId, userIds), eq(userSettings.autoSync, false)));
    return rows.map((r) => r.userId);
  },
  async timeZone(db: DbOrTx, userId: number): Promise<string> {
    const [row] = await db
      .select({ timeZone: userSettings.timeZone })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return row?.timeZone ?? "UTC";
  },
  /**
   * Every page load reports the zone, and it is nearly always the one stored: then the row is left as it
   * is, rather than rewritten (a new row version and its WAL) on each load.
   */
  async saveTimeZone(db: DbOrTx, userId: number, timeZone: string) {
    await db
      .insert(userSettings)
      .values({ userId, timeZone })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { timeZone },
        setWhere: ne(userSettings.timeZone, timeZone),
      });
  },
  async upsertReview(
    db: DbOrTx,
    userId: number,
    values: { desiredRetention: number; newCardsPerDay: number; maxReviewsPerDay?: number | undefined },
  ) {
    // An absent maximum keeps the saved one (the column's default on a first save).
    const { maxReviewsPerDay, ...rest } = values;
    const set = maxReviewsPerDay === undefined ? rest : { ...rest, maxReviewsPerDay };
    const [row] = await db
      .insert(userSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: userSettings.userId, set })
      .returning();
    return row!;
  },
  async upsertReminders(db: DbOrTx, userId: number, values: ReminderSettings) {
    const set = {
      remindTaskDue: values.taskDue,
      remindDailyReview: values.dailyReview,
      reviewTime: values.reviewTime,
      remindExamPlan: values.examPlan,
      quietHours: values.quietHours,
      quietStart: values.quietStart,
      quietEnd: values.quietEnd,
    };
    const [row] = await db
      .insert(userSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: userSettings.userId, set })
      .returning();
    return row!;
  },
};
