import { CalendarView } from "#client/features/calendar/calendar-view.tsx";
import { useTasks, useUpdateTask } from "#client/features/tasks/tasks.api.ts";

/** /calendar: the calendar feature drawn over the tasks feature's list (one cache for both screens). */
export function CalendarPage() {
  const tasks = useTasks();
  const update = useUpdateTask();
  return (
    <CalendarView
      tasks={{ data: tasks.data, isPending: tasks.isPending, error: tasks.error, refetch: tasks.refetch }}
      onMoveTask={(id, dueDate) => update.mutateAsync({ id, body: { dueDate } })}
    />
  );
}
