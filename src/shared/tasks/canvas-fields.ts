import type { Task } from "./contract.ts";

// Apart from task-rules.ts, which the first load carries (the dashboard's task rows): only the edit form
// and the server ask these, and every byte on the first load counts (decision 016).

/**
 * Whether Canvas still owns a task's title, description, due date and course: a sync would overwrite an
 * edit of them. A task the sync kept after its assignment left Canvas (not parsed, canvasId kept so the
 * assignment coming back re-links it) is the student's own until then.
 */
export const canvasOwned = (task: Pick<Task, "canvasId" | "isParsed">): boolean =>
  task.canvasId !== null && task.isParsed;

/** A task the sync kept for the student's notes, checklist or time when its assignment left Canvas. */
export const keptFromCanvas = (task: Pick<Task, "canvasId" | "isParsed">): boolean =>
  task.canvasId !== null && !task.isParsed;
