import { type ComponentProps, lazy, Suspense } from "react";
import { useMe } from "#client/features/auth/auth.api.ts";
import { useEvents } from "#client/features/calendar/calendar.api.ts";
import { ChatTool } from "#client/features/chat/chat-launcher.tsx";
import { useCourses } from "#client/features/courses/courses.api.ts";
import { DashboardView } from "#client/features/dashboard/dashboard-view.tsx";
import { useUpcomingExams } from "#client/features/review/exams.api.ts";
import { useTasks } from "#client/features/tasks/tasks.api.ts";

// The materials and summarizer tools load when opened, not with Home (the materials with summaries'
// draft buttons on each material).
const MaterialsView = lazy(async () => {
  const [{ MaterialsView: View }, { MaterialAiActions }] = await Promise.all([
    import("#client/features/materials/materials-view.tsx"),
    import("#client/features/summaries/components/material-ai-actions.tsx"),
  ]);
  return {
    default: (props: Omit<ComponentProps<typeof View>, "Actions">) => (
      <View {...props} Actions={MaterialAiActions} />
    ),
  };
});

const SummarizerView = lazy(async () => ({
  default: (await import("#client/features/summaries/summarizer-view.tsx")).SummarizerView,
}));

/** /: the dashboard drawn over the tasks and calendar features' data. */
export function DashboardPage() {
  const me = useMe();
  const tasks = useTasks();
  const events = useEvents();
  const courses = useCourses();
  const courseList = courses.data ?? [];
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
      tools={{
        documents: (
          <Suspense fallback={<p className="text-sm text-muted">Loading...</p>}>
            <MaterialsView courses={courseList} headingLevel={2} />
          </Suspense>
        ),
        summarize: (
          <Suspense fallback={<p className="text-sm text-muted">Loading...</p>}>
            <SummarizerView />
          </Suspense>
        ),
        chat: <ChatTool courses={courseList} />,
      }}
    />
  );
}
