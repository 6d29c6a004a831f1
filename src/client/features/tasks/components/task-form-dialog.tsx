import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import {
  combineDueDate,
  emptyTaskForm,
  taskFormToInput,
  taskFormToUpdate,
  taskToForm,
} from "#client/features/tasks/task-form.ts";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { Course } from "#shared/courses/contract.ts";
import { keptFromCanvas } from "#shared/tasks/canvas-fields.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { newTaskButtonId } from "../quick-add-shortcut.ts";
import {
  emptyRepeat,
  repeatToRule,
  ruleToRRule,
  seriesProblem,
  taskToRepeat,
  viewerTimeZone,
} from "../repeat-form.ts";
import { useCreateTask, useUpdateTask } from "../tasks.api.ts";
import { QuickAddField } from "./quick-add-field.tsx";
import { RepeatFields } from "./repeat-fields.tsx";
import { EditTaskButton, NewTaskButton } from "./task-buttons.tsx";
import { TaskChecklist } from "./task-checklist.tsx";
import { type TaskDialogValues, TaskFields, taskDialogSchema } from "./task-fields.tsx";

const valuesOf = (task?: Task): TaskDialogValues =>
  task ? { ...taskToForm(task), series: taskToRepeat(task) } : { ...emptyTaskForm, series: emptyRepeat };

/**
 * SPEC §2.3 'Add New Task' (on success the form resets and closes), and the same form prefilled to edit
 * `task`. A Canvas assignment's title, description, due date and course are Canvas's: shown read-only,
 * with priority and the student's notes editable. One kept after its assignment left Canvas is edited like
 * the student's own. Neither repeats: the assignment may come back and re-link the task. A new task can
 * also be typed as one line (quick add, issue 26).
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
  const kept = task ? keptFromCanvas(task) : false;
  const form = useForm<TaskDialogValues>({
    resolver: zodResolver(taskDialogSchema),
    defaultValues: valuesOf(task),
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && task) form.reset(valuesOf(task)); // the row may have changed since the last edit
    if (!next) {
      form.reset(valuesOf(task));
      create.reset();
      update.reset();
    }
  };
  const saved = (title: string, what: string) => {
    onOpenChange(false);
    toast({ title: what, description: title, variant: "success" });
  };
  const onSubmit = form.handleSubmit((values) => {
    // A new attempt starts without the last attempt's server error.
    create.reset();
    update.reset();
    const due = combineDueDate(values.dueDate, values.dueTime);
    const { rule, error } = fromCanvas
      ? { rule: null }
      : repeatToRule(values.series, due ? new Date(due) : null);
    // Focus goes to the field the message is on, as for the schema's errors, so a keyboard user is there.
    if (error) return form.setError("series.repeat", { message: error }, { shouldFocus: true });
    const rrule = ruleToRRule(rule);
    const problem = rule && (!task || rrule !== task.rrule) ? seriesProblem(rule, new Date(due!)) : null;
    if (problem) return form.setError("series.repeat", { message: problem }, { shouldFocus: true });
    if (task) {
      const body = taskFormToUpdate(values, task);
      if (!fromCanvas && rrule !== task.rrule)
        Object.assign(body, { recurrence: rrule, timeZone: viewerTimeZone() });
      if (task.seriesId !== null) body.scope = values.series.scope;
      update.mutate({ id: task.id, body }, { onSuccess: (t) => saved(t.title, "Task updated") });
      return;
    }
    create.mutate(
      { ...taskFormToInput(values), recurrence: rrule, timeZone: viewerTimeZone() },
      { onSuccess: (t) => saved(t.title, "Task added") },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? "Edit Task" : "Add New Task"}
      description={
        kept
          ? "Canvas no longer lists its assignment, so this task is yours to edit. If the assignment comes back, Canvas's title, description, due date and course return."
          : fromCanvas
            ? "The title, description, due date and course come from Canvas and update when Canvas syncs. Priority and your notes are yours."
            : "A date without a time is due at 11:59 PM that day."
      }
      trigger={task ? <EditTaskButton taskTitle={task.title} /> : <NewTaskButton id={newTaskButtonId} />}
    >
      {!task && <QuickAddField courses={courses} onAdded={(t) => saved(t.title, "Task added")} />}
      {task && <TaskChecklist task={task} />}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TaskFields form={form} courses={courses} task={task} />
        {!fromCanvas && <RepeatFields form={form} inSeries={task?.seriesId != null} />}
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
