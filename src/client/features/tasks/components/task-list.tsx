import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { Course } from "#shared/courses/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { useDeleteTasksWithUndo, useDeleteTaskWithUndo } from "../task-edits.api.ts";
import { useSetTaskCompleted } from "../tasks.api.ts";
import { BulkBar } from "./task-bulk-bar.tsx";
import { TaskRow } from "./task-row.tsx";

/**
 * Rows drawn at once. A student with 2,000 tasks would otherwise re-render 2,000 rows per keystroke
 * (measured in the report); 'Show more' reveals the next page.
 */
export const TASK_PAGE_SIZE = 50;

const courseName = (courses: readonly Course[], id: number | null) =>
  id === null ? undefined : courses.find((c) => c.id === id)?.name;

const onDeleteFailed = (_task: Task, err: unknown) =>
  toast({
    title: "Could not delete task",
    description: errorMessage(err, "Please try again."),
    variant: "destructive",
  });

const onBulkDeleteFailed = (tasks: Task[], err: unknown) =>
  toast({
    title: tasks.length === 1 ? "Could not delete task" : `Could not delete ${tasks.length} tasks`,
    description: errorMessage(err, "Please try again."),
    variant: "destructive",
  });

const plural = (n: number) => (n === 1 ? "1 task" : `${n} tasks`);

/** Whether a key press came from a field the student types in (where x is a letter, not a command). */
const typing = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) &&
  !(target instanceof HTMLInputElement && target.type === "checkbox");

/** The toast's Undo button, once the (lazily loaded) toaster has drawn it: tried for up to a second. */
function focusUndo(triesLeft = 60) {
  const undo = [
    ...document.querySelectorAll<HTMLButtonElement>('[role="region"][aria-label^="Notifications"] button'),
  ].find((b) => b.textContent?.trim() === "Undo");
  if (undo) undo.focus();
  else if (triesLeft > 0) requestAnimationFrame(() => focusUndo(triesLeft - 1));
}

export function TaskList({ tasks, courses, now }: { tasks: Task[]; courses: readonly Course[]; now: Date }) {
  const [limit, setLimit] = useState(TASK_PAGE_SIZE);
  // A reminder links to /tasks?task=12: that row is shown (past 'Show more' if need be), scrolled to, marked.
  const [params] = useSearchParams();
  const linked = Number(params.get("task")) || null;
  const linkedIndex = linked === null ? -1 : tasks.findIndex((t) => t.id === linked);
  if (linkedIndex >= limit) setLimit(linkedIndex + 1);
  useEffect(() => {
    if (linkedIndex < 0) return;
    const row = document.getElementById(`task-${linked}`);
    row?.setAttribute("data-linked", "true");
    row?.scrollIntoView({ block: "center" });
  }, [linked, linkedIndex]);
  const setCompleted = useSetTaskCompleted();
  const remove = useDeleteTaskWithUndo(onDeleteFailed);
  const removeMany = useDeleteTasksWithUndo(onBulkDeleteFailed);
  // Selection for bulk actions (issue 26): ids, kept to the tasks on screen.
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const visibleIds = new Set(tasks.map((t) => t.id));
  const selected = tasks.filter((t) => picked.has(t.id));
  if (selected.length !== picked.size) setPicked(new Set(selected.map((t) => t.id)));
  const onSelect = useCallback(
    (task: Task) =>
      setPicked((old) => {
        const next = new Set(old);
        if (!next.delete(task.id)) next.add(task.id);
        return next;
      }),
    [],
  );

  const onToggle = useCallback(
    (task: Task) =>
      setCompleted.mutate(
        { task, completed: !task.completed },
        {
          onError: (err) =>
            toast({
              title: "Could not update task",
              description: errorMessage(err, "Please try again."),
              variant: "destructive",
            }),
        },
      ),
    [setCompleted.mutate],
  );
  const listRef = useRef<HTMLUListElement>(null);
  // Where focus goes once a deleted row has left: the row now in its place (or the one before it when
  // it was the last), else the Undo button. Without this focus fell to the page body (issue 26).
  const focusAt = useRef<number | null>(null);
  // Read through a ref so onDelete stays the same function and memoised rows do not re-render per keystroke.
  const current = useRef(tasks);
  current.current = tasks;
  useLayoutEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const left = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="task-row"]') ?? [];
    const target = left[Math.min(at, left.length - 1)]?.querySelector<HTMLElement>("button");
    if (target) target.focus();
    else focusUndo();
  }); // after every render: cheap when nothing was deleted, and the list may re-render more than once

  const onDelete = useCallback(
    (task: Task) => {
      const index = current.current.findIndex((t) => t.id === task.id);
      focusAt.current = Math.max(index, 0);
      const undo = remove(task);
      toast({
        title: "Task deleted",
        description: task.title,
        action: {
          label: "Undo",
          onClick: () => {
            if (undo()) toast({ title: "Task restored", description: task.title, variant: "success" });
          },
        },
      });
    },
    [remove],
  );

  /** Deletes a set with one Undo toast; focus goes where a single delete's would. */
  const deleteMany = useCallback(
    (gone: Task[], what: string) => {
      if (!gone.length) return;
      const first = current.current.findIndex((t) => gone.some((g) => g.id === t.id));
      focusAt.current = Math.max(first, 0);
      setPicked(new Set());
      const undo = removeMany(gone);
      toast({
        title: what,
        description: gone.length === 1 ? gone[0]!.title : plural(gone.length),
        action: {
          label: "Undo",
          onClick: () => {
            if (undo())
              toast({ title: "Tasks restored", description: plural(gone.length), variant: "success" });
          },
        },
      });
    },
    [removeMany],
  );

  // x (or Space on a row's checkbox, natively) selects the row the focus is in.
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== "x" || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-testid="task-row"]');
    const id = Number(rowEl?.dataset.taskId);
    const task = current.current.find((t) => t.id === id);
    if (!task) return;
    e.preventDefault();
    onSelect(task);
  };

  const completedShown = tasks.filter((t) => t.completed);

  if (tasks.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted">
        No tasks found. Try adjusting your filters or adding a new task.
      </p>
    );
  }
  const shown = tasks.slice(0, limit);
  return (
    <div className="grid gap-3">
      <BulkBar
        tasks={tasks}
        selected={selected}
        courses={courses}
        completedShown={completedShown.length}
        onSelectAll={(all) => setPicked(all ? visibleIds : new Set())}
        onDelete={() => deleteMany(selected, selected.length === 1 ? "Task deleted" : "Tasks deleted")}
        onClearCompleted={() => deleteMany(completedShown, "Completed tasks cleared")}
        onDone={() => setPicked(new Set())}
      />
      <ul ref={listRef} className="grid gap-2" aria-label="Tasks" onKeyDown={onListKey}>
        {shown.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            courses={courses}
            now={now}
            courseName={courseName(courses, task.courseId)}
            onToggle={onToggle}
            onDelete={onDelete}
            selected={picked.has(task.id)}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {tasks.length > limit && (
        <div className="flex flex-wrap items-center justify-center gap-3 text-sm text-muted">
          <span>
            Showing {shown.length} of {tasks.length}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setLimit((l) => l + TASK_PAGE_SIZE * 4)}>
            Show more
          </Button>
        </div>
      )}
    </div>
  );
}
