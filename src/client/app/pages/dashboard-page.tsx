import { useMe } from "#client/features/auth/auth.api.ts";
import { useEvents } from "#client/features/calendar/calendar.api.ts";
import { DashboardView } from "#client/features/dashboard/dashboard-view.tsx";
import { useUpcomingExams } from "#client/features/study/review/review.api.ts";
import { useTasks } from "#client/features/tasks/tasks.api.ts";

/** /: the dashboard drawn over the tasks and calendar features' data. */
export function DashboardPage() {
  const me = useMe();
  const tasks = useTasks();
  const events = useEvents();
  const exams = useUpcomingExams();
  return (
    <DashboardView
      firstName={me.data?.firstName ?? ""}
      glance={{
        tasks: tasks.data,
        events: events.data,
        isPending: tasks.isPending || events.isPending,
        error: tasks.error ?? events.error,
        exams: exams.data,
      }}
    />
  );
}
