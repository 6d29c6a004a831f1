import { formatDistanceToNow } from "date-fns";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { CanvasStatus } from "#shared/canvas/contract.ts";
import { useCanvasStatus, useDisconnectCanvas } from "../canvas.api.ts";
import { CanvasConnectForm } from "./canvas-connect-form.tsx";
import { CanvasLeftOutNote } from "./canvas-left-out-note.tsx";

const DEMO_CANVAS_LABEL = "the Studyhall demo Canvas";

export const connectedLabel = (status: Pick<CanvasStatus, "demo" | "domain">) =>
  status.demo ? DEMO_CANVAS_LABEL : (status.domain ?? "");

function DisconnectDialog() {
  const [open, setOpen] = useState(false);
  // Unticked for every connection, the demo too, as the text above the box says (issue 26: a ticked
  // default removed 17 assignments and a completion mark from a student who read the text).
  const [removeTasks, setRemoveTasks] = useState(false);
  const disconnect = useDisconnectCanvas();
  // The card turns into the connect form once disconnected, unmounting this dialog: the promise of
  // mutateAsync still settles where mutate's callbacks would not.
  const confirm = () =>
    disconnect.mutateAsync(removeTasks).then(
      (r) => {
        setOpen(false);
        toast({
          title: "Canvas disconnected",
          description: r.removedTasks
            ? `Removed ${r.removedTasks} imported assignments.`
            : `Your ${r.keptTasks} imported assignments stay in your task list.`,
        });
      },
      (err: unknown) =>
        toast({ title: "Disconnect failed", description: errorMessage(err), variant: "destructive" }),
    );
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Disconnect Canvas?"
      description="Studyhall forgets your Canvas token and the courses and grades it imported."
      trigger={<Button variant="secondary">Disconnect</Button>}
    >
      <p className="text-sm text-muted">
        Assignments imported from Canvas stay in your task list (without their course), with your completed
        marks and priorities, unless you tick the box below. Reconnecting later links them up again.
      </p>
      <label className="flex items-start gap-2 text-sm" htmlFor="canvas-remove-tasks">
        <input
          id="canvas-remove-tasks"
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-accent"
          checked={removeTasks}
          onChange={(e) => setRemoveTasks(e.target.checked)}
        />
        Also delete the assignments imported from Canvas
      </label>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={disconnect.isPending}>
          {disconnect.isPending ? "Disconnecting..." : "Disconnect"}
        </Button>
      </div>
    </Dialog>
  );
}

/** 'Connected to {domain}', when it last synced and why that failed, Update Token and Disconnect. */
function ConnectedCanvas({ status: s, onUpdateToken }: { status: CanvasStatus; onUpdateToken: () => void }) {
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CheckCircle2 className="h-5 w-5 text-green-600 dark:text-green-400" aria-hidden />
        Connected to {connectedLabel(s)}
      </p>
      <p className="text-xs text-muted">
        {s.lastSyncedAt
          ? `Last synced ${formatDistanceToNow(new Date(s.lastSyncedAt), { addSuffix: true })}.`
          : "Not synced yet."}
      </p>
      {s.lastSyncError && <Alert>{s.lastSyncError}</Alert>}
      <CanvasLeftOutNote />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onUpdateToken}>Update Token</Button>
        <DisconnectDialog />
      </div>
    </div>
  );
}

/** Settings > Integrations (SPEC §2.6): the connect form, or 'Connected to {domain}' with Update Token. */
export function CanvasSettingsCard() {
  const status = useCanvasStatus();
  const [editing, setEditing] = useState(false);
  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle>Canvas</CardTitle>
        <CardDescription>Connect Canvas to import your courses, assignments and grades.</CardDescription>
      </div>
      <QueryView
        query={status}
        pending={<Skeleton className="h-24" />}
        error={(err) => <Alert>Could not load your Canvas connection. {errorMessage(err)}</Alert>}
      >
        {(s) =>
          s.connected && !editing ? (
            <ConnectedCanvas status={s} onUpdateToken={() => setEditing(true)} />
          ) : (
            <CanvasConnectForm
              variant="settings"
              domain={s.connected && !s.demo ? (s.domain ?? undefined) : undefined}
              onConnected={() => setEditing(false)}
              actions={
                editing && (
                  <Button variant="secondary" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                )
              }
            />
          )
        }
      </QueryView>
    </Card>
  );
}
