import { DEFAULT_COURSE } from "#shared/constants.ts";
import type { Infer } from "#shared/http.ts";
import type { Course, courseEndpoints, Task, taskEndpoints } from "#shared/tasks.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { coursesRepo } from "./courses.repo.ts";
import { type TaskValues, tasksRepo } from "./tasks.repo.ts";

type CreateTask = Infer<(typeof taskEndpoints.create)["body"]>;
type UpdateTask = Infer<(typeof taskEndpoints.update)["body"]>;
type CreateCourse = Infer<(typeof courseEndpoints.create)["body"]>;

export function tasksService(db: Db) {
  async function assertOwnCourse(userId: number, courseId: number | null | undefined) {
    if (courseId == null) return;
    if (!(await coursesRepo.find(db, userId, courseId))) throw notFound("Course");
  }

  return {
    list: (userId: number, courseId?: number) => tasksRepo.list(db, userId, courseId),

    async create(userId: number, input: CreateTask): Promise<Task> {
      await assertOwnCourse(userId, input.courseId);
      return tasksRepo.insert(db, userId, {
        title: input.title,
        description: input.description,
        dueDate: input.dueDate ? new Date(input.dueDate) : null,
        courseId: input.courseId,
        priority: input.priority,
      });
    },

    async update(userId: number, id: number, input: UpdateTask): Promise<Task> {
      await assertOwnCourse(userId, input.courseId);
      const values: TaskValues = {
        title: input.title,
        description: input.description,
        courseId: input.courseId,
        priority: input.priority,
        completed: input.completed,
      };
      if (input.dueDate !== undefined) values.dueDate = input.dueDate ? new Date(input.dueDate) : null;
      // completedAt feeds streaks and stats later: set on completion, cleared when reopened.
      if (input.completed !== undefined) values.completedAt = input.completed ? new Date() : null;
      const task = await tasksRepo.update(db, userId, id, values);
      if (!task) throw notFound("Task");
      return task;
    },

    // Deleting is allowed for any own task: 'only completed tasks show a delete button' is a list-screen
    // rule (SPEC §2.3), and Canvas sync or other clients may need to remove open ones.
    async remove(userId: number, id: number): Promise<void> {
      if (!(await tasksRepo.remove(db, userId, id))) throw notFound("Task");
    },

    /**
     * SPEC §7: a student with no course gets 'Web Development' / 'CS 330'. Done here, once, under a lock on
     * the student's row, so two first visits at the same moment cannot create it twice.
     */
    async listCourses(userId: number): Promise<Course[]> {
      const existing = await coursesRepo.list(db, userId);
      if (existing.length > 0) return existing;
      return db.transaction(async (tx) => {
        await coursesRepo.lockUser(tx, userId);
        const again = await coursesRepo.list(tx, userId);
        if (again.length > 0) return again;
        return [await coursesRepo.insert(tx, userId, { ...DEFAULT_COURSE })];
      });
    },

    createCourse: (userId: number, input: CreateCourse) =>
      coursesRepo.insert(db, userId, { name: input.name, code: input.code }),
  };
}
