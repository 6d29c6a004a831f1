import { queryOptions, useIsMutating, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { ConnectCanvasInput, SyncResult } from "#shared/canvas/contract.ts";

// Loaded on first use (see achievements.api.ts): the screen draws before zod and the schemas run. The
// shell reads the status as every screen draws; the rest (connect, sync) only when the student or the
// status asks for it, so that table stays out of first loads (ON_DEMAND, scripts/vite-route-chunks.ts).
const statusEndpoints = endpointTable(
  () => import("#shared/canvas/status-contract.ts"),
  "canvasStatusEndpoints",
);
const endpoints = endpointTable(
  () => import(/* on-demand */ "#shared/canvas/contract.ts"),
  "canvasEndpoints",
);

export const canvasQueries = {
  status: () =>
    queryOptions({
      queryKey: queryKeys.canvas.status(),
      queryFn: async () => call((await statusEndpoints()).status),
    }),
};

/**
 * What connecting, syncing and disconnecting change: tasks, courses and grades, the student's onboarding
 * (connecting finishes it) and the connection itself.
 */
const CHANGED_BY_CANVAS = [
  queryKeys.tasks.all,
  queryKeys.courses.all,
  queryKeys.auth.all,
  queryKeys.canvas.all,
] as const;

export const useCanvasStatus = () => useQuery(canvasQueries.status());

export const useConnectCanvas = () =>
  useMutation({
    mutationFn: async (body: ConnectCanvasInput) => call((await endpoints()).connect, { body }),
    meta: { invalidates: CHANGED_BY_CANVAS },
  });

export const useConnectDemoCanvas = () =>
  useMutation({
    mutationFn: async () => call((await endpoints()).connectDemo),
    meta: { invalidates: CHANGED_BY_CANVAS },
  });

export const useDisconnectCanvas = () =>
  useMutation({
    mutationFn: async (removeTasks: boolean) =>
      call((await endpoints()).disconnect, { query: { removeTasks } }),
    meta: { invalidates: CHANGED_BY_CANVAS },
  });

/** Sync Canvas; every caller shares one mutation key so any component can show that a sync runs. */
export function useSyncCanvas() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.canvas.sync(),
    mutationFn: async (opts: { auto?: boolean } = {}) => call((await endpoints()).sync, { body: opts }),
    // A skipped auto-sync (recent, or turned off) changed nothing: refetching would double every app load.
    meta: { invalidates: (result) => ((result as SyncResult).skipped ? [] : CHANGED_BY_CANVAS) },
    // A failed sync records its error on the connection: the banner reads it from the status.
    onError: () => qc.invalidateQueries({ queryKey: queryKeys.canvas.status() }),
  });
}

export const useCanvasSyncing = () => useIsMutating({ mutationKey: queryKeys.canvas.sync() }) > 0;

// Once per page load, however many components mount the hook.
let autoSyncStarted = false;

/**
 * SPEC §4: when connected, a sync runs on app load. The server skips it when 'Auto-sync with Canvas' is
 * off or the last sync is recent (AUTO_SYNC_MIN_INTERVAL_MS), so mounting this is always safe.
 */
export function useCanvasAutoSync() {
  const status = useCanvasStatus();
  const { mutate } = useSyncCanvas();
  const connected = status.data?.connected ?? false;
  useEffect(() => {
    if (!connected || autoSyncStarted) return;
    autoSyncStarted = true;
    // Quietly: a course left out (access ended) would otherwise be announced on every load; the Sync
    // button's answer names it.
    mutate({ auto: true });
  }, [connected, mutate]);
}
