import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, call, endpointTable, sessionUser } from "#client/lib/api.ts";
import { cancelDeferred, deferAction, isDeferred } from "#client/lib/deferred-actions.ts";
import { offlineStore } from "#client/lib/offline-store.ts";
import { isNetworkError, isOffline, noteReachable, pendingChanges, queueChange } from "#client/lib/outbox.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { BULK_TASK_LIMIT, TOAST } from "#shared/constants.ts";
import type { BulkUpdateTasksInput, CreateTaskInput, Task, UpdateTaskInput } from "#shared/tasks/contract.ts";

// A delete sent as the page goes away cannot wait for an import: it takes `endpoints.loaded()`, which
// the list it deletes from has loaded by then.
const endpoints = endpointTable(() => import("#shared/tasks/contract.ts"), "taskEndpoints");

export const taskQueries = {
  /** Every task of the student; tabs, search and the course filter run on this list in the browser. */
  list: () =>
    queryOptions({
      queryKey: queryKeys.tasks.list(),
      queryFn: async () => {
        // Deletes a previous page left behind unsent (a crash) are finished first, so a reload never shows
        // a deleted task again.
        await finishLeftoverDeletes();
        const list = await listOrSaved();
        // A keepalive DELETE the last page sent as it went: done if its task is gone. Sending it again
        // answered 404 on every reload (issue 26: one DELETE per delete); only a lost one is sent again.
        const lost = await resendLostDeletes(list);
        // A task whose delete is waiting out its Undo window stays hidden if the list is fetched meanwhile.
        return withOfflineChanges(
          list.filter((t) => !isDeferred(deleteKey(t.id)) && !waitingBulk.has(t.id) && !lost.has(t.id)),
        );
      },
    }),
};
const listKey = taskQueries.list().queryKey;

const SAVED_LIST = "tasks";
/** The list from the server, kept on the device; offline (issue 23), the last one kept. */
async function listOrSaved(): Promise<Task[]> {
  const userId = sessionUser.get()?.id;
  try {
    const list = await call((await endpoints()).list);
    noteReachable(true);
    if (userId !== undefined) void offlineStore.saveAnswer(userId, SAVED_LIST, list);
    return list;
  } catch (err) {
    const saved =
      isNetworkError(err) &&
      userId !== undefined &&
      (await offlineStore.readAnswer<Task[]>(userId, SAVED_LIST));
    if (!saved) throw err;
    noteReachable(false);
    return saved;
  }
}

/** Tasks added and completed offline, shown over the list until the server has them. */
async function withOfflineChanges(list: Task[]): Promise<Task[]> {
  let out = list;
  for (const change of await pendingChanges()) {
    if (change.kind === "task-complete") {
      const { completed } = change.body as { completed: boolean };
      out = out.map((t) => (t.id === change.targetId ? { ...t, completed } : t));
    } else if (change.kind === "task-create") {
      out = [...out, offlineTask(change.body as CreateTaskInput & { clientId: string }, change.createdAt)];
    }
  }
  return out;
}

/** A task added offline as the list shows it: a negative id until the server gives it one. */
let offlineIds = 0;
function offlineTask(body: CreateTaskInput & { clientId: string }, at: string): Task {
  return {
    id: -++offlineIds,
    userId: sessionUser.get()?.id ?? 0,
    courseId: body.courseId ?? null,
    title: body.title,
    description: body.description ?? "",
    notes: "",
    dueDate: body.dueDate ?? null,
    priority: body.priority ?? "medium",
    completed: false,
    isParsed: false,
    canvasId: null,
    htmlUrl: null,
    // A series is made on the server: offline, the task shows as a single one until it syncs.
    rrule: body.recurrence ?? null,
    recurrenceTimeZone: null,
    seriesStart: null,
    seriesId: null,
    subtasks: [],
    createdAt: at,
    updatedAt: at,
  };
}

/** Calls the server, or keeps the change for later when it cannot be reached. */
async function orKeep<T>(send: () => Promise<T>, keep: () => Promise<T>): Promise<T> {
  if (isOffline()) return keep();
  try {
    return await send();
  } catch (err) {
    if (isNetworkError(err)) return keep();
    throw err;
  }
}

export const useTasks = () => useQuery(taskQueries.list());

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTaskInput) => {
      // Its own id: an add sent again (offline, or its answer lost) makes one task.
      const body = { ...input, clientId: input.clientId ?? crypto.randomUUID() };
      return orKeep(
        async () => call((await endpoints()).create, { body }),
        async () => {
          await queueChange({
            clientId: body.clientId,
            method: "POST",
            path: "/api/tasks",
            body,
            kind: "task-create",
          });
          return offlineTask(body, new Date().toISOString());
        },
      );
    },
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

/**
 * Ticking the circle: applied to the list at once, rolled back if the server refuses (the caller shows
 * the toast). The server evaluates achievements on the completion itself (decision 011): SPEC §4's two
 * tracking calls are not made.
 */
export function useSetTaskCompleted() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ task, completed }: { task: Task; completed: boolean }) =>
      orKeep(
        async () => call((await endpoints()).update, { params: { id: task.id }, body: { completed } }),
        async () => {
          if (task.id < 0)
            throw new ApiError(0, "This task is still waiting to be saved; try again once online.");
          await queueChange({
            clientId: crypto.randomUUID(),
            method: "PUT",
            path: `/api/tasks/${task.id}`,
            body: { completed },
            kind: "task-complete",
            targetId: task.id,
          });
          return { ...task, completed };
        },
      ),
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
    onSuccess: (saved, { completed }) => {
      qc.setQueryData(listKey, (old) => replaceTask(old, saved));
      // Completing an occurrence of a series created the next one on the server.
      if (completed && saved.rrule) void qc.invalidateQueries({ queryKey: listKey });
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
  const leftover = storedDeletes().filter((id) => !isDeferred(deleteKey(id)) && !waitingBulk.has(id));
  if (leftover.length) await sendDeletes(leftover, false).catch(() => undefined);
}

/** Keepalive deletes whose task is still listed were lost on the way: sent again, and their ids answered. */
async function resendLostDeletes(list: Task[]): Promise<Set<number>> {
  const sent = sentDeletes();
  if (!sent.length) return new Set();
  const listed = new Set(list.map((t) => t.id));
  const lost = sent.filter((id) => listed.has(id));
  storeSent([]);
  if (lost.length) await sendDeletes(lost, false).catch(() => lost.forEach(remember));
  return new Set(lost);
}

/**
 * The DELETE itself; on `pagehide` a keepalive request, which the browser delivers after the page is gone
 * (sent at once: the list loaded the table, so there is no import to wait for). 404 counts as done: it
 * was deleted already or is not this student's. A keepalive's id moves to the sent list: the page may be
 * gone before the answer, and the next list sends it again only if the task is still there.
 */
async function sendDelete(id: number, keepalive: boolean) {
  const table = keepalive ? endpoints.loaded()! : await endpoints();
  if (keepalive) markSent(id);
  try {
    await call(table.remove, { params: { id }, keepalive });
  } catch (err) {
    if (!(err instanceof ApiError && err.code === "not_found")) throw err;
  }
  if (!keepalive) forget(id);
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

/** Tasks of a bulk delete waiting out its Undo window: hidden from a list fetched meanwhile. */
const waitingBulk = new Set<number>();
let bulkDeletes = 0;

/**
 * Several tasks in one DELETE (chunks of BULK_TASK_LIMIT), with keepalive as the page goes away. The
 * server skips ids already gone, so a resend is harmless.
 */
async function sendDeletes(ids: number[], keepalive: boolean) {
  const table = keepalive ? endpoints.loaded()! : await endpoints();
  if (keepalive) ids.forEach(markSent);
  for (let i = 0; i < ids.length; i += BULK_TASK_LIMIT) {
    await call(table.bulkRemove, { body: { ids: ids.slice(i, i + BULK_TASK_LIMIT) }, keepalive });
  }
  if (!keepalive) ids.forEach(forget);
}

/**
 * Bulk delete and 'Clear completed' with Undo: as a single delete (see useDeleteTaskWithUndo), but the
 * set goes in one request when the window closes. Answers the undo.
 */
export function useDeleteTasksWithUndo(onFailed: (tasks: Task[], err: unknown) => void) {
  const qc = useQueryClient();
  return useCallback(
    (tasks: Task[]) => {
      const ids = tasks.map((t) => t.id);
      const gone = new Set(ids);
      const key = `task-bulk-delete:${++bulkDeletes}`;
      const restore = () => {
        for (const id of ids) waitingBulk.delete(id);
        qc.setQueryData(listKey, (old) => {
          if (!old) return old;
          const listed = new Set(old.map((t) => t.id));
          return [...old, ...tasks.filter((t) => !listed.has(t.id))];
        });
      };
      qc.setQueryData(listKey, (old) => old?.filter((t) => !gone.has(t.id)));
      for (const id of ids) waitingBulk.add(id);
      storeDeletes([...new Set([...storedDeletes(), ...ids])]);
      deferAction(key, TOAST.durationMs, async ({ keepalive }) => {
        try {
          await sendDeletes(ids, keepalive);
          for (const id of ids) waitingBulk.delete(id);
        } catch (err) {
          ids.forEach(forget);
          restore();
          onFailed(tasks, err);
        }
      });
      return () => {
        const inTime = cancelDeferred(key);
        if (inTime) {
          ids.forEach(forget);
          restore();
        }
        return inTime;
      };
    },
    [qc, onFailed],
  );
}

/** Complete, reopen or move several tasks in one request; the list shows the server's answer. */
export function useBulkUpdateTasks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkUpdateTasksInput) => call((await endpoints()).bulkUpdate, { body }),
    meta: { invalidates: [queryKeys.achievements.all] },
    onSuccess: (saved, body) => {
      const byId = new Map(saved.map((t) => [t.id, t]));
      qc.setQueryData(listKey, (old) => old?.map((t) => byId.get(t.id) ?? t));
      // Completing an occurrence of a series created the next one on the server.
      if (body.completed && saved.some((t) => t.rrule)) void qc.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** A task's checklist: every change answers the whole task, which replaces the row. */
type SubtaskChange =
  | { kind: "add"; title: string }
  | { kind: "update"; subtaskId: number; title?: string; done?: boolean }
  | { kind: "remove"; subtaskId: number }
  | { kind: "reorder"; ids: number[] };

export function useChangeSubtasks(task: Task) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (change: SubtaskChange) => {
      const table = await endpoints();
      const params = { id: task.id };
      switch (change.kind) {
        case "add":
          return call(table.addSubtask, { params, body: { title: change.title } });
        case "update": {
          const { subtaskId, title, done } = change;
          return call(table.updateSubtask, { params: { ...params, subtaskId }, body: { title, done } });
        }
        case "remove":
          return call(table.removeSubtask, { params: { ...params, subtaskId: change.subtaskId } });
        case "reorder":
          return call(table.reorderSubtasks, { params, body: { ids: change.ids } });
      }
    },
    // Ticks and moves show at once; the server's answer (or the old list, on failure) follows.
    onMutate: async (change) => {
      const previous = qc.getQueryData(listKey);
      const current = previous?.find((t) => t.id === task.id);
      if (!current) return { previous };
      let subtasks = current.subtasks;
      if (change.kind === "update")
        subtasks = subtasks.map((s) =>
          s.id === change.subtaskId
            ? { ...s, title: change.title ?? s.title, done: change.done ?? s.done }
            : s,
        );
      else if (change.kind === "remove") subtasks = subtasks.filter((s) => s.id !== change.subtaskId);
      else if (change.kind === "reorder")
        subtasks = change.ids.flatMap((id) => subtasks.filter((s) => s.id === id));
      qc.setQueryData(listKey, (old) => replaceTask(old, { ...current, subtasks }));
      return { previous };
    },
    onError: (_err, _change, context) => {
      if (context?.previous) qc.setQueryData(listKey, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(listKey, (old) => replaceTask(old, saved)),
  });
}
