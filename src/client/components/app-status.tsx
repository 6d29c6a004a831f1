import { CloudOff, RefreshCw } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { startOutbox, useOutboxState } from "#client/lib/outbox.ts";
import { applyUpdate, useUpdateReady } from "#client/lib/service-worker.ts";

// Its words and list load only when the server has refused a change made offline.
const RefusedChanges = lazy(() => import("./refused-changes.tsx"));

/**
 * The shell's line under the header (issue 23): offline, and how many changes wait to be sent; the
 * changes being sent once back online; changes the server refused, until dismissed; a new version ready
 * ('Reload to update'). Nothing when all is well.
 */
export function AppStatus() {
  const { online, pending, syncing, refused } = useOutboxState();
  const updateReady = useUpdateReady();
  useEffect(startOutbox, []);
  const changes = `${pending} ${pending === 1 ? "change" : "changes"}`;
  return (
    <>
      {/* Always in the page, so screen readers hear it change (an added live region is often missed). */}
      <div role="status" aria-live="polite" data-testid="offline-status">
        {!online ? (
          <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <CloudOff className="size-4 shrink-0" aria-hidden="true" />
            <span>
              You are offline.{" "}
              {pending > 0
                ? `${changes} saved on this device, sent when you are back online.`
                : // Only tasks and reviews go through the outbox (outbox.ts); other pages say
                  // "Could not reach Studyhall" when they try to save, so the promise names them.
                  "Tasks and reviews are saved on this device."}
            </span>
          </p>
        ) : pending > 0 ? (
          <p className="bg-blue-100 px-4 py-1.5 text-center text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-100">
            {syncing ? `Sending ${changes} made offline...` : `${changes} made offline waiting to be sent.`}
          </p>
        ) : null}
      </div>
      {refused?.[0] && (
        <Suspense>
          <RefusedChanges changes={refused} />
        </Suspense>
      )}
      {updateReady && (
        <section
          aria-label="Update available"
          className="flex flex-wrap items-center justify-center gap-3 bg-surface px-4 py-2 text-sm text-fg shadow"
        >
          <span>A new version of Studyhall is ready.</span>
          <Button size="sm" onClick={applyUpdate}>
            <RefreshCw className="size-4" aria-hidden="true" /> Reload to update
          </Button>
        </section>
      )}
    </>
  );
}
