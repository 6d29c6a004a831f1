import { lazyDialog } from "#client/components/deferred-dialog.tsx";

// The Study Center's dialogs load when first wanted: Radix Dialog and the forms are not on /study's first load.
// Their buttons live apart (new-set-button.tsx), so a dialog drawing its own button imports no circle.

export const newSetDialog = lazyDialog(async () => (await import("./new-set-dialog.tsx")).NewSetDialog);

export const deleteSetDialog = lazyDialog(
  async () => (await import("./delete-set-dialog.tsx")).DeleteSetDialog,
);

export const editSetDialog = lazyDialog(async () => (await import("./edit-set-dialog.tsx")).EditSetDialog);
