import { isValid, parse } from "date-fns";
import { z } from "zod";
import { DEFAULT_PRIORITY } from "./constants.ts";
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

/**
 * SPEC §5 task form: a date with a time uses that time; a date alone means 23:59:59 local time;
 * no date means no due date (a time alone is ignored). Inputs are the native date ('yyyy-MM-dd') and
 * time ('HH:mm') field values; the answer is an ISO instant or null.
 */
export function combineDueDate(date: string, time: string): string | null {
  if (!date) return null;
  const day = parse(date, "yyyy-MM-dd", new Date(0));
  if (!isValid(day)) return null;
  const at = time ? parse(time, "HH:mm", day) : null;
  const due = at && isValid(at) ? at : new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59);
  return due.toISOString();
}
