import {
  type QueryClient,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "#client/lib/api.ts";
import { type ConnectCanvasInput, canvasEndpoints, type SyncResult } from "#shared/canvas.ts";

export const canvasKeys = {
  all: ["canvas"] as const,
  status: () => [...canvasKeys.all, "status"] as const,
  sync: () => [...canvasKeys.all, "sync"] as const,
};

/**
 * Connecting, syncing and disconnecting change tasks, courses, grades and the student's onboarding, which
 * other features show: refetch what is on screen and drop the rest, so it loads fresh when next shown.
 */
async function refreshAfterCanvasChange(qc: QueryClient) {
  await qc.invalidateQueries({ refetchType: "active" });
  qc.removeQueries({ type: "inactive" });
}

export const useCanvasStatus = () =>
  useQuery({ queryKey: canvasKeys.status(), queryFn: () => call(canvasEndpoints.status) });

export function useConnectCanvas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectCanvasInput) => call(canvasEndpoints.connect, { body }),
    onSuccess: () => refreshAfterCanvasChange(qc),
  });
}

export function useConnectDemoCanvas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(canvasEndpoints.connectDemo),
    onSuccess: () => refreshAfterCanvasChange(qc),
  });
}

export function useDisconnectCanvas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (removeTasks: boolean) =>
      call(canvasEndpoints.disconnect, { query: { removeTasks: removeTasks ? "true" : "false" } }),
    onSuccess: () => refreshAfterCanvasChange(qc),
  });
}

/** Sync Canvas; every caller shares one mutation key so any component can show that a sync runs. */
export function useSyncCanvas() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: canvasKeys.sync(),
    mutationFn: (opts: { auto?: boolean } = {}) => call(canvasEndpoints.sync, { body: opts }),
    onSuccess: (result: SyncResult) => {
      if (!result.skipped) return refreshAfterCanvasChange(qc);
    },
    // A failed sync records its error on the connection: the banner reads it from the status.
    onError: () => qc.invalidateQueries({ queryKey: canvasKeys.status() }),
  });
}

export const useCanvasSyncing = () => useIsMutating({ mutationKey: canvasKeys.sync() }) > 0;

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
    mutate({ auto: true });
  }, [connected, mutate]);
}
