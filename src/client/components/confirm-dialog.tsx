import { type ReactNode, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { errorMessage } from "#client/lib/api.ts";

/** A destructive action behind 'Are you sure?'; stays open with the error if the server refuses. */
export function ConfirmDialog({
  title,
  subject,
  description,
  confirmLabel,
  pendingLabel = "Deleting...",
  trigger,
  onConfirm,
}: {
  title: string;
  /** What is deleted, as the student named it (may be long: it wraps anywhere). */
  subject: string;
  description: string;
  confirmLabel: string;
  /** The confirm button while the action runs. */
  pendingLabel?: string;
  trigger: ReactNode;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setError(null);
  };
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} trigger={trigger}>
      <p className="wrap-anywhere whitespace-pre-wrap rounded-md bg-bg p-3 text-sm font-medium">{subject}</p>
      {error !== null && <Alert>{errorMessage(error, "Could not delete it. Please try again.")}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
