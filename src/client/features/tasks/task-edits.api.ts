import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, call } from "#client/lib/api.ts";
import { cancelDeferred, deferAction } from "#client/lib/deferred-actions.ts";
import { isNetworkError, queueChange } from "#client/lib/outbox.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { TOAST } from "#shared/constants.ts";
import type { BulkUpdateTasksInput, Task } from "#shared/tasks/contract.ts";
import {
  deleteKey,
  endpoints,
  forget,
  listKey,
  markSent,
  remember,
  replaceTask,
  sendDeletes,
  storeDeletes,
  storedDeletes,
  waitingBulk,
} from "./tasks.api.ts";

// The task list's edits beyond add, edit and complete: deletes with Undo, bulk changes and checklists.
// Apart from tasks.api.ts so the pages that only read the list (Home, Calendar, Study) do not load them.

/**
 * The DELETE itself; on `pagehide` a keepalive request, which the browser delivers after the page is gone
 * (sent at once: the list loaded the table, so there is no import to wait for). 404 counts as done: it
 * was deleted already or is not this student's. A keepalive's id moves to the sent list: the page may be
 * gone before the answer, and the next list sends it again only if the task is still there.
 */
async function sendDelete(task: Task, keepalive: boolean) {
  const { id } = task;
  const table = keepalive ? endpoints.loaded()! : await endpoints();
  if (keepalive) markSent(id);
  try {
    await call(table.remove, { params: { id }, keepalive });
  } catch (err) {
    if (!keepalive && isNetworkError(err) && id > 0) {
      // Offline, as the banner promises, the delete is kept on the device and sent with the network (as a
      // bulk delete, which skips a task gone meanwhile instead of answering 404). Before, the task came
      // back with "Could not reach Studyhall".
      await queueChange({
        clientId: crypto.randomUUID(),
        method: "DELETE",
        path: "/api/tasks",
        body: { ids: [id] },
        kind: "task-delete",
        targetId: id,
        label: task.title,
      });
      forget(id);
      return;
    }
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
          await sendDelete(task, keepalive);
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

let bulkDeletes = 0;

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
      // Completing an occurrence of a series created the next one on the server; reopening may remove it.
      if (body.completed !== undefined && saved.some((t) => t.rrule))
        void qc.invalidateQueries({ queryKey: listKey });
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
