import type { Infer } from "#shared/http.ts";
import { SUBTASK_LIMITS, type Task, type taskEndpoints } from "#shared/tasks/contract.ts";
import {
  checkSeries,
  nextOccurrence,
  parseRRule,
  type Series,
  splitSeries,
  toRRule,
} from "#shared/tasks/recurrence.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { JsonText } from "../../lib/route.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
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
type BulkUpdate = Infer<(typeof taskEndpoints.bulkUpdate)["body"]>;
type SubtaskChange = Infer<(typeof taskEndpoints.updateSubtask)["body"]>;

/**
 * The student's tasks, typed or imported. The Canvas feature imports through the `*Imported` methods, which
 * never touch the student's completed flag or priority of an existing task.
 */
export function createTasksService({
  db,
  clock,
  courses,
  events,
  settings,
}: {
  db: Db;
  clock: Clock;
  courses: CoursesService;
  events: EventBus;
  /** The student's zone, for a series sent without one. */
  settings: Pick<SettingsService, "timeZone">;
}) {
  /**
   * A series' rule in the form the database keeps (toRRule's own text), or a 400 naming what is wrong. A
   * series starts at its due date, which must itself be one of its dates; an end too far away, a count
   * above the limit and rules the planner cannot hold are refused.
   */
  function normalizedRule(rrule: string, dueDate: string | null, timeZone: string) {
    if (!dueDate) throw badRequest("A repeating task needs a due date: its first occurrence");
    const start = new Date(dueDate);
    const parsed = parseRRule(rrule, { start, timeZone });
    if (!parsed.ok) throw badRequest(parsed.error);
    const problem = checkSeries({ rule: parsed.rule, start, timeZone });
    if (problem) throw badRequest(problem);
    return toRRule(parsed.rule, timeZone);
  }

  const seriesOf = (task: Task): Series | null => {
    if (!task.rrule || !task.seriesStart || !task.recurrenceTimeZone) return null;
    const start = new Date(task.seriesStart);
    const parsed = parseRRule(task.rrule, { start, timeZone: task.recurrenceTimeZone });
    return parsed.ok ? { rule: parsed.rule, start, timeZone: task.recurrenceTimeZone } : null;
  };

  /**
   * Completing the latest occurrence of a series creates the next one (same title, description, course
   * and priority), keeping the schedule: a late completion still gets the next in turn. Nothing when the
   * series has ended or its next occurrence exists already (completed, reopened, completed again).
   */
  async function createNext(userId: number, task: Task): Promise<void> {
    const series = seriesOf(task);
    if (!series || !task.dueDate || task.seriesId === null) return;
    const due = new Date(task.dueDate);
    if (await tasksRepo.seriesHasAfter(db, userId, task.seriesId, due)) return;
    const next = nextOccurrence(series, due);
    if (!next) return;
    const created = await tasksRepo.insertOccurrence(db, userId, {
      title: task.title,
      description: task.description,
      courseId: task.courseId,
      priority: task.priority,
      dueDate: next,
      rrule: task.rrule,
      recurrenceTimeZone: task.recurrenceTimeZone,
      seriesStart: series.start,
      seriesId: task.seriesId,
    });
    if (created && task.subtasks.length) {
      await tasksRepo.copySubtasks(db, userId, task.id, created.id);
    }
  }

  async function ownTask(userId: number, id: number): Promise<Task> {
    const task = await tasksRepo.find(db, userId, id);
    if (!task) throw notFound("Task");
    return task;
  }

  /**
   * A new rule (or none) for a series from `task` on: the earlier occurrences keep the old rule ended just
   * before it (so the feed does not repeat them), and this and later ones form a new series from this task.
   */
  async function changeRecurrence(userId: number, task: Task, input: UpdateTask): Promise<TaskValues> {
    if (task.canvasId && input.recurrence) throw badRequest("A Canvas assignment cannot repeat.");
    const dueDate = input.dueDate !== undefined ? input.dueDate : task.dueDate;
    if (input.recurrence === null || input.recurrence === undefined) {
      if (task.seriesId !== null && task.dueDate) await endSeriesBefore(userId, task);
      return { rrule: null, recurrenceTimeZone: null, seriesStart: null, seriesId: null };
    }
    const timeZone = input.timeZone ?? task.recurrenceTimeZone ?? (await settings.timeZone(userId));
    const rrule = normalizedRule(input.recurrence, dueDate, timeZone);
    if (task.seriesId !== null && task.dueDate) await endSeriesBefore(userId, task);
    return { rrule, recurrenceTimeZone: timeZone, seriesStart: new Date(dueDate!), seriesId: task.id };
  }

  /** The series' occurrences before `task` keep their rule, ended where `task` begins. */
  async function endSeriesBefore(userId: number, task: Task) {
    const series = seriesOf(task);
    if (!series || !task.dueDate || task.seriesId === null) return;
    const at = new Date(task.dueDate);
    let before: string | null = null;
    try {
      const split = splitSeries(series, at);
      before = split.before ? toRRule(split.before, series.timeZone) : null;
    } catch {
      before = null;
    }
    await tasksRepo.updateSeriesBefore(
      db,
      userId,
      task.seriesId,
      at,
      before
        ? { rrule: before }
        : { rrule: null, recurrenceTimeZone: null, seriesStart: null, seriesId: null },
    );
  }
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
    /** The student's tasks among `ids` (another student's are absent): focus sessions link to them. */
    owned: (userId: number, ids: number[]) => tasksRepo.findMany(db, userId, ids),

    async create(userId: number, input: CreateTask): Promise<Task> {
      await courses.assertOwn(userId, input.courseId);
      const values = {
        title: input.title,
        description: input.description,
        dueDate: input.dueDate ? new Date(input.dueDate) : null,
        courseId: input.courseId,
        priority: input.priority,
      };
      let task: Task | undefined;
      if (input.recurrence) {
        const timeZone = input.timeZone ?? (await settings.timeZone(userId));
        const rrule = normalizedRule(input.recurrence, input.dueDate, timeZone);
        // The first task names itself as the series, so its id is taken before the insert.
        const id = await tasksRepo.nextId(db);
        task = await tasksRepo.insert(db, userId, {
          ...values,
          id,
          rrule,
          recurrenceTimeZone: timeZone,
          seriesStart: values.dueDate,
          seriesId: id,
        });
      } else if (input.clientId) {
        // Offline adds are replayed until one answer arrives: the first insert wins, a replay reads it.
        task =
          (await tasksRepo.insertOnce(db, userId, { ...values, clientId: input.clientId })) ??
          (await tasksRepo.findByClientId(db, userId, input.clientId));
      } else {
        task = await tasksRepo.insert(db, userId, values);
      }
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

      const recurring = input.recurrence !== undefined || input.scope === "future" || input.completed;
      const before =
        recurring || input.dueDate !== undefined ? await tasksRepo.find(db, userId, id) : undefined;
      if ((recurring || input.dueDate !== undefined) && !before) throw notFound("Task");
      if (before?.seriesId != null && input.dueDate === null && input.recurrence === undefined) {
        throw badRequest("A repeating task needs a due date: stop the repeat first, or keep a date");
      }
      if (input.recurrence !== undefined)
        Object.assign(values, await changeRecurrence(userId, before!, input));

      const task = await tasksRepo.update(db, userId, id, values);
      if (!task) throw notFound("Task");
      // "This and all future": the shared fields go to the series' later occurrences too; a new rule (or
      // none) always does.
      const oldSeries = before?.seriesId ?? null;
      if (
        oldSeries !== null &&
        task.dueDate &&
        (input.scope === "future" || input.recurrence !== undefined)
      ) {
        const shared: TaskValues =
          input.scope === "future"
            ? {
                title: input.title,
                description: input.description,
                courseId: input.courseId,
                priority: input.priority,
              }
            : {};
        if (input.recurrence !== undefined) {
          Object.assign(shared, {
            rrule: task.rrule,
            recurrenceTimeZone: task.recurrenceTimeZone,
            seriesStart: task.seriesStart ? new Date(task.seriesStart) : null,
            seriesId: task.seriesId,
          });
        }
        const later = new Date(new Date(task.dueDate).getTime() + 1);
        if (Object.values(shared).some((v) => v !== undefined)) {
          await tasksRepo.updateSeriesFrom(db, userId, oldSeries, later, shared);
        }
      }
      if (input.completed && !before?.completed) await createNext(userId, task);
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

    /**
     * Completes, reopens or moves several tasks at once. Every id must be the student's (else 404 and
     * nothing changes); a Canvas assignment keeps its Canvas course. Completing a series' latest
     * occurrence creates its next one, as a single completion does.
     */
    async bulkUpdate(userId: number, input: BulkUpdate): Promise<Task[]> {
      const before = await tasksRepo.findMany(db, userId, input.ids);
      if (before.length !== input.ids.length) throw notFound("Task");
      if (input.courseId !== undefined) {
        if (before.some((t) => t.canvasId && t.courseId !== input.courseId))
          throw badRequest("A Canvas assignment's course comes from Canvas and cannot be changed here.");
        await courses.assertOwn(userId, input.courseId);
      }
      const values: TaskValues = { courseId: input.courseId, completed: input.completed };
      if (input.completed !== undefined) values.completedAt = input.completed ? clock.now() : null;
      const saved = await tasksRepo.updateMany(db, userId, input.ids, values);
      if (input.completed) {
        const wasOpen = new Set(before.filter((t) => !t.completed).map((t) => t.id));
        for (const task of saved) if (wasOpen.has(task.id)) await createNext(userId, task);
        if (wasOpen.size) await events.emit("task.completed", { userId });
      }
      return saved;
    },

    /** Deletes the student's tasks among `ids` (another student's are never touched); answers how many. */
    bulkRemove: (userId: number, ids: number[]) => tasksRepo.removeMany(db, userId, ids),

    async addSubtask(userId: number, taskId: number, title: string): Promise<Task> {
      await ownTask(userId, taskId);
      if ((await tasksRepo.countSubtasks(db, taskId)) >= SUBTASK_LIMITS.perTask)
        throw badRequest(`A checklist has at most ${SUBTASK_LIMITS.perTask} items`);
      await tasksRepo.addSubtask(db, userId, taskId, title);
      return ownTask(userId, taskId);
    },
    async updateSubtask(userId: number, taskId: number, id: number, change: SubtaskChange): Promise<Task> {
      if (!(await tasksRepo.updateSubtask(db, userId, taskId, id, change))) throw notFound("Checklist item");
      return ownTask(userId, taskId);
    },
    async removeSubtask(userId: number, taskId: number, id: number): Promise<Task> {
      if (!(await tasksRepo.removeSubtask(db, userId, taskId, id))) throw notFound("Checklist item");
      return ownTask(userId, taskId);
    },
    /** `ids` must name every item of the task's checklist once: a stale list is refused, not half-applied. */
    async reorderSubtasks(userId: number, taskId: number, ids: number[]): Promise<Task> {
      const task = await ownTask(userId, taskId);
      const have = new Set(task.subtasks.map((s) => s.id));
      if (ids.length !== have.size || ids.some((id) => !have.has(id)))
        throw badRequest("Send every item of the checklist once, in the new order");
      await tasksRepo.reorderSubtasks(db, taskId, ids);
      return ownTask(userId, taskId);
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
