import { and, asc, eq } from "drizzle-orm";
import type { Course } from "#shared/tasks.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courses, users } from "../../db/schema/index.ts";

const columns = { id: courses.id, name: courses.name, code: courses.code, canvasId: courses.canvasId };

export const coursesRepo = {
  async list(db: DbOrTx, userId: number): Promise<Course[]> {
    return db.select(columns).from(courses).where(eq(courses.userId, userId)).orderBy(asc(courses.id));
  },
  async find(db: DbOrTx, userId: number, id: number): Promise<Course | undefined> {
    const [row] = await db
      .select(columns)
      .from(courses)
      .where(and(eq(courses.userId, userId), eq(courses.id, id)));
    return row;
  },
  async insert(db: DbOrTx, userId: number, values: { name: string; code: string }): Promise<Course> {
    const [row] = await db
      .insert(courses)
      .values({ ...values, userId })
      .returning(columns);
    return row!;
  },
  /** Serialises per-student writes that must see each other (creating the default course once). */
  async lockUser(tx: DbOrTx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  },
};
