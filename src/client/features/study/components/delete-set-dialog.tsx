import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { StudySet } from "#shared/study/contract.ts";
import { useDeleteStudySet } from "../study.api.ts";

/** SPEC §2.7: deleting a set says that everything in it goes, for good. */
export function DeleteSetDialog({
  set,
  onClose,
  onDeleting,
  onDeleted,
}: {
  set: StudySet | null;
  onClose: () => void;
  /** Before the request: a running session for this set is recorded while the set still exists. */
  onDeleting: (id: number) => void;
  onDeleted: (id: number) => void;
}) {
  const remove = useDeleteStudySet();
  return (
    <Dialog
      open={set !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title="Delete Study Set"
      description={
        set
          ? `Are you sure you want to delete "${set.title}"? All documents, flashcards and quiz data in this study set will be permanently removed. This cannot be undone.`
          : undefined
      }
    >
      {remove.isError && <Alert>{errorMessage(remove.error, "Could not delete the study set.")}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => {
            if (!set) return;
            onDeleting(set.id);
            remove.mutate(set.id, {
              onSuccess: () => {
                onDeleted(set.id);
                onClose();
              },
            });
          }}
        >
          {remove.isPending ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </Dialog>
  );
}
