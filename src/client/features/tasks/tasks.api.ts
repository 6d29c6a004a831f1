import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, authToken, call } from "#client/lib/api.ts";
import { cancelDeferred, deferAction, isDeferred } from "#client/lib/deferred-actions.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { TOAST } from "#shared/constants.ts";
import type { CreateTaskInput, Task, taskEndpoints, UpdateTaskInput } from "#shared/tasks/contract.ts";

// Loaded on first use (see achievements.api.ts), and kept: a delete sent as the page goes away cannot
// wait for an import, and the list it deletes from has loaded the table by then.
let loadedTable: typeof taskEndpoints | undefined;
const endpoints = async () => (loadedTable ??= (await import("#shared/tasks/contract.ts")).taskEndpoints);
const trackingEndpoints = async () => (await import("#shared/achievements/tracking.ts")).trackingEndpoints;

export const taskQueries = {
  /** Every task of the student; tabs, search and the course filter run on this list in the browser. */
  list: () =>
    queryOptions({
      queryKey: queryKeys.tasks.list(),
      queryFn: async () => {
        // Deletes a previous page left behind unsent (a crash) are finished first, so a reload never shows
        // a deleted task again.
        await finishLeftoverDeletes();
        const list = await call((await endpoints()).list);
        // A keepalive DELETE the last page sent as it went: done if its task is gone. Sending it again
        // answered 404 on every reload (issue 26: one DELETE per delete); only a lost one is sent again.
        const lost = await resendLostDeletes(list);
        // A task whose delete is waiting out its Undo window stays hidden if the list is fetched meanwhile.
        return list.filter((t) => !isDeferred(deleteKey(t.id)) && !lost.has(t.id));
      },
    }),
};
const listKey = taskQueries.list().queryKey;

export const useTasks = () => useQuery(taskQueries.list());

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTaskInput) => call((await endpoints()).create, { body }),
    onSuccess: (task) => qc.setQueryData(listKey, (old) => (old ? [...old, task] : [task])),
  });
}

const replaceTask = (list: Task[] | undefined, task: Task) => list?.map((t) => (t.id === task.id ? task : t));

/** The edit dialog's save: the list shows the server's answer. */
export function useUpdateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateTaskInput }) =>
      call((await endpoints()).update, { params: { id }, body }),
    onSuccess: (saved, { body }) => {
      qc.setQueryData(listKey, (old) => replaceTask(old, saved));
      // A series edit ("this and all future", a new rule) changes other occurrences too.
      if (body.scope === "future" || body.recurrence !== undefined)
        void qc.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** SPEC §4/§7: only the open-to-completed change is reported; failures are logged, never shown. */
async function trackCompletion(task: Task) {
  const isCanvasAssignment = Boolean(task.canvasId);
  const log = (err: unknown) => console.error("Failed to track achievement:", err);
  const tracking = await trackingEndpoints().catch(log);
  if (!tracking) return;
  call(tracking.checkAchievements, {
    body: {
      activityType: "task_completion",
      value: 1,
      metadata: { taskId: task.id, taskTitle: task.title, isCanvasAssignment },
    },
  }).catch(log);
  call(tracking.trackStudyStats, {
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
    mutationFn: async ({ task, completed }: { task: Task; completed: boolean }) =>
      call((await endpoints()).update, { params: { id: task.id }, body: { completed } }),
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
      // Completing an occurrence of a series created the next one on the server.
      if (completed && saved.rrule) void qc.invalidateQueries({ queryKey: listKey });
      if (completed && !task.completed) void trackCompletion(saved);
    },
  });
}

const deleteKey = (id: number) => `task-delete:${id}`;

/** Deletes waiting on this device, remembered across reloads: the tab may close inside the window. */
const STORED_DELETES = "pendingTaskDeletes";
const storedDeletes = (): number[] => {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(STORED_DELETES) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};
const storeDeletes = (ids: number[]) =>
  ids.length
    ? localStorage.setItem(STORED_DELETES, JSON.stringify(ids))
    : localStorage.removeItem(STORED_DELETES);
const remember = (id: number) => storeDeletes([...new Set([...storedDeletes(), id])]);
const forget = (id: number) => {
  storeDeletes(storedDeletes().filter((x) => x !== id));
  storeSent(sentDeletes().filter((x) => x !== id));
};

/** Deletes sent with keepalive as a page went away: their answer was never read. */
const SENT_DELETES = "sentTaskDeletes";
const sentDeletes = (): number[] => {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(SENT_DELETES) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};
const storeSent = (ids: number[]) =>
  ids.length
    ? localStorage.setItem(SENT_DELETES, JSON.stringify(ids))
    : localStorage.removeItem(SENT_DELETES);
const markSent = (id: number) => {
  storeDeletes(storedDeletes().filter((x) => x !== id));
  storeSent([...new Set([...sentDeletes(), id])]);
};

async function finishLeftoverDeletes() {
  const leftover = storedDeletes().filter((id) => !isDeferred(deleteKey(id)));
  await Promise.all(leftover.map((id) => sendDelete(id, false).catch(() => undefined)));
}

/** Keepalive deletes whose task is still listed were lost on the way: sent again, and their ids answered. */
async function resendLostDeletes(list: Task[]): Promise<Set<number>> {
  const sent = sentDeletes();
  if (!sent.length) return new Set();
  const listed = new Set(list.map((t) => t.id));
  const lost = sent.filter((id) => listed.has(id));
  storeSent([]);
  await Promise.all(lost.map((id) => sendDelete(id, false).catch(() => remember(id))));
  return new Set(lost);
}

/**
 * The DELETE itself; on `pagehide` a keepalive fetch, which the browser delivers after the page is gone.
 * 404 counts as done: it was deleted already (by the keepalive of the last page) or is not this student's.
 */
async function sendDelete(id: number, keepalive: boolean) {
  if (!keepalive) {
    try {
      await call((await endpoints()).remove, { params: { id } });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === "not_found")) throw err;
    }
    forget(id);
    return;
  }
  const token = authToken.get();
  markSent(id);
  await fetch(loadedTable!.remove.path.replace(":id", String(id)), {
    method: "DELETE",
    keepalive: true,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/**
 * Delete with Undo (issue 9 §3): the task leaves the list at once and the server is told when the undo
 * window closes (or the page goes away, or the student signs out); see lib/deferred-actions.ts. Answers
 * the undo, which puts the task back and reports whether it was in time.
 */
export function useDeleteTaskWithUndo(onFailed: (task: Task, err: unknown) => void) {
  const qc = useQueryClient();
  return useCallback(
    (task: Task) => {
      const restore = () =>
        qc.setQueryData(listKey, (old) => (old && !old.some((t) => t.id === task.id) ? [...old, task] : old));
      qc.setQueryData(listKey, (old) => old?.filter((t) => t.id !== task.id));
      remember(task.id);
      deferAction(deleteKey(task.id), TOAST.durationMs, async ({ keepalive }) => {
        try {
          await sendDelete(task.id, keepalive);
        } catch (err) {
          forget(task.id);
          restore();
          onFailed(task, err);
        }
      });
      return () => {
        const inTime = cancelDeferred(deleteKey(task.id));
        if (inTime) {
          forget(task.id);
          restore();
        }
        return inTime;
      };
    },
    [qc, onFailed],
  );
}
