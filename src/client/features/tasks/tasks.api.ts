import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, endpointTable, sessionUser } from "#client/lib/api.ts";
import { isDeferred } from "#client/lib/deferred-actions.ts";
import { offlineStore } from "#client/lib/offline-store.ts";
import { isNetworkError, isOffline, noteReachable, pendingChanges, queueChange } from "#client/lib/outbox.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { BULK_TASK_LIMIT } from "#shared/constants.ts";
import type { CreateTaskInput, Task, UpdateTaskInput } from "#shared/tasks/contract.ts";

// A delete sent as the page goes away cannot wait for an import: it takes `endpoints.loaded()`, which
// the list it deletes from has loaded by then.
export const endpoints = endpointTable(() => import("#shared/tasks/contract.ts"), "taskEndpoints");

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
export const listKey = taskQueries.list().queryKey;

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

/** Tasks added, completed and deleted offline, shown over the list until the server has them. */
async function withOfflineChanges(list: Task[]): Promise<Task[]> {
  let out = list;
  for (const change of await pendingChanges()) {
    if (change.kind === "task-complete") {
      const { completed } = change.body as { completed: boolean };
      out = out.map((t) => (t.id === change.targetId ? { ...t, completed } : t));
    } else if (change.kind === "task-create") {
      out = [...out, offlineTask(change.body as CreateTaskInput & { clientId: string }, change.createdAt)];
    } else if (change.kind === "task-delete") {
      out = out.filter((t) => t.id !== change.targetId);
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

export const replaceTask = (list: Task[] | undefined, task: Task) =>
  list?.map((t) => (t.id === task.id ? task : t));

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
            label: task.title,
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
    onSuccess: (saved) => {
      qc.setQueryData(listKey, (old) => replaceTask(old, saved));
      // Completing an occurrence of a series created the next one on the server; reopening it may have
      // removed that one again (task-series.ts removeNext).
      if (saved.rrule) void qc.invalidateQueries({ queryKey: listKey });
    },
  });
}

export const deleteKey = (id: number) => `task-delete:${id}`;

/** Deletes waiting on this device, remembered across reloads: the tab may close inside the window. */
const STORED_DELETES = "pendingTaskDeletes";
export const storedDeletes = (): number[] => {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(STORED_DELETES) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};
export const storeDeletes = (ids: number[]) =>
  ids.length
    ? localStorage.setItem(STORED_DELETES, JSON.stringify(ids))
    : localStorage.removeItem(STORED_DELETES);
export const remember = (id: number) => storeDeletes([...new Set([...storedDeletes(), id])]);
export const forget = (id: number) => {
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
export const markSent = (id: number) => {
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

/** Tasks of a bulk delete waiting out its Undo window: hidden from a list fetched meanwhile. */
export const waitingBulk = new Set<number>();

/**
 * Several tasks in one DELETE (chunks of BULK_TASK_LIMIT), with keepalive as the page goes away. The
 * server skips ids already gone, so a resend is harmless.
 */
export async function sendDeletes(ids: number[], keepalive: boolean) {
  const table = keepalive ? endpoints.loaded()! : await endpoints();
  if (keepalive) ids.forEach(markSent);
  for (let i = 0; i < ids.length; i += BULK_TASK_LIMIT) {
    await call(table.bulkRemove, { body: { ids: ids.slice(i, i + BULK_TASK_LIMIT) }, keepalive });
  }
  if (!keepalive) ids.forEach(forget);
}
