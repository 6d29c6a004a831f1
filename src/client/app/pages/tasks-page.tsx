import { useCanvasTaskControls } from "#client/features/canvas/components/canvas-task-controls.tsx";
import { TasksView } from "#client/features/tasks/tasks-view.tsx";

/** /tasks: the task list with the Canvas controls in its slot (Sync Canvas, banners, tab spinner). */
export function TasksPage() {
  const canvas = useCanvasTaskControls();
  return <TasksView canvas={canvas} />;
}
