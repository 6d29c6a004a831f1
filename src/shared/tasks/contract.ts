import { z } from "zod";
import { DEFAULT_PRIORITY, PRIORITIES } from "../constants.ts";
import { endpoint, idParamsSchema, okSchema, userIdQuerySchema } from "../http.ts";
import { dbId, dbIdParam, safeText, sensibleDate } from "../schema-primitives.ts";
import { isTimeZone } from "../time-zone.ts";

export const prioritySchema = z.enum(PRIORITIES, "Priority must be high, medium or low");
export type Priority = z.infer<typeof prioritySchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  courseId: z.number().int().nullable(),
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
  seriesId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

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
  userId: dbId("userId must be an id").optional(),
  title: safeText("Task title is required").trim().min(1, "Task title is required").max(500),
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
    title: safeText().trim().min(1, "Task title is required").max(500),
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
};
