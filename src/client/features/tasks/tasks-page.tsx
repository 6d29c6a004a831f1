import { TasksView } from "./tasks-view.tsx";

/** The /tasks route. The Canvas feature replaces this with a composition that passes its `canvas` slot. */
export function TasksPage() {
  return <TasksView />;
}
