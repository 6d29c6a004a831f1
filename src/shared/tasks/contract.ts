import { z } from "zod";
import { DEFAULT_PRIORITY, PRIORITIES } from "../constants.ts";
import { endpoint, idParamsSchema, okSchema, userIdQuerySchema } from "../http.ts";
import { dbId, dbIdParam, safeText, sensibleDate } from "../schema-primitives.ts";

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

const isoDateTime = sensibleDate("Due date must be an ISO 8601 date-time");
const courseIdSchema = dbId("Course must be a course id");

export const createTaskSchema = z.object({
  userId: dbId("userId must be an id").optional(),
  title: safeText("Task title is required").trim().min(1, "Task title is required").max(500),
  description: safeText().max(100_000).default(""),
  dueDate: isoDateTime.nullable().default(null),
  courseId: courseIdSchema.nullable().default(null),
  priority: prioritySchema.default(DEFAULT_PRIORITY),
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
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one field to change");
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
