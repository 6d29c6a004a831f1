import { and, eq, sql } from "drizzle-orm";
import { GRADES, type Grade } from "#shared/courses/grades.ts";
import type { GpaEdit, GradeGroupData } from "#shared/courses/grades-contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courses, gpaEdits, gpaTargets, whatIfScores } from "../../db/schema/courses.ts";

const isGrade = (g: string | null): g is Grade => g !== null && (GRADES as string[]).includes(g);

/** What-If scores, GPA edits and the target GPA: rows of the student's own courses only. */
export const gradesRepo = {
  /** The course's cached grade data; undefined unless it is the student's. */
  async course(db: DbOrTx, userId: number, courseId: number) {
    const [row] = await db
      .select({
        id: courses.id,
        name: courses.name,
        code: courses.code,
        canvasId: courses.canvasId,
        enrollmentState: courses.enrollmentState,
        currentScore: courses.currentScore,
        finalScore: courses.finalScore,
        applyGroupWeights: courses.applyGroupWeights,
        gradeGroups: courses.gradeGroups,
        syncedAt: courses.syncedAt,
      })
      .from(courses)
      .where(and(eq(courses.userId, userId), eq(courses.id, courseId)));
    return row;
  },

  /** Replaces the cached groups only when they changed, so an unchanged sync writes nothing. */
  async writeGroups(db: DbOrTx, userId: number, courseId: number, groups: GradeGroupData[]) {
    const json = JSON.stringify(groups);
    await db
      .update(courses)
      .set({ gradeGroups: groups })
      .where(
        and(
          eq(courses.userId, userId),
          eq(courses.id, courseId),
          sql`${courses.gradeGroups} is distinct from ${json}::jsonb`,
        ),
      );
  },

  async whatIf(db: DbOrTx, userId: number, courseId: number): Promise<Record<string, number>> {
    const rows = await db
      .select({ id: whatIfScores.assignmentId, score: whatIfScores.score })
      .from(whatIfScores)
      .where(and(eq(whatIfScores.userId, userId), eq(whatIfScores.courseId, courseId)));
    return Object.fromEntries(rows.map((r) => [r.id, r.score]));
  },

  async replaceWhatIf(db: DbOrTx, userId: number, courseId: number, scores: Record<string, number>) {
    await db
      .delete(whatIfScores)
      .where(and(eq(whatIfScores.userId, userId), eq(whatIfScores.courseId, courseId)));
    const rows = Object.entries(scores).map(([assignmentId, score]) => ({
      userId,
      courseId,
      assignmentId,
      score,
    }));
    if (rows.length) await db.insert(whatIfScores).values(rows);
  },

  async gpaEdits(db: DbOrTx, userId: number): Promise<GpaEdit[]> {
    const rows = await db.select().from(gpaEdits).where(eq(gpaEdits.userId, userId));
    return rows.map(toEdit);
  },

  async saveGpaEdit(
    db: DbOrTx,
    userId: number,
    courseId: number,
    set: { gradeEdited?: boolean; grade?: string | null; credits?: number; removed?: boolean },
  ): Promise<GpaEdit> {
    const [row] = await db
      .insert(gpaEdits)
      .values({ userId, courseId, ...set })
      .onConflictDoUpdate({ target: gpaEdits.courseId, set })
      .returning();
    return toEdit(row!);
  },

  async revertGpa(db: DbOrTx, userId: number) {
    await db.delete(gpaEdits).where(eq(gpaEdits.userId, userId));
  },

  async targetGpa(db: DbOrTx, userId: number): Promise<number | null> {
    const [row] = await db.select().from(gpaTargets).where(eq(gpaTargets.userId, userId));
    return row?.targetGpa ?? null;
  },

  async saveTargetGpa(db: DbOrTx, userId: number, targetGpa: number | null) {
    if (targetGpa === null) {
      await db.delete(gpaTargets).where(eq(gpaTargets.userId, userId));
      return;
    }
    await db
      .insert(gpaTargets)
      .values({ userId, targetGpa })
      .onConflictDoUpdate({ target: gpaTargets.userId, set: { targetGpa } });
  },
};

function toEdit(row: typeof gpaEdits.$inferSelect): GpaEdit {
  return {
    courseId: row.courseId,
    ...(row.gradeEdited ? { grade: isGrade(row.grade) ? row.grade : null } : {}),
    ...(row.credits !== null ? { credits: row.credits } : {}),
    removed: row.removed,
  };
}
