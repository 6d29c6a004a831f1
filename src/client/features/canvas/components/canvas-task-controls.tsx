import { RefreshCw } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { toast } from "#client/lib/toast.tsx";
import type { SyncResult } from "#shared/canvas/contract.ts";
import { useCanvasStatus, useCanvasSyncing, useDisconnectCanvas, useSyncCanvas } from "../canvas.api.ts";

// Loaded only once the task list shows, so /tasks's first load carries no more than this line.
const LeftOutNote = lazy(async () => ({
  default: (await import("./canvas-left-out-note.tsx")).CanvasLeftOutNote,
}));

/** The courses a sync had to leave out, each in the server's words; null when it read them all. */
const unreadableNote = (r: SyncResult): string | null =>
  r.unreadableCourses.length ? r.unreadableCourses.map((c) => c.message).join(" ") : null;

/** 'Sync Canvas' (SPEC §2.3): only shown when connected; disabled with a spinner while any sync runs. */
export function SyncCanvasButton() {
  const sync = useSyncCanvas();
  const syncing = useCanvasSyncing();
  const run = () =>
    sync.mutate(
      {},
      {
        onSuccess: (r) => {
          const note = unreadableNote(r);
          const counts = `${r.assignments} assignments: ${r.created} new, ${r.updated} updated, ${r.deleted} removed.`;
          toast({
            title: "Canvas synced",
            description: note ? `${counts} ${note}` : counts,
            variant: note ? "default" : "success",
          });
        },
        onError: (err) =>
          toast({
            title: "Sync failed",
            description: errorMessage(err, "Failed to sync Canvas data"),
            variant: "destructive",
          }),
      },
    );
  return (
    <Button variant="secondary" onClick={run} disabled={syncing}>
      <RefreshCw className={cn("h-4 w-4", syncing && "animate-spin")} aria-hidden />
      {syncing ? "Syncing..." : "Sync Canvas"}
    </Button>
  );
}

/** Drops the stored token (imported tasks are kept) and reloads, so the student can connect afresh. */
function ReconnectButton() {
  const disconnect = useDisconnectCanvas();
  return (
    <Button
      variant="destructive"
      size="sm"
      disabled={disconnect.isPending}
      // The banner unmounts as soon as the status refreshes, so the reload hangs on the promise, not on
      // mutate's callbacks.
      onClick={() =>
        disconnect
          .mutateAsync(false)
          .catch(() => undefined)
          .finally(() => window.location.reload())
      }
    >
      Logout & Reconnect
    </Button>
  );
}

/**
 * SPEC §2.3 banners: yellow 'Canvas connection needed' pointing to Settings when not connected; red
 * 'Canvas authentication issue' with the sync error when the last sync failed.
 */
export function CanvasBanner() {
  const status = useCanvasStatus();
  if (!status.data) return null;
  if (!status.data.connected) {
    return (
      <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">Canvas connection needed</p>
          <p>Connect your Canvas account in Settings to import your assignments.</p>
        </div>
        <ButtonLink variant="secondary" size="sm" href="/settings">
          Go to Settings
        </ButtonLink>
      </Alert>
    );
  }
  // A failed sync (manual or automatic) records its error on the connection; the status carries it.
  const error = status.data.lastSyncError;
  if (!error) return null;
  return (
    <Alert className="flex flex-wrap items-center justify-between gap-2">
      <div>
        <p className="font-semibold">Canvas authentication issue</p>
        <p>{error}</p>
        <p>Your Canvas token may have expired.</p>
      </div>
      <ReconnectButton />
    </Alert>
  );
}

export interface CanvasTaskControls {
  connected: boolean;
  syncing: boolean;
  toolbar?: ReactNode;
  banner?: ReactNode;
  note?: ReactNode;
  pending: boolean;
}

/** Everything the task list needs from Canvas, in the shape TasksView takes as its `canvas` prop. */
export function useCanvasTaskControls(): CanvasTaskControls {
  const status = useCanvasStatus();
  const syncing = useCanvasSyncing();
  const connected = status.data?.connected ?? false;
  const needsBanner = status.data && (!connected || status.data.lastSyncError);
  return {
    connected,
    syncing,
    toolbar: connected ? <SyncCanvasButton /> : undefined,
    banner: needsBanner ? <CanvasBanner /> : undefined,
    note: connected ? (
      <Suspense fallback={null}>
        <LeftOutNote className="mb-4" />
      </Suspense>
    ) : undefined,
    pending: status.isPending,
  };
}
