import { lazyDialog } from "#client/components/deferred-dialog.tsx";

/** The add/edit dialog: its form code downloads when the student reaches for a New Task or Edit button. */
export const taskFormDialog = lazyDialog(async () => (await import("./task-form-dialog.tsx")).TaskFormDialog);
