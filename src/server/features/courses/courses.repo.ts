import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { CREDIT_HOURS } from "#shared/constants.ts";
import type { CanvasCourse, Course } from "#shared/courses/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courses } from "../../db/schema/courses.ts";

const columns = { id: courses.id, name: courses.name, code: courses.code, canvasId: courses.canvasId };
type CourseRow = typeof courses.$inferSelect;

/** The Canvas fields Studyhall caches for a course; a sync compares them to decide whether to write. */
export interface CanvasCourseValues {
  canvasId: string;
  name: string;
  code: string;
  enrollmentState: "active" | "completed";
  currentScore: number | null;
  finalScore: number | null;
  currentGrade: string | null;
  finalGrade: string | null;
  htmlUrl: string | null;
  applyGroupWeights: boolean | null;
}

/** A cached Canvas course row, as a sync compares it; `leftCanvasAt` set while Canvas no longer lists it. */
export type CachedCanvasCourse = CanvasCourseValues & { id: number; leftCanvasAt: Date | null };

export const toCanvasCourse = (row: CourseRow): CanvasCourse => {
  const completed = row.enrollmentState === "completed";
  return {
    id: row.canvasId ?? "",
    localId: row.id,
    name: row.name,
    course_code: row.code,
    enrollment_state: completed ? "completed" : "active",
    current_score: row.currentScore,
    final_score: row.finalScore,
    current_grade: row.currentGrade,
    final_grade: row.finalGrade,
    grade: completed ? (row.finalGrade ?? row.currentGrade) : (row.currentGrade ?? row.finalGrade),
    // SPEC §3: a completed course carries its credit hours; Canvas has none to give, so SPEC §9's default.
    creditHours: row.creditHours ?? (completed ? CREDIT_HOURS.default : null),
    html_url: row.htmlUrl,
    leftCanvas: row.leftCanvasAt !== null,
  };
};

const fromCanvas = (userId: number) => and(eq(courses.userId, userId), isNotNull(courses.canvasId));

// Any constant shared by the callers of pg_advisory_xact_lock(key, userId) below; names the lock's purpose.
const DEFAULT_COURSE_LOCK = 1_330;

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
  /**
   * Serialises per-student writes that must see each other (creating the default course once), until the
   * transaction ends. An advisory lock, so no other feature's row has to be locked for it.
   */
  async lockStudent(tx: DbOrTx, userId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_COURSE_LOCK}, ${userId})`);
  },

  async listCanvas(db: DbOrTx, userId: number, state?: "active" | "completed") {
    const rows = await db
      .select()
      .from(courses)
      .where(state ? and(fromCanvas(userId), eq(courses.enrollmentState, state)) : fromCanvas(userId))
      .orderBy(asc(courses.enrollmentState), asc(courses.name), asc(courses.id));
    return rows.map(toCanvasCourse);
  },

  async loadCanvas(db: DbOrTx, userId: number): Promise<CachedCanvasCourse[]> {
    const rows = await db
      .select({
        id: courses.id,
        canvasId: courses.canvasId,
        name: courses.name,
        code: courses.code,
        enrollmentState: courses.enrollmentState,
        currentScore: courses.currentScore,
        finalScore: courses.finalScore,
        currentGrade: courses.currentGrade,
        finalGrade: courses.finalGrade,
        htmlUrl: courses.htmlUrl,
        applyGroupWeights: courses.applyGroupWeights,
        leftCanvasAt: courses.leftCanvasAt,
      })
      .from(courses)
      .where(fromCanvas(userId));
    return rows.map((r) => ({
      ...r,
      canvasId: r.canvasId!,
      enrollmentState: r.enrollmentState as CanvasCourseValues["enrollmentState"],
    }));
  },

  /**
   * Inserts or updates the given courses (a listed course is in Canvas again) and marks the ones Canvas no
   * longer lists, keeping when they first left; answers canvasId -> row id of the upserted ones.
   */
  async writeCanvas(db: DbOrTx, userId: number, upserts: CanvasCourseValues[], leftIds: number[], now: Date) {
    const ids = new Map<string, number>();
    if (upserts.length) {
      const rows = await db
        .insert(courses)
        .values(upserts.map((c) => ({ ...c, userId, syncedAt: now })))
        .onConflictDoUpdate({
          target: [courses.userId, courses.canvasId],
          set: {
            name: sql`excluded.name`,
            code: sql`excluded.code`,
            enrollmentState: sql`excluded.enrollment_state`,
            currentScore: sql`excluded.current_score`,
            finalScore: sql`excluded.final_score`,
            currentGrade: sql`excluded.current_grade`,
            finalGrade: sql`excluded.final_grade`,
            htmlUrl: sql`excluded.html_url`,
            applyGroupWeights: sql`excluded.apply_group_weights`,
            leftCanvasAt: null,
            syncedAt: now,
            updatedAt: now,
          },
        })
        .returning({ id: courses.id, canvasId: courses.canvasId });
      for (const r of rows) ids.set(r.canvasId!, r.id);
    }
    if (leftIds.length) {
      await db
        .update(courses)
        .set({ leftCanvasAt: now, updatedAt: now })
        .where(and(fromCanvas(userId), inArray(courses.id, leftIds), isNull(courses.leftCanvasAt)));
    }
    return ids;
  },

  async removeCanvas(db: DbOrTx, userId: number): Promise<number> {
    return (await db.delete(courses).where(fromCanvas(userId)).returning({ id: courses.id })).length;
  },
};
