import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { Field, Input, Select, Textarea } from "#client/components/ui/form.tsx";
import { taskFormSchema } from "#client/features/tasks/task-form.ts";
import { PRIORITIES } from "#shared/constants.ts";
import type { Course } from "#shared/courses/contract.ts";
import { canvasOwned } from "#shared/tasks/canvas-fields.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { plainText } from "#shared/tasks/task-rules.ts";
import { repeatFormSchema } from "../repeat-form.ts";

/** The dialog's values: the task's fields and its Repeat fields. */
export const taskDialogSchema = taskFormSchema.and(z.object({ series: repeatFormSchema }));
export type TaskDialogValues = z.infer<typeof taskDialogSchema>;

/**
 * Title, description, due date and time, course and priority, and a Canvas assignment's notes. Canvas's
 * own fields are read-only while the assignment is in Canvas; a task kept after it left is all editable.
 */
export function TaskFields({
  form,
  courses,
  task,
}: {
  form: UseFormReturn<TaskDialogValues>;
  courses: readonly Course[];
  task?: Task;
}) {
  const { errors } = form.formState;
  const fromCanvas = task ? canvasOwned(task) : false;
  const invalid = (name: "title" | "notes" | "dueDate", id: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  return (
    <>
      <Field id="task-title" label="Title" error={errors.title?.message}>
        <Input
          id="task-title"
          // A new task's dialog starts in the quick-add line; an edit starts here.
          autoFocus={Boolean(task) && !fromCanvas}
          readOnly={fromCanvas}
          {...invalid("title", "task-title")}
          {...form.register("title")}
        />
      </Field>
      <Field id="task-description" label="Description">
        {fromCanvas ? (
          // Canvas sends HTML; the student reads it as the task list shows it.
          <Textarea id="task-description" readOnly value={plainText(task?.description ?? "")} />
        ) : (
          <Textarea id="task-description" {...form.register("description")} />
        )}
      </Field>
      {task?.canvasId && (
        <Field id="task-notes" label="Notes" error={errors.notes?.message}>
          <Textarea
            id="task-notes"
            // Where the title is Canvas's, the notes are what the student came to write.
            autoFocus={fromCanvas}
            {...invalid("notes", "task-notes")}
            {...form.register("notes")}
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="task-due-date" label="Due date" error={errors.dueDate?.message}>
          <Input
            id="task-due-date"
            type="date"
            readOnly={fromCanvas}
            {...invalid("dueDate", "task-due-date")}
            {...form.register("dueDate")}
          />
        </Field>
        <Field id="task-due-time" label="Due time">
          <Input id="task-due-time" type="time" readOnly={fromCanvas} {...form.register("dueTime")} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="task-course" label="Course">
          <Select id="task-course" disabled={fromCanvas} {...form.register("courseId")}>
            <option value="">No course</option>
            {courses.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.code ? `${c.code} · ${c.name}` : c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="task-priority" label="Priority">
          <Select id="task-priority" {...form.register("priority")}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {p[0]!.toUpperCase() + p.slice(1)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </>
  );
}
