import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "#client/components/ui/form.tsx";
import {
  emptyTaskForm,
  type TaskFormValues,
  taskFormSchema,
  taskFormToInput,
  taskFormToUpdate,
  taskToForm,
} from "#client/features/tasks/task-form.ts";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { PRIORITIES } from "#shared/constants.ts";
import type { Course } from "#shared/courses/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { plainText } from "#shared/tasks/task-rules.ts";
import { useCreateTask, useUpdateTask } from "../tasks.api.ts";
import { EditTaskButton, NewTaskButton } from "./task-buttons.tsx";

/**
 * SPEC §2.3 'Add New Task' (on success the form resets and closes), and the same form prefilled to edit
 * `task`. A Canvas assignment's title, description, due date and course are Canvas's: shown read-only,
 * with priority and the student's notes editable.
 */
export function TaskFormDialog({
  courses,
  task,
  defaultOpen = false,
}: {
  courses: readonly Course[];
  task?: Task;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const create = useCreateTask();
  const update = useUpdateTask();
  const saving = task ? update : create;
  const fromCanvas = Boolean(task?.canvasId);
  const initial = task ? taskToForm(task) : emptyTaskForm;
  const form = useForm<TaskFormValues>({ resolver: zodResolver(taskFormSchema), defaultValues: initial });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && task) form.reset(taskToForm(task)); // the row may have changed since the last edit
    if (!next) {
      form.reset(initial);
      create.reset();
      update.reset();
    }
  };
  const onSubmit = form.handleSubmit((values) => {
    // A new attempt starts without the last attempt's server error.
    create.reset();
    update.reset();
    if (task) {
      update.mutate(
        { id: task.id, body: taskFormToUpdate(values, task) },
        {
          onSuccess: (saved) => {
            onOpenChange(false);
            toast({ title: "Task updated", description: saved.title, variant: "success" });
          },
        },
      );
      return;
    }
    create.mutate(taskFormToInput(values), {
      onSuccess: (added) => {
        onOpenChange(false);
        toast({ title: "Task added", description: added.title, variant: "success" });
      },
    });
  });
  const invalid = (name: keyof TaskFormValues, id: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? "Edit Task" : "Add New Task"}
      description={
        fromCanvas
          ? "The title, description, due date and course come from Canvas and update when Canvas syncs. Priority and your notes are yours."
          : "A date without a time is due at 11:59 PM that day."
      }
      trigger={task ? <EditTaskButton taskTitle={task.title} /> : <NewTaskButton />}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="task-title" label="Title" error={errors.title?.message}>
          <Input
            id="task-title"
            autoFocus={!fromCanvas}
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
        {fromCanvas && (
          <Field id="task-notes" label="Notes" error={errors.notes?.message}>
            <Textarea
              id="task-notes"
              autoFocus
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
        {saving.isError && (
          <Alert>
            {errorMessage(saving.error, task ? "Could not save the task." : "Could not add the task.")}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving.isPending}>
            {task
              ? update.isPending
                ? "Saving..."
                : "Save Changes"
              : create.isPending
                ? "Adding..."
                : "Add Task"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
