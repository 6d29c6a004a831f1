import { Check, ExternalLink, ListChecks, Repeat, Trash2 } from "lucide-react";
import { memo } from "react";
import { DeferredDialog } from "#client/components/deferred-dialog.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Badge } from "#client/components/ui/card.tsx";
import { cn } from "#client/lib/cn.ts";
import type { Course } from "#shared/courses/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import {
  checklistProgress,
  descriptionPreview,
  formatDueDate,
  repeatLabel,
  taskBadge,
} from "#shared/tasks/task-rules.ts";
import { EditTaskButton } from "./task-buttons.tsx";
import { taskFormDialog } from "./task-dialogs.ts";

const NO_COURSES: readonly Course[] = [];

const priorityBorder = {
  high: "border-l-red-500",
  medium: "border-l-yellow-500",
  low: "border-l-green-500",
} as const;

interface TaskRowProps {
  task: Task;
  /** For the edit dialog's course picker. */
  courses?: readonly Course[];
  /** Passed in (not read here) so every row agrees on one clock and memo holds between ticks. */
  now: Date;
  courseName?: string;
  onToggle: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** Bulk selection (issue 26); rows outside a list (the dashboard) have none. */
  selected?: boolean;
  onSelect?: (task: Task) => void;
}

/** The title; a Canvas assignment's opens on the school's Canvas site. */
function TaskTitle({ task }: { task: Task }) {
  if (!task.htmlUrl) return task.title;
  return (
    <a
      href={task.htmlUrl}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1 hover:text-link hover:underline"
    >
      {task.title}
      <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-label="(opens Canvas in a new tab)" />
    </a>
  );
}

/** The line under the title: course, due date, priority, Canvas, checklist progress and repeat rule. */
function TaskMeta({ task, courseName }: { task: Task; courseName: string | undefined }) {
  const repeats = repeatLabel(task.rrule);
  const checklist = checklistProgress(task);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
      {courseName && <span>{courseName}</span>}
      {task.dueDate && <time dateTime={task.dueDate}>{formatDueDate(task.dueDate)}</time>}
      <span className="capitalize">{task.priority} priority</span>
      {task.isParsed && <span>Canvas</span>}
      {/* Its assignment left Canvas; the sync kept it for what the student added (notes, checklist, time). */}
      {!task.isParsed && task.canvasId && <span>No longer in Canvas</span>}
      {checklist && (
        <span
          className="inline-flex items-center gap-1"
          data-testid="task-checklist-count"
          title={`${checklist.done} of ${checklist.total} checklist items done`}
        >
          <ListChecks className="h-3.5 w-3.5" aria-hidden />
          <span className="sr-only">Checklist: </span>
          {checklist.done}/{checklist.total}
        </span>
      )}
      {repeats && (
        <span className="inline-flex items-center gap-1" data-testid="task-repeat">
          <Repeat className="h-3.5 w-3.5" aria-hidden />
          {repeats}
        </span>
      )}
    </div>
  );
}

/** One task (SPEC §2.3). Memoised: typing in the search box must not re-render unchanged rows. */
export const TaskRow = memo(function TaskRow({
  task,
  courses = NO_COURSES,
  now,
  courseName,
  onToggle,
  onDelete,
  selected = false,
  onSelect,
}: TaskRowProps) {
  const badge = taskBadge(task, now);
  return (
    <li
      data-testid="task-row"
      // A reminder's link (/tasks?task=12) scrolls here and marks it (task-list.tsx).
      id={`task-${task.id}`}
      data-task-id={task.id}
      data-selected={onSelect ? selected : undefined}
      className={cn(
        "data-[selected=true]:bg-accent/10",
        "scroll-mt-20 data-[linked=true]:ring-2 data-[linked=true]:ring-accent",
        "flex gap-3 rounded-lg border border-l-4 border-border bg-surface p-3",
        priorityBorder[task.priority],
      )}
    >
      {onSelect && (
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onSelect(task)}
          aria-label={`Select ${task.title}`}
          className="mt-1.5 h-4 w-4 shrink-0 accent-accent"
        />
      )}
      <button
        type="button"
        aria-pressed={task.completed}
        aria-label={`Complete ${task.title}`}
        onClick={() => onToggle(task)}
        className={cn(
          "mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
          task.completed ? "border-green-600 bg-green-600 text-white" : "border-muted hover:border-accent",
        )}
      >
        {task.completed && <Check className="h-4 w-4" aria-hidden />}
      </button>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className={cn("font-medium wrap-anywhere", task.completed && "text-muted line-through")}>
            <TaskTitle task={task} />
          </h3>
          <Badge tone={badge.tone}>{badge.text}</Badge>
        </div>
        <p className="mt-1 text-sm wrap-anywhere text-muted">{descriptionPreview(task.description)}</p>
        {task.notes && (
          <p className="mt-1 text-sm wrap-anywhere">
            <span className="font-medium">Notes:</span> {descriptionPreview(task.notes)}
          </p>
        )}
        <TaskMeta task={task} courseName={courseName} />
      </div>
      <DeferredDialog
        dialog={taskFormDialog}
        props={{ courses, task }}
        trigger={<EditTaskButton taskTitle={task.title} />}
      />
      {task.completed && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${task.title}`}
          onClick={() => onDelete(task)}
          className="shrink-0 text-muted hover:text-red-600"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      )}
    </li>
  );
});
