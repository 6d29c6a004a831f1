import { isValid, parse } from "date-fns";
import { z } from "zod";
import { DEFAULT_PRIORITY } from "#shared/constants.ts";
import { formatDate } from "#shared/date-format.ts";
import { canvasOwned, keptFromCanvas } from "#shared/tasks/canvas-fields.ts";
import {
  type CreateTaskInput,
  prioritySchema,
  type Task,
  type UpdateTaskInput,
} from "#shared/tasks/contract.ts";
import { plainText } from "#shared/tasks/task-rules.ts";

/**
 * The 'Add New Task' dialog (SPEC §2.3, §5), also used to edit a task: the raw field values, validated
 * before they are sent.
 */
export const taskFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Task title is required")
      .max(500, "A task title is at most 500 characters"),
    description: z.string().max(100_000),
    /** Native date input value, 'yyyy-MM-dd' or empty. */
    dueDate: z.string(),
    /** Native time input value, 'HH:mm' or empty. */
    dueTime: z.string(),
    /** A course id as a string, or '' for none. */
    courseId: z.string(),
    priority: prioritySchema,
    /** The student's notes on a Canvas assignment, whose description is Canvas's. */
    notes: z.string().max(10_000, "Notes are too long"),
  })
  // SPEC §5 ignores a time without a date; silently dropping what the student typed loses their intent.
  .refine((v) => v.dueDate !== "" || v.dueTime === "", {
    path: ["dueDate"],
    message: "Choose a due date for this time, or clear the time",
  });
export type TaskFormValues = z.infer<typeof taskFormSchema>;

export const emptyTaskForm: TaskFormValues = {
  title: "",
  description: "",
  dueDate: "",
  dueTime: "",
  courseId: "",
  priority: DEFAULT_PRIORITY,
  notes: "",
};

/**
 * The description as the form edits it. A kept Canvas task's is Canvas's HTML: the student edits the text
 * they see in the list, not the markup.
 */
const editableDescription = (task: Pick<Task, "canvasId" | "isParsed" | "description">) =>
  keptFromCanvas(task) ? plainText(task.description, { lines: true }) : task.description;

/** A task as the form's field values, in the viewer's time zone; 23:59:59 (a date alone) shows no time. */
export function taskToForm(task: Task): TaskFormValues {
  const due = task.dueDate ? new Date(task.dueDate) : null;
  const endOfDay = due && formatDate(due, "HH:mm:ss") === "23:59:59";
  return {
    title: task.title,
    description: editableDescription(task),
    dueDate: due ? formatDate(due, "yyyy-MM-dd") : "",
    dueTime: due && !endOfDay ? formatDate(due, "HH:mm") : "",
    courseId: task.courseId === null ? "" : String(task.courseId),
    priority: task.priority,
    notes: task.notes,
  };
}

/**
 * The edit to send. A Canvas assignment's title, description, due date and course come from Canvas (the
 * server refuses changes to them), so only priority and notes are sent for it. A task kept after its
 * assignment left Canvas is edited like the student's own, its notes too; its HTML description is sent
 * only once the student changed the text, so an unchanged form keeps Canvas's formatting.
 */
export function taskFormToUpdate(
  v: TaskFormValues,
  task: Pick<Task, "canvasId" | "isParsed" | "description">,
): UpdateTaskInput {
  if (canvasOwned(task)) return { priority: v.priority, notes: v.notes.trim() };
  const { title, description, dueDate, courseId, priority } = taskFormToInput(v);
  if (!keptFromCanvas(task)) return { title, description, dueDate, courseId, priority };
  const edit: UpdateTaskInput = { title, dueDate, courseId, priority, notes: v.notes.trim() };
  if (description !== editableDescription(task).trim()) edit.description = description;
  return edit;
}

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
