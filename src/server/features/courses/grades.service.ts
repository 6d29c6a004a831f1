import type { CourseGrades, GpaEditInput, GpaPlan, GradeGroupData } from "#shared/courses/grades-contract.ts";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { gradesRepo } from "./grades.repo.ts";

const assignmentIds = (groups: GradeGroupData[]) =>
  new Set(groups.flatMap((g) => g.assignments.map((a) => a.id)));

/**
 * Grades (issue 26 §5): a current Canvas course's assignment groups for What-If, the student's What-If
 * scores, and the GPA page's edits and target. Part of the courses service: every row hangs off a course.
 */
export function createGradesOperations({ db }: { db: Db }) {
  /** The student's Canvas course, or a 404 (another student's id, a typed course, no such id). */
  async function canvasCourse(userId: number, courseId: number) {
    const row = await gradesRepo.course(db, userId, courseId);
    if (!row?.canvasId) throw notFound("Course");
    return row;
  }

  return {
    /** A sync's fresh groups for one course (written only when they changed). */
    writeGradeGroups: (userId: number, courseId: number, groups: GradeGroupData[]) =>
      gradesRepo.writeGroups(db, userId, courseId, groups),

    async grades(userId: number, courseId: number): Promise<CourseGrades> {
      const row = await canvasCourse(userId, courseId);
      const groups = row.gradeGroups ?? [];
      // Scores of assignments a later sync no longer lists are kept but not answered: the page would
      // send them back, and a save names only the course's assignments.
      const known = assignmentIds(groups);
      const saved = await gradesRepo.whatIf(db, userId, courseId);
      return {
        courseId: row.id,
        name: row.name,
        code: row.code,
        weighted: row.applyGroupWeights ?? false,
        canvasCurrentScore: row.currentScore,
        canvasFinalScore: row.finalScore,
        groups,
        whatIf: Object.fromEntries(Object.entries(saved).filter(([id]) => known.has(id))),
        syncedAt: row.syncedAt?.toISOString() ?? null,
      };
    },

    /** Replaces the What-If scores; an id that is not one of the course's assignments is a 400. */
    async saveWhatIf(userId: number, courseId: number, scores: Record<string, number>) {
      const row = await canvasCourse(userId, courseId);
      const known = assignmentIds(row.gradeGroups ?? []);
      const unknown = Object.keys(scores).filter((id) => !known.has(id));
      if (unknown.length)
        throw badRequest(`Not an assignment of this course: ${unknown.slice(0, 3).join(", ")}`);
      await db.transaction((tx) => gradesRepo.replaceWhatIf(tx, userId, courseId, scores));
      return { scores: await gradesRepo.whatIf(db, userId, courseId) };
    },

    async gpa(userId: number): Promise<GpaPlan> {
      const [edits, targetGpa] = await Promise.all([
        gradesRepo.gpaEdits(db, userId),
        gradesRepo.targetGpa(db, userId),
      ]);
      return { edits, targetGpa };
    },

    async saveGpaEdit(userId: number, courseId: number, input: GpaEditInput) {
      await canvasCourse(userId, courseId);
      return gradesRepo.saveGpaEdit(db, userId, courseId, {
        ...(input.grade !== undefined ? { gradeEdited: true, grade: input.grade } : {}),
        ...(input.credits !== undefined ? { credits: input.credits } : {}),
        ...(input.removed !== undefined ? { removed: input.removed } : {}),
      });
    },

    async saveTargetGpa(userId: number, targetGpa: number | null) {
      await gradesRepo.saveTargetGpa(db, userId, targetGpa);
      return { targetGpa };
    },

    async revertGpa(userId: number) {
      await gradesRepo.revertGpa(db, userId);
      return { ok: true as const };
    },
  };
}
