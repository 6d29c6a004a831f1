import { z } from "zod";
import { DEFAULT_PRIORITY } from "./constants.ts";
import { combineDueDate } from "./task-rules.ts";
import { type CreateTaskInput, prioritySchema } from "./tasks.ts";

/** The 'Add New Task' dialog (SPEC §2.3, §5): the raw field values, validated before they are sent. */
export const taskFormSchema = z.object({
  title: z.string().trim().min(1, "Task title is required").max(500, "Title is too long"),
  description: z.string().max(100_000),
  /** Native date input value, 'yyyy-MM-dd' or empty. */
  dueDate: z.string(),
  /** Native time input value, 'HH:mm' or empty. */
  dueTime: z.string(),
  /** A course id as a string, or '' for none. */
  courseId: z.string(),
  priority: prioritySchema,
});
export type TaskFormValues = z.infer<typeof taskFormSchema>;

export const emptyTaskForm: TaskFormValues = {
  title: "",
  description: "",
  dueDate: "",
  dueTime: "",
  courseId: "",
  priority: DEFAULT_PRIORITY,
};

export const taskFormToInput = (v: TaskFormValues): CreateTaskInput => ({
  title: v.title.trim(),
  description: v.description.trim(),
  dueDate: combineDueDate(v.dueDate, v.dueTime),
  courseId: v.courseId ? Number(v.courseId) : null,
  priority: v.priority,
});
