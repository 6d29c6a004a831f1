import { DEFAULT_COURSE } from "#shared/constants.ts";
import type { CanvasCourse, Course, courseEndpoints } from "#shared/courses/contract.ts";
import type { Infer } from "#shared/http.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { type CachedCanvasCourse, type CanvasCourseValues, coursesRepo } from "./courses.repo.ts";
import { createGradesOperations } from "./grades.service.ts";

export type { CachedCanvasCourse, CanvasCourseValues };

type CreateCourse = Infer<(typeof courseEndpoints.create)["body"]>;

/**
 * The student's courses: the ones they type and the Canvas cache (My Courses, GPA). Other features reach
 * the courses table only through here; the Canvas feature decides what to cache, this service stores it.
 */
export function createCoursesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    ...createGradesOperations({ db }),
    /**
     * SPEC §7: a student with no course gets 'Web Development' / 'CS 330'. Done here, once, under a lock
     * on the student, so two first visits at the same moment cannot create it twice.
     */
    async list(userId: number): Promise<Course[]> {
      const existing = await coursesRepo.list(db, userId);
      if (existing.length > 0) return existing;
      return db.transaction(async (tx) => {
        await coursesRepo.lockStudent(tx, userId);
        const again = await coursesRepo.list(tx, userId);
        if (again.length > 0) return again;
        return [await coursesRepo.insert(tx, userId, { ...DEFAULT_COURSE })];
      });
    },

    create: (userId: number, input: CreateCourse) =>
      coursesRepo.insert(db, userId, { name: input.name, code: input.code }),

    /** A 404 unless the course exists and is the student's; null and undefined mean "no course". */
    async assertOwn(userId: number, courseId: number | null | undefined): Promise<void> {
      if (courseId == null) return;
      if (!(await coursesRepo.find(db, userId, courseId))) throw notFound("Course");
    },

    /** The cached Canvas courses, as My Courses and GPA show them. */
    canvasCourses: (userId: number, state?: "active" | "completed"): Promise<CanvasCourse[]> =>
      coursesRepo.listCanvas(db, userId, state),

    /** The cached Canvas fields, for a sync to compare against. */
    cachedCanvasCourses: (userId: number) => coursesRepo.loadCanvas(db, userId),

    /**
     * Writes a sync's changes in one transaction: upserts, and marks `leftIds` as no longer in Canvas (never
     * deletes: the student's tasks and grades stay with the course). Answers canvasId -> row id of every
     * upserted course.
     */
    writeCanvasCourses: (userId: number, upserts: CanvasCourseValues[], leftIds: number[]) =>
      db.transaction((tx) => coursesRepo.writeCanvas(tx, userId, upserts, leftIds, clock.now())),

    /** Drops the Canvas cache (disconnect); joins the caller's transaction when given one. */
    removeCanvasCourses: (userId: number, tx: DbOrTx = db) => coursesRepo.removeCanvas(tx, userId),
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
