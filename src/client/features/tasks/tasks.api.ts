import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { type CreateTaskInput, type Task, taskEndpoints } from "#shared/tasks.ts";
import { trackingEndpoints } from "#shared/tracking.ts";

export const taskQueries = {
  /** Every task of the student; tabs, search and the course filter run on this list in the browser. */
  list: () => queryOptions({ queryKey: queryKeys.tasks.list(), queryFn: () => call(taskEndpoints.list) }),
};
const listKey = taskQueries.list().queryKey;

export const useTasks = () => useQuery(taskQueries.list());

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskInput) => call(taskEndpoints.create, { body }),
    onSuccess: (task) => qc.setQueryData(listKey, (old) => (old ? [...old, task] : [task])),
  });
}

const replaceTask = (list: Task[] | undefined, task: Task) => list?.map((t) => (t.id === task.id ? task : t));

/** SPEC §4/§7: only the open-to-completed change is reported; failures are logged, never shown. */
function trackCompletion(task: Task) {
  const isCanvasAssignment = Boolean(task.canvasId);
  const log = (err: unknown) => console.error("Failed to track achievement:", err);
  call(trackingEndpoints.checkAchievements, {
    body: {
      activityType: "task_completion",
      value: 1,
      metadata: { taskId: task.id, taskTitle: task.title, isCanvasAssignment },
    },
  }).catch(log);
  call(trackingEndpoints.trackStudyStats, {
    body: { action: "task_completed", metadata: { taskId: task.id, isCanvasAssignment } },
  }).catch(log);
}

/**
 * Ticking the circle: applied to the list at once, rolled back if the server refuses (the caller shows
 * the toast), and reported to the tracking calls when a task becomes completed.
 */
export function useSetTaskCompleted() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ task, completed }: { task: Task; completed: boolean }) =>
      call(taskEndpoints.update, { params: { id: task.id }, body: { completed } }),
    // Completing a task can earn an achievement on the server: refetch, and the unlock toast follows.
    meta: { invalidates: [queryKeys.achievements.all] },
    onMutate: async ({ task, completed }) => {
      await qc.cancelQueries({ queryKey: listKey });
      const previous = qc.getQueryData(listKey);
      qc.setQueryData(listKey, (old) => replaceTask(old, { ...task, completed }));
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) qc.setQueryData(listKey, context.previous);
    },
    onSuccess: (saved, { task, completed }) => {
      qc.setQueryData(listKey, (old) => replaceTask(old, saved));
      if (completed && !task.completed) trackCompletion(saved);
    },
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) => call(taskEndpoints.remove, { params: { id: task.id } }),
    onSuccess: (_ok, task) => qc.setQueryData(listKey, (old) => old?.filter((t) => t.id !== task.id)),
  });
}
