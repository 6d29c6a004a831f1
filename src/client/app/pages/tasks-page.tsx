import { useCanvasTaskControls } from "#client/features/canvas/components/canvas-task-controls.tsx";
import { useCourses } from "#client/features/courses/courses.api.ts";
import { TasksView } from "#client/features/tasks/tasks-view.tsx";

/**
 * /tasks: the task list with the courses feature's list (filter, form, labels) and the Canvas controls in
 * its slot (Sync Canvas, banners, tab spinner).
 */
export function TasksPage() {
  const canvas = useCanvasTaskControls();
  const courses = useCourses();
  return <TasksView canvas={canvas} courses={courses.data ?? []} />;
}
