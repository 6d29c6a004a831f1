import { LRUCache } from "lru-cache";
import type { Infer } from "#shared/http.ts";
import { canvasOwned } from "#shared/tasks/canvas-fields.ts";
import { SUBTASK_LIMITS, type Task, type taskEndpoints } from "#shared/tasks/contract.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { JsonText } from "../../lib/route.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { changeRecurrence, createNext, normalizedRule, removeNext, ruleFrom } from "./task-series.ts";
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

/** What the kept task lists may hold in all: a 2,000-task list is about a megabyte of JSON text. */
const BUILT_LISTS_MAX_BYTES = 16 * 1024 * 1024;

export interface TasksDeps {
  db: Db;
  clock: Clock;
  courses: CoursesService;
  events: EventBus;
  /** The student's zone, for a series sent without one. */
  settings: Pick<SettingsService, "timeZone">;
}

async function ownTask({ db }: TasksDeps, userId: number, id: number): Promise<Task> {
  const task = await tasksRepo.find(db, userId, id);
  if (!task) throw notFound("Task");
  return task;
}

/**
 * A Canvas assignment's title, description, due date and course come from Canvas and the next sync would
 * overwrite an edit, so changing them is refused; priority, notes and completion are the student's. A
 * task kept after its assignment left Canvas is the student's to edit (canvasOwned).
 * Sending the unchanged value is accepted, so a client may send the whole form.
 */
async function assertCanvasFieldsKept({ db }: TasksDeps, userId: number, id: number, input: UpdateTask) {
  const task = await tasksRepo.find(db, userId, id);
  if (!task) throw notFound("Task");
  if (!canvasOwned(task)) return;
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

async function createTask(deps: TasksDeps, userId: number, input: CreateTask): Promise<Task> {
  const { db, courses, events } = deps;
  await courses.assertOwn(userId, input.courseId);
  const values: TaskValues & { title: string; id?: number } = {
    title: input.title,
    description: input.description,
    dueDate: input.dueDate ? new Date(input.dueDate) : null,
    courseId: input.courseId,
    priority: input.priority,
  };
  if (input.recurrence) {
    const timeZone = input.timeZone ?? (await deps.settings.timeZone(userId));
    const rrule = normalizedRule(input.recurrence, input.dueDate, timeZone);
    // The first task names itself as the series, so its id is taken before the insert.
    const id = await tasksRepo.nextId(db);
    Object.assign(values, {
      id,
      rrule,
      recurrenceTimeZone: timeZone,
      seriesStart: values.dueDate,
      seriesId: id,
    });
  }
  // Offline adds (a repeating one too) are replayed until one answer arrives: the first insert wins, a
  // replay reads it.
  const task = input.clientId
    ? ((await tasksRepo.insertOnce(db, userId, { ...values, clientId: input.clientId })) ??
      (await tasksRepo.findByClientId(db, userId, input.clientId)))
    : await tasksRepo.insert(db, userId, values);
  if (!task) throw notFound("Task");
  if (task.dueDate) await events.emit("task.scheduled", { userId, dueDate: new Date(task.dueDate) });
  return task;
}

async function updateTask(deps: TasksDeps, userId: number, id: number, input: UpdateTask): Promise<Task> {
  const { db, clock, courses, events } = deps;
  const canvasOwned = [input.title, input.description, input.dueDate, input.courseId];
  if (canvasOwned.some((v) => v !== undefined)) await assertCanvasFieldsKept(deps, userId, id, input);
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

  const recurring =
    input.recurrence !== undefined || input.scope === "future" || input.completed !== undefined;
  const before = recurring || input.dueDate !== undefined ? await tasksRepo.find(db, userId, id) : undefined;
  if ((recurring || input.dueDate !== undefined) && !before) throw notFound("Task");
  // Ticking a done task again (the outbox's replay, a second tab) leaves when it was done: streaks and
  // stats count the day it was first ticked.
  if (input.completed && before?.completed) delete values.completedAt;
  if (before?.seriesId != null && input.dueDate === null && input.recurrence === undefined) {
    throw badRequest("A repeating task needs a due date: stop the repeat first, or keep a date");
  }
  // "This and all future" with a new due date or time moves the series from here: without it the next
  // occurrence came back at the old time, as if only this one had been edited.
  const change: UpdateTask =
    input.scope === "future" &&
    input.recurrence === undefined &&
    before?.seriesId != null &&
    input.dueDate &&
    before.dueDate &&
    Date.parse(input.dueDate) !== Date.parse(before.dueDate)
      ? { ...input, recurrence: ruleFrom(before) }
      : input;
  if (change.recurrence !== undefined)
    Object.assign(values, await changeRecurrence(deps, userId, before!, change));

  const task = await tasksRepo.update(db, userId, id, values);
  if (!task) throw notFound("Task");
  if (before?.seriesId != null) await shareWithLaterOccurrences(deps, userId, before.seriesId, task, change);
  if (input.completed && !before?.completed) await createNext(deps, userId, task);
  if (input.completed === false && before?.completed) await removeNext(deps, userId, task);
  if (input.completed) await events.emit("task.completed", { userId });
  else if (task.dueDate && (input.dueDate !== undefined || input.completed === false))
    await events.emit("task.scheduled", { userId, dueDate: new Date(task.dueDate) });
  return task;
}

/**
 * "This and all future": the shared fields of an edited occurrence go to the series' later occurrences
 * too; a new rule (or none) always does.
 */
async function shareWithLaterOccurrences(
  { db }: TasksDeps,
  userId: number,
  oldSeries: number,
  task: Task,
  input: UpdateTask,
) {
  if (!task.dueDate || (input.scope !== "future" && input.recurrence === undefined)) return;
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

/**
 * Completes, reopens or moves several tasks at once. Every id must be the student's (else 404 and
 * nothing changes); a Canvas assignment keeps its Canvas course. Completing a series' latest
 * occurrence creates its next one, as a single completion does.
 */
async function bulkUpdateTasks(deps: TasksDeps, userId: number, input: BulkUpdate): Promise<Task[]> {
  const { db, clock, courses, events } = deps;
  const before = await tasksRepo.findMany(db, userId, input.ids);
  if (before.length !== input.ids.length) throw notFound("Task");
  if (input.courseId !== undefined) {
    if (before.some((t) => canvasOwned(t) && t.courseId !== input.courseId))
      throw badRequest("A Canvas assignment's course comes from Canvas and cannot be changed here.");
    await courses.assertOwn(userId, input.courseId);
  }
  const values: TaskValues = { courseId: input.courseId, completed: input.completed };
  if (input.completed !== undefined) values.completedAt = input.completed ? clock.now() : null;
  const saved = await tasksRepo.updateMany(db, userId, input.ids, values);
  if (input.completed) {
    const wasOpen = new Set(before.filter((t) => !t.completed).map((t) => t.id));
    for (const task of saved) if (wasOpen.has(task.id)) await createNext(deps, userId, task);
    if (wasOpen.size) await events.emit("task.completed", { userId });
  } else if (input.completed === false) {
    const wasDone = new Set(before.filter((t) => t.completed).map((t) => t.id));
    for (const task of saved) if (wasDone.has(task.id)) await removeNext(deps, userId, task);
  }
  return saved;
}

async function addSubtask(deps: TasksDeps, userId: number, taskId: number, title: string): Promise<Task> {
  await ownTask(deps, userId, taskId);
  if ((await tasksRepo.countSubtasks(deps.db, taskId)) >= SUBTASK_LIMITS.perTask)
    throw badRequest(`A checklist has at most ${SUBTASK_LIMITS.perTask} items`);
  await tasksRepo.addSubtask(deps.db, userId, taskId, title);
  return ownTask(deps, userId, taskId);
}

/** `ids` must name every item of the task's checklist once: a stale list is refused, not half-applied. */
async function reorderSubtasks(
  deps: TasksDeps,
  userId: number,
  taskId: number,
  ids: number[],
): Promise<Task> {
  const task = await ownTask(deps, userId, taskId);
  const have = new Set(task.subtasks.map((s) => s.id));
  if (ids.length !== have.size || ids.some((id) => !have.has(id)))
    throw badRequest("Send every item of the checklist once, in the new order");
  await tasksRepo.reorderSubtasks(deps.db, taskId, ids);
  return ownTask(deps, userId, taskId);
}

/** One course's import: upserts and deletions commit together; nothing is written when both are empty. */
async function applyImport(
  { db }: TasksDeps,
  userId: number,
  upserts: ImportedTaskValues[],
  deleteIds: number[],
) {
  if (deleteIds.length) {
    return db.transaction(async (tx) => {
      await tasksRepo.upsertImported(tx, userId, upserts);
      return tasksRepo.retireImported(tx, userId, deleteIds);
    });
  }
  // One statement is atomic by itself; a transaction would only add two round trips.
  await tasksRepo.upsertImported(db, userId, upserts);
  return 0;
}

/**
 * The student's tasks, typed or imported. The Canvas feature imports through the `*Imported` methods, which
 * never touch the student's completed flag or priority of an existing task.
 */
export function createTasksService(deps: TasksDeps) {
  const { db } = deps;
  // The lists this instance built last, by student and course filter: the most recently read kept,
  // bounded in bytes (the kept UTF-8 bytes and their Brotli form), so many students cost memory once and no
  // more.
  const builtLists = new LRUCache<string, { version: number; answer: JsonText<Task[]> }>({
    maxSize: BUILT_LISTS_MAX_BYTES,
    sizeCalculation: ({ answer }, key) =>
      answer.body.length + (answer.brotli?.length ?? 0) + key.length * 2 + 64,
  });
  return {
    list: (userId: number, courseId?: number) => tasksRepo.list(db, userId, courseId),
    /** Many students' open tasks due in (from, to], in one query (a reminder delivery batch). */
    openDueBetween: (userIds: number[], from: Date, to: Date) =>
      tasksRepo.openDueBetween(db, userIds, from, to),
    /**
     * The same list as JSON text, for the list endpoint: built again only when the student's list count
     * has moved since this instance last built it (tasksRepo.listJsonVersioned), so every instance
     * sharing a database stays right without telling the others.
     */
    async listJson(userId: number, courseId?: number): Promise<JsonText<Task[]>> {
      const key = `${userId}:${courseId ?? ""}`;
      const kept = builtLists.get(key);
      const row = await tasksRepo.listJsonVersioned(db, userId, courseId, kept?.version ?? -1);
      if (row.json === null && kept) return kept.answer;
      const answer = await JsonText.kept<Task[]>(row.json ?? "[]");
      builtLists.set(key, { version: row.version, answer });
      return answer;
    },
    /** For questions about tasks: the database narrows, the caller's exact filter decides. */
    matching: (userId: number, narrow: TaskNarrowing) => tasksRepo.matching(db, userId, narrow),
    /** The student's tasks among `ids` (another student's are absent): focus sessions link to them. */
    owned: (userId: number, ids: number[]) => tasksRepo.findMany(db, userId, ids),
    create: (userId: number, input: CreateTask) => createTask(deps, userId, input),
    update: (userId: number, id: number, input: UpdateTask) => updateTask(deps, userId, id, input),
    // Deleting is allowed for any own task: 'only completed tasks show a delete button' is a list-screen
    // rule (SPEC §2.3), and Canvas sync or other clients may need to remove open ones.
    async remove(userId: number, id: number): Promise<void> {
      if (!(await tasksRepo.remove(db, userId, id))) throw notFound("Task");
    },
    bulkUpdate: (userId: number, input: BulkUpdate) => bulkUpdateTasks(deps, userId, input),
    /** Deletes the student's tasks among `ids` (another student's are never touched); answers how many. */
    bulkRemove: (userId: number, ids: number[]) => tasksRepo.removeMany(db, userId, ids),

    addSubtask: (userId: number, taskId: number, title: string) => addSubtask(deps, userId, taskId, title),
    async updateSubtask(userId: number, taskId: number, id: number, change: SubtaskChange): Promise<Task> {
      if (!(await tasksRepo.updateSubtask(db, userId, taskId, id, change))) throw notFound("Checklist item");
      return ownTask(deps, userId, taskId);
    },
    async removeSubtask(userId: number, taskId: number, id: number): Promise<Task> {
      if (!(await tasksRepo.removeSubtask(db, userId, taskId, id))) throw notFound("Checklist item");
      return ownTask(deps, userId, taskId);
    },
    reorderSubtasks: (userId: number, taskId: number, ids: number[]) =>
      reorderSubtasks(deps, userId, taskId, ids),

    /** Imported tasks' Canvas fields, for a sync to compare against. */
    importedTasks: (userId: number) => tasksRepo.loadImported(db, userId),
    applyImport: (userId: number, upserts: ImportedTaskValues[], deleteIds: number[]) =>
      applyImport(deps, userId, upserts, deleteIds),
    /** Imports without deleting anything and answers the imported tasks (SPEC §7 parse-canvas). */
    /** Imported tasks of courses Canvas stopped listing become the student's to edit. */
    keepImportedOfCourses: (userId: number, courseIds: number[]) =>
      tasksRepo.keepImportedOfCourses(db, userId, courseIds),
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
