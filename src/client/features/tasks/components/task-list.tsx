import { useRef } from "react";
import { Button } from "#client/components/ui/button.tsx";
import type { Course } from "#shared/courses/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { BulkBar } from "./task-bulk-bar.tsx";
import { TaskRow } from "./task-row.tsx";
import { usePagedTasks, useTaskActions, useTaskSelection } from "./use-task-list.ts";

const courseName = (courses: readonly Course[], id: number | null) =>
  id === null ? undefined : courses.find((c) => c.id === id)?.name;

/** 'Showing 50 of 120' and the button that draws the next rows. */
function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 text-sm text-muted">
      <span>
        Showing {shown} of {total}
      </span>
      <Button variant="secondary" size="sm" onClick={onMore}>
        Show more
      </Button>
    </div>
  );
}

export function TaskList({ tasks, courses, now }: { tasks: Task[]; courses: readonly Course[]; now: Date }) {
  const { limit, showMore } = usePagedTasks(tasks);
  const { picked, selected, onSelect, selectAll, clear } = useTaskSelection(tasks);
  const listRef = useRef<HTMLUListElement>(null);
  const { onToggle, onDelete, deleteMany, onListKey } = useTaskActions({
    tasks,
    listRef,
    onSelect,
    clearSelection: clear,
  });
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
        onSelectAll={selectAll}
        onDelete={() => deleteMany(selected, selected.length === 1 ? "Task deleted" : "Tasks deleted")}
        onClearCompleted={() => deleteMany(completedShown, "Completed tasks cleared")}
        onDone={clear}
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
      {tasks.length > limit && <ShowMore shown={shown.length} total={tasks.length} onMore={showMore} />}
    </div>
  );
}
