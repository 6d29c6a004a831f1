import { lazyDialog } from "#client/components/deferred-dialog.tsx";

// Apart from the button the dialog itself draws (share-button.tsx), so the two import no circle.

/** Share Progress: its Dialog, Switch and form code download when the student reaches for the button. */
export const shareDialog = lazyDialog(async () => (await import("./share-dialog.tsx")).ShareDialog);
