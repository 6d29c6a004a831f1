import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import {
  type Course,
  type CreateTaskInput,
  courseEndpoints,
  type Task,
  taskEndpoints,
} from "#shared/tasks.ts";
import { trackingEndpoints } from "#shared/tracking.ts";

export const taskKeys = {
  all: ["tasks"] as const,
  list: () => [...taskKeys.all, "list"] as const,
};
export const courseKeys = {
  all: ["courses"] as const,
  list: () => [...courseKeys.all, "list"] as const,
};

/** Every task of the student; tabs, search and the course filter run on this list in the browser. */
export const useTasks = () =>
  useQuery({ queryKey: taskKeys.list(), queryFn: () => call(taskEndpoints.list) });

/** The student's courses; the server creates the default course on the first visit (SPEC §7). */
export const useCourses = () =>
  useQuery({ queryKey: courseKeys.list(), queryFn: () => call(courseEndpoints.list) });

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskInput) => call(taskEndpoints.create, { body }),
    onSuccess: (task) => qc.setQueryData<Task[]>(taskKeys.list(), (old) => (old ? [...old, task] : [task])),
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
    onMutate: async ({ task, completed }) => {
      await qc.cancelQueries({ queryKey: taskKeys.list() });
      const previous = qc.getQueryData<Task[]>(taskKeys.list());
      qc.setQueryData<Task[]>(taskKeys.list(), (old) => replaceTask(old, { ...task, completed }));
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) qc.setQueryData(taskKeys.list(), context.previous);
    },
    onSuccess: (saved, { task, completed }) => {
      qc.setQueryData<Task[]>(taskKeys.list(), (old) => replaceTask(old, saved));
      if (completed && !task.completed) trackCompletion(saved);
    },
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) => call(taskEndpoints.remove, { params: { id: task.id } }),
    onSuccess: (_ok, task) =>
      qc.setQueryData<Task[]>(taskKeys.list(), (old) => old?.filter((t) => t.id !== task.id)),
  });
}

export const courseName = (courses: readonly Course[] | undefined, id: number | null) =>
  id === null ? undefined : courses?.find((c) => c.id === id)?.name;
