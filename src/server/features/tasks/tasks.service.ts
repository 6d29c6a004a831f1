import type { Infer } from "#shared/http.ts";
import type { Task, taskEndpoints } from "#shared/tasks/contract.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { JsonText } from "../../lib/route.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import {
  type ImportedTask,
  type ImportedTaskValues,
  type TaskNarrowing,
  type TaskValues,
  tasksRepo,
} from "./tasks.repo.ts";

export type { ImportedTask, ImportedTaskValues };

type CreateTask = Infer<(typeof taskEndpoints.create)["body"]>;
type UpdateTask = Infer<(typeof taskEndpoints.update)["body"]>;

/**
 * The student's tasks, typed or imported. The Canvas feature imports through the `*Imported` methods, which
 * never touch the student's completed flag or priority of an existing task.
 */
export function createTasksService({
  db,
  clock,
  courses,
  events,
}: {
  db: Db;
  clock: Clock;
  courses: CoursesService;
  events: EventBus;
}) {
  /**
   * A Canvas assignment's title, description, due date and course come from Canvas and the next sync would
   * overwrite an edit, so changing them is refused; priority, notes and completion are the student's.
   * Sending the unchanged value is accepted, so a client may send the whole form.
   */
  async function assertCanvasFieldsKept(userId: number, id: number, input: UpdateTask) {
    const task = await tasksRepo.find(db, userId, id);
    if (!task) throw notFound("Task");
    if (!task.canvasId) return;
    const due = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);
    if (input.title !== undefined && input.title !== task.title)
      throw badRequest("A Canvas assignment's title comes from Canvas and cannot be changed here.");
    if (input.dueDate !== undefined && due(input.dueDate) !== due(task.dueDate))
      throw badRequest("A Canvas assignment's due date comes from Canvas and cannot be changed here.");
    if (input.description !== undefined && input.description !== task.description)
      throw badRequest("A Canvas assignment's description comes from Canvas: add your own notes instead.");
    if (input.courseId !== undefined && input.courseId !== task.courseId)
      throw badRequest("A Canvas assignment's course comes from Canvas and cannot be changed here.");
  }

  return {
    list: (userId: number, courseId?: number) => tasksRepo.list(db, userId, courseId),
    /** The same list as JSON text, for the list endpoint (see tasksRepo.listJsonQuery). */
    async listJson(userId: number, courseId?: number): Promise<JsonText<Task[]>> {
      const [row] = await tasksRepo.listJsonQuery(db, userId, courseId);
      return new JsonText(row?.json ?? "[]");
    },
    /** For questions about tasks: the database narrows, the caller's exact filter decides. */
    matching: (userId: number, narrow: TaskNarrowing) => tasksRepo.matching(db, userId, narrow),

    async create(userId: number, input: CreateTask): Promise<Task> {
      await courses.assertOwn(userId, input.courseId);
      const values = {
        title: input.title,
        description: input.description,
        dueDate: input.dueDate ? new Date(input.dueDate) : null,
        courseId: input.courseId,
        priority: input.priority,
      };
      const task = input.clientId
        ? // Offline adds are replayed until one answer arrives: the first insert wins, a replay reads it.
          ((await tasksRepo.insertOnce(db, userId, { ...values, clientId: input.clientId })) ??
          (await tasksRepo.findByClientId(db, userId, input.clientId)))
        : await tasksRepo.insert(db, userId, values);
      if (!task) throw notFound("Task");
      if (task.dueDate) await events.emit("task.scheduled", { userId, dueDate: new Date(task.dueDate) });
      return task;
    },

    async update(userId: number, id: number, input: UpdateTask): Promise<Task> {
      const canvasOwned = [input.title, input.description, input.dueDate, input.courseId];
      if (canvasOwned.some((v) => v !== undefined)) await assertCanvasFieldsKept(userId, id, input);
      await courses.assertOwn(userId, input.courseId);
      const values: TaskValues = {
        title: input.title,
        description: input.description,
        notes: input.notes,
        courseId: input.courseId,
        priority: input.priority,
        completed: input.completed,
      };
      if (input.dueDate !== undefined) values.dueDate = input.dueDate ? new Date(input.dueDate) : null;
      // completedAt feeds streaks and stats later: set on completion, cleared when reopened.
      if (input.completed !== undefined) values.completedAt = input.completed ? clock.now() : null;
      const task = await tasksRepo.update(db, userId, id, values);
      if (!task) throw notFound("Task");
      if (input.completed) await events.emit("task.completed", { userId });
      else if (task.dueDate && (input.dueDate !== undefined || input.completed === false))
        await events.emit("task.scheduled", { userId, dueDate: new Date(task.dueDate) });
      return task;
    },

    // Deleting is allowed for any own task: 'only completed tasks show a delete button' is a list-screen
    // rule (SPEC §2.3), and Canvas sync or other clients may need to remove open ones.
    async remove(userId: number, id: number): Promise<void> {
      if (!(await tasksRepo.remove(db, userId, id))) throw notFound("Task");
    },

    /** Imported tasks' Canvas fields, for a sync to compare against. */
    importedTasks: (userId: number) => tasksRepo.loadImported(db, userId),

    /** One course's import: upserts and deletions commit together; nothing is written when both are empty. */
    async applyImport(userId: number, upserts: ImportedTaskValues[], deleteIds: number[]): Promise<void> {
      if (upserts.length && deleteIds.length) {
        await db.transaction(async (tx) => {
          await tasksRepo.upsertImported(tx, userId, upserts);
          await tasksRepo.deleteImported(tx, userId, deleteIds);
        });
        return;
      }
      // One statement is atomic by itself; a transaction would only add two round trips.
      await tasksRepo.upsertImported(db, userId, upserts);
      await tasksRepo.deleteImported(db, userId, deleteIds);
    },

    /** Imports without deleting anything and answers the imported tasks (SPEC §7 parse-canvas). */
    async importSome(userId: number, values: ImportedTaskValues[]): Promise<Task[]> {
      await tasksRepo.upsertImported(db, userId, values);
      return tasksRepo.byCanvasIds(
        db,
        userId,
        values.map((v) => v.canvasId),
      );
    },

    /**
     * Canvas disconnect: deletes the imported tasks, or keeps them (they keep canvasId, so reconnecting
     * re-links them). Joins the caller's transaction when given one.
     */
    async removeImported(userId: number, removeTasks: boolean, tx: DbOrTx = db) {
      if (removeTasks) return { removedTasks: await tasksRepo.deleteAllImported(tx, userId), keptTasks: 0 };
      return { removedTasks: 0, keptTasks: await tasksRepo.countImported(tx, userId) };
    },
  };
}
export type TasksService = ReturnType<typeof createTasksService>;
