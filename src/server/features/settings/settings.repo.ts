import { eq } from "drizzle-orm";
import type { Settings } from "#shared/settings.ts";
import type { DbOrTx } from "../../db/client.ts";
import { userSettings } from "../../db/schema/settings.ts";

export const settingsRepo = {
  async find(db: DbOrTx, userId: number) {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row;
  },
  async upsert(db: DbOrTx, userId: number, values: Settings) {
    const [row] = await db
      .insert(userSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userSettings.userId, set: values })
      .returning();
    return row!;
  },
  async timeZone(db: DbOrTx, userId: number): Promise<string> {
    const [row] = await db
      .select({ timeZone: userSettings.timeZone })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return row?.timeZone ?? "UTC";
  },
  async saveTimeZone(db: DbOrTx, userId: number, timeZone: string) {
    await db
      .insert(userSettings)
      .values({ userId, timeZone })
      .onConflictDoUpdate({ target: userSettings.userId, set: { timeZone } });
  },
  async upsertReview(
    db: DbOrTx,
    userId: number,
    values: { desiredRetention: number; newCardsPerDay: number },
  ) {
    const [row] = await db
      .insert(userSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userSettings.userId, set: values })
      .returning();
    return row!;
  },
};
