import { z } from "zod";
import { BULK_TASK_LIMIT, DEFAULT_PRIORITY, PRIORITIES, SUBTASK_LIMITS } from "../constants.ts";
import { claimedUserId, endpoint, idParamsSchema, okSchema, userIdQuerySchema } from "../http.ts";
import { dbId, dbIdParam, safeText, sensibleDate } from "../schema-primitives.ts";
import { isTimeZone } from "../time-zone.ts";

export const prioritySchema = z.enum(PRIORITIES, "Priority must be high, medium or low");
export type Priority = z.infer<typeof prioritySchema>;

/** One item of a task's checklist (issue 26); a task's list is in the student's order. */
export const subtaskSchema = z.object({
  id: z.int(),
  title: z.string(),
  done: z.boolean(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

export { BULK_TASK_LIMIT, SUBTASK_LIMITS };

export const taskSchema = z.object({
  id: z.int(),
  userId: z.int(),
  courseId: z.int().nullable(),
  title: z.string(),
  description: z.string(),
  /** The student's notes on a Canvas assignment (its description comes from Canvas). */
  notes: z.string(),
  dueDate: z.string().nullable(),
  priority: prioritySchema,
  completed: z.boolean(),
  isParsed: z.boolean(),
  canvasId: z.string().nullable(),
  /** The Canvas assignment page, filled by Canvas sync; manual tasks have none. */
  htmlUrl: z.string().nullable(),
  /**
   * A recurring task's series (issue 26): its RFC 5545 RRULE value (no "RRULE:" prefix), the zone whose
   * wall-clock time it keeps, its first occurrence and the id of its first task. All null otherwise.
   */
  rrule: z.string().nullable(),
  recurrenceTimeZone: z.string().nullable(),
  seriesStart: z.string().nullable(),
  seriesId: z.int().nullable(),
  /** The checklist, in order; a series' next occurrence gets it again, unticked. */
  subtasks: z.array(subtaskSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * Its own message: the "required" message given to safeText would otherwise be zod's answer for a title
 * that is too long too, and a student who pasted 600 characters was told to type a title.
 */
const TITLE_TOO_LONG = "A task title is at most 500 characters";

const isoDateTime = sensibleDate("Due date must be an ISO 8601 date-time");
const courseIdSchema = dbId("Course must be a course id");

/** RRULE text accepted from a client: the longest rule the planner emits is under 100 characters. */
export const RRULE_TEXT_MAX = 300;

/**
 * An RRULE value as a client sends it ("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10"). Its parts and its dates are
 * checked by the tasks service against the due date (recurrence.ts): that check expands the series with
 * the rrule library, which stays out of every page that only reads tasks.
 */
const rruleText = safeText("A recurrence is RRULE text like FREQ=WEEKLY;BYDAY=MO")
  .trim()
  .min(1, "A recurrence is RRULE text like FREQ=WEEKLY;BYDAY=MO")
  .max(RRULE_TEXT_MAX, `A recurrence is at most ${RRULE_TEXT_MAX} characters`);
const timeZoneSchema = safeText()
  .max(100)
  .refine(isTimeZone, "timeZone must be an IANA time zone like Europe/Paris");

export const createTaskSchema = z.object({
  userId: claimedUserId,
  title: safeText("Task title is required").trim().min(1, "Task title is required").max(500, TITLE_TOO_LONG),
  description: safeText().max(100_000).default(""),
  dueDate: isoDateTime.nullable().default(null),
  courseId: courseIdSchema.nullable().default(null),
  priority: prioritySchema.default(DEFAULT_PRIORITY),
  /** Makes the task the first of a series (issue 26). */
  recurrence: rruleText.nullable().default(null),
  /** The zone the series keeps its time of day in; the student's settings zone when left out. */
  timeZone: timeZoneSchema.optional(),
  /** A task added offline (issue 23) carries its device's id: sent again, the same task comes back. */
  clientId: z.uuid("clientId must be a UUID").optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

export const updateTaskSchema = z
  .object({
    title: safeText().trim().min(1, "Task title is required").max(500, TITLE_TOO_LONG),
    description: safeText().max(100_000),
    notes: safeText().max(10_000, "Notes are too long"),
    dueDate: isoDateTime.nullable(),
    courseId: courseIdSchema.nullable(),
    priority: prioritySchema,
    completed: z.boolean(),
    /** A new rule for the series from this task on, or null to stop repeating from this one on. */
    recurrence: rruleText.nullable(),
    timeZone: timeZoneSchema,
    /**
     * For a task of a series: change only this occurrence ("this", the default), or this and every later
     * one ("future"). A new recurrence always applies from this task on.
     */
    scope: z.enum(["this", "future"], "scope must be this or future"),
  })
  .partial()
  .refine(
    (v) => Object.entries(v).some(([k, x]) => x !== undefined && k !== "scope" && k !== "timeZone"),
    "Send at least one field to change",
  );
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

export const listTasksQuerySchema = userIdQuerySchema.extend({
  courseId: dbIdParam("Course must be a course id").optional(),
});

const subtaskTitle = safeText("A checklist item needs a title")
  .trim()
  .min(1, "A checklist item needs a title")
  .max(SUBTASK_LIMITS.titleLength, `A checklist item is at most ${SUBTASK_LIMITS.titleLength} characters`);

export const createSubtaskSchema = z.object({ title: subtaskTitle });
export const updateSubtaskSchema = z
  .object({ title: subtaskTitle, done: z.boolean("done must be true or false") })
  .partial()
  .refine((v) => v.title !== undefined || v.done !== undefined, "Send a title or done to change");
/** The task's checklist ids in their new order: every item once. */
export const reorderSubtasksSchema = z.object({
  ids: z
    .array(dbId("ids must be checklist item ids"))
    .max(SUBTASK_LIMITS.perTask, `A checklist has at most ${SUBTASK_LIMITS.perTask} items`)
    .refine((ids) => new Set(ids).size === ids.length, "Each item appears once"),
});
export const subtaskParamsSchema = z.object({
  id: dbIdParam(),
  subtaskId: dbIdParam("subtaskId must be an id"),
});

/** The tasks one bulk request acts on: the student's own, each once, at most BULK_TASK_LIMIT. */
const bulkIds = z
  .array(dbId("ids must be task ids"))
  .min(1, "Choose at least one task")
  .max(BULK_TASK_LIMIT, `At most ${BULK_TASK_LIMIT} tasks at once`)
  .refine((ids) => new Set(ids).size === ids.length, "Each task appears once");

/** Complete (or reopen) several tasks, or move them to a course (null: no course), in one request. */
export const bulkUpdateTasksSchema = z
  .object({
    ids: bulkIds,
    completed: z.boolean("completed must be true or false").optional(),
    courseId: courseIdSchema.nullable().optional(),
  })
  .refine((v) => v.completed !== undefined || v.courseId !== undefined, "Send completed or courseId");
export type BulkUpdateTasksInput = z.input<typeof bulkUpdateTasksSchema>;
export const bulkDeleteTasksSchema = z.object({ ids: bulkIds });

export const taskEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/tasks",
    query: listTasksQuerySchema,
    response: z.array(taskSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/tasks",
    body: createTaskSchema,
    response: taskSchema,
    status: 201,
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/tasks/:id",
    params: idParamsSchema,
    body: updateTaskSchema,
    response: taskSchema,
  }),
  remove: endpoint({ method: "DELETE", path: "/api/tasks/:id", params: idParamsSchema, response: okSchema }),
  /** All-or-nothing: an id that is not the student's task is a 404 and nothing changes. */
  bulkUpdate: endpoint({
    method: "PATCH",
    path: "/api/tasks",
    body: bulkUpdateTasksSchema,
    response: z.array(taskSchema),
  }),
  /**
   * Deletes the student's tasks among `ids` in one statement and says how many went. An id that is gone
   * already (or never was theirs) is skipped, so a delete sent twice (a keepalive, then its retry) is harmless.
   */
  bulkRemove: endpoint({
    method: "DELETE",
    path: "/api/tasks",
    body: bulkDeleteTasksSchema,
    response: z.object({ deleted: z.int() }),
  }),
  addSubtask: endpoint({
    method: "POST",
    path: "/api/tasks/:id/subtasks",
    params: idParamsSchema,
    body: createSubtaskSchema,
    response: taskSchema,
    status: 201,
  }),
  updateSubtask: endpoint({
    method: "PATCH",
    path: "/api/tasks/:id/subtasks/:subtaskId",
    params: subtaskParamsSchema,
    body: updateSubtaskSchema,
    response: taskSchema,
  }),
  removeSubtask: endpoint({
    method: "DELETE",
    path: "/api/tasks/:id/subtasks/:subtaskId",
    params: subtaskParamsSchema,
    response: taskSchema,
  }),
  reorderSubtasks: endpoint({
    method: "PUT",
    path: "/api/tasks/:id/subtasks/order",
    params: idParamsSchema,
    body: reorderSubtasksSchema,
    response: taskSchema,
  }),
};
