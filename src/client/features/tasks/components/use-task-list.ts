import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useSearchParams } from "wouter";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { Task } from "#shared/tasks/contract.ts";
import { useDeleteTasksWithUndo, useDeleteTaskWithUndo } from "../task-edits.api.ts";
import { useSetTaskCompleted } from "../tasks.api.ts";

/**
 * Rows drawn at once. A student with 2,000 tasks would otherwise re-render 2,000 rows per keystroke
 * (measured in the report); 'Show more' reveals the next page.
 */
export const TASK_PAGE_SIZE = 50;

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

/** How many rows are drawn; a reminder's link to /tasks?task=12 shows that row (past 'Show more'), scrolled to, marked. */
export function usePagedTasks(tasks: readonly Task[]) {
  const [limit, setLimit] = useState(TASK_PAGE_SIZE);
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
  return { limit, showMore: () => setLimit((l) => l + TASK_PAGE_SIZE * 4) };
}

/** Selection for bulk actions (issue 26): ids, kept to the tasks on screen. */
export function useTaskSelection(tasks: readonly Task[]) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
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
  const selectAll = (all: boolean) => setPicked(all ? new Set(tasks.map((t) => t.id)) : new Set());
  const clear = useCallback(() => setPicked(new Set()), []);
  return { picked, selected, onSelect, selectAll, clear };
}

/**
 * Completing, deleting (one, or a set with one Undo toast) and x to select the focused row. After a
 * delete, focus goes to the row now in the deleted one's place (or the one before it when it was the
 * last), else the Undo button. Without this focus fell to the page body (issue 26).
 */
export function useTaskActions({
  tasks,
  listRef,
  onSelect,
  clearSelection,
}: {
  tasks: Task[];
  listRef: RefObject<HTMLUListElement | null>;
  onSelect: (task: Task) => void;
  clearSelection: () => void;
}) {
  const setCompleted = useSetTaskCompleted();
  const remove = useDeleteTaskWithUndo(onDeleteFailed);
  const removeMany = useDeleteTasksWithUndo(onBulkDeleteFailed);
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

  const deleteMany = useCallback(
    (gone: Task[], what: string) => {
      if (!gone.length) return;
      const first = current.current.findIndex((t) => gone.some((g) => g.id === t.id));
      focusAt.current = Math.max(first, 0);
      clearSelection();
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
    [removeMany, clearSelection],
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

  return { onToggle, onDelete, deleteMany, onListKey };
}
