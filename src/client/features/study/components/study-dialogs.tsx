import { Plus } from "lucide-react";
import { lazyDialog } from "#client/components/deferred-dialog.tsx";
import { Button, type ButtonProps } from "#client/components/ui/button.tsx";

// The Study Center's dialogs load when first wanted: Radix Dialog and the forms are not on /study's first load.

/** The New Study Set button, drawn by the page before the dialog's code loads and by the dialog itself. */
export function NewSetButton({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button {...props}>
      <Plus className="h-4 w-4" aria-hidden /> {label}
    </Button>
  );
}

export const newSetDialog = lazyDialog(async () => (await import("./new-set-dialog.tsx")).NewSetDialog);

export const deleteSetDialog = lazyDialog(
  async () => (await import("./delete-set-dialog.tsx")).DeleteSetDialog,
);

export const editSetDialog = lazyDialog(async () => (await import("./edit-set-dialog.tsx")).EditSetDialog);
