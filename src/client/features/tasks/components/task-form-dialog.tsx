import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { PRIORITIES } from "#shared/constants.ts";
import type { Course } from "#shared/courses.ts";
import { emptyTaskForm, type TaskFormValues, taskFormSchema, taskFormToInput } from "#shared/task-form.ts";
import { useCreateTask } from "../tasks.api.ts";

/** SPEC §2.3 'Add New Task': on success the form resets and closes. */
export function TaskFormDialog({
  courses,
  defaultOpen = false,
}: {
  courses: readonly Course[];
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const create = useCreateTask();
  const form = useForm<TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: emptyTaskForm,
  });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(emptyTaskForm);
      create.reset();
    }
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(taskFormToInput(values), {
      onSuccess: (task) => {
        onOpenChange(false);
        toast({ title: "Task added", description: task.title, variant: "success" });
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Task"
      description="A date without a time is due at 11:59 PM that day."
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden /> New Task
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="task-title" label="Title" error={errors.title?.message}>
          <Input
            id="task-title"
            autoFocus
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? "task-title-error" : undefined}
            {...form.register("title")}
          />
        </Field>
        <Field id="task-description" label="Description">
          <Textarea id="task-description" {...form.register("description")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="task-due-date" label="Due date">
            <Input id="task-due-date" type="date" {...form.register("dueDate")} />
          </Field>
          <Field id="task-due-time" label="Due time">
            <Input id="task-due-time" type="time" {...form.register("dueTime")} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="task-course" label="Course">
            <Select id="task-course" {...form.register("courseId")}>
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
        {create.isError && <Alert>{errorMessage(create.error, "Could not add the task.")}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Adding..." : "Add Task"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
