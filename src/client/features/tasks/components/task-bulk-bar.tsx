import { CheckCheck, FolderInput, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { Course } from "#shared/courses/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { useBulkUpdateTasks } from "../task-edits.api.ts";

const plural = (n: number) => (n === 1 ? "1 task" : `${n} tasks`);
const NO_COURSE = "none";

/**
 * The course picker ('No course' first) and Move, which moves the selected tasks there. The choice is
 * kept by the bar, so it stays while the selection empties and fills again.
 */
function MoveToCourse({
  courses,
  courseId,
  onCourseId,
  disabled,
  onMove,
}: {
  courses: readonly Course[];
  courseId: string;
  onCourseId: (courseId: string) => void;
  disabled: boolean;
  onMove: (courseId: number | null) => void;
}) {
  return (
    <span className="inline-flex items-center gap-1">
      <Select
        aria-label="Course to move the selected tasks to"
        value={courseId}
        onChange={(e) => onCourseId(e.target.value)}
        className="h-8 w-40 py-0 text-sm"
      >
        <option value={NO_COURSE}>No course</option>
        {courses.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.code ? `${c.code} · ${c.name}` : c.name}
          </option>
        ))}
      </Select>
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled}
        onClick={() => onMove(courseId === NO_COURSE ? null : Number(courseId))}
      >
        <FolderInput className="h-4 w-4" aria-hidden /> Move
      </Button>
    </span>
  );
}

/**
 * The task list's bulk actions (issue 26): select all shown, then complete, move to a course or delete
 * the selected tasks, and 'Clear completed'. Deletes offer Undo (task-list.tsx); completing and moving
 * are one request each.
 */
export function BulkBar({
  tasks,
  selected,
  courses,
  completedShown,
  onSelectAll,
  onDelete,
  onClearCompleted,
  onDone,
}: {
  tasks: readonly Task[];
  selected: readonly Task[];
  courses: readonly Course[];
  completedShown: number;
  onSelectAll: (all: boolean) => void;
  onDelete: () => void;
  onClearCompleted: () => void;
  onDone: () => void;
}) {
  const update = useBulkUpdateTasks();
  const [courseId, setCourseId] = useState(NO_COURSE);
  const hintId = useId();
  const all = selected.length === tasks.length;
  const some = selected.length > 0;

  const run = (body: { completed?: boolean; courseId?: number | null }, done: string) =>
    update.mutate(
      { ids: selected.map((t) => t.id), ...body },
      {
        onSuccess: (saved) => {
          onDone();
          toast({ title: done, description: plural(saved.length), variant: "success" });
        },
        onError: (err) =>
          toast({
            title: "Could not update the tasks",
            description: errorMessage(err, "Please try again."),
            variant: "destructive",
          }),
      },
    );

  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border p-2 text-sm"
    >
      <label className="inline-flex items-center gap-2">
        <input
          type="checkbox"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = some && !all;
          }}
          onChange={() => onSelectAll(!all)}
          aria-describedby={some ? undefined : hintId}
          className="h-4 w-4 accent-accent"
        />
        {some ? `${selected.length} selected` : `Select all (${tasks.length})`}
      </label>
      {some ? (
        <>
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => run({ completed: true }, "Tasks completed")}
          >
            <CheckCheck className="h-4 w-4" aria-hidden /> Complete
          </Button>
          <MoveToCourse
            courses={courses}
            courseId={courseId}
            onCourseId={setCourseId}
            disabled={update.isPending}
            onMove={(courseId) => run({ courseId }, "Tasks moved")}
          />
          <Button size="sm" variant="destructive" onClick={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </>
      ) : (
        <span id={hintId} className="text-xs text-muted">
          Tip: press x on a task to select it.
        </span>
      )}
      {completedShown > 0 && (
        <Button size="sm" variant="ghost" className="ml-auto" onClick={onClearCompleted}>
          Clear completed ({completedShown})
        </Button>
      )}
    </section>
  );
}
