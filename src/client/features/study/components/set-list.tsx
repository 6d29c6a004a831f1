import { Suspense, useState } from "react";
import { DeferredDialog } from "#client/components/deferred-dialog.tsx";
import { Card, Skeleton } from "#client/components/ui/card.tsx";
import { cn } from "#client/lib/cn.ts";
import type { StudySet } from "#shared/study/contract.ts";
import { SetOptionsButton } from "./set-options-button.tsx";
import { setOptionsMenu } from "./set-options-menu.lazy.ts";
import { deleteSetDialog, editSetDialog } from "./study-dialogs.ts";

/** One study set: select it, or open its options (edit, delete); an optimistic one waits for its id. */
function SetRow({
  set,
  selected,
  onSelect,
  onDelete,
  onEdit,
}: {
  set: StudySet;
  selected: boolean;
  onSelect: (id: number) => void;
  onDelete: (set: StudySet) => void;
  onEdit: (set: StudySet) => void;
}) {
  const pending = set.id < 0; // optimistic, not saved yet
  return (
    <li
      className={cn(
        "flex min-w-0 items-start gap-1 rounded-lg",
        selected ? "bg-bg ring-1 ring-border" : "hover:bg-bg",
      )}
    >
      <button
        type="button"
        disabled={pending}
        aria-current={selected ? "true" : undefined}
        onClick={() => onSelect(set.id)}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-lg p-2 text-left focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span
          aria-hidden
          className="mt-1.5 h-3 w-3 shrink-0 rounded-full"
          style={{ backgroundColor: set.color }}
        />
        <span className="grid min-w-0">
          <span className="wrap-anywhere font-medium">{set.title}</span>
          {set.description && (
            <span className="line-clamp-2 wrap-anywhere text-sm text-muted">{set.description}</span>
          )}
        </span>
      </button>
      {!pending && (
        <DeferredDialog
          dialog={setOptionsMenu}
          popup="menu"
          props={{ set, onDelete, onEdit }}
          trigger={<SetOptionsButton title={set.title} />}
        />
      )}
    </li>
  );
}

/** SPEC §2.7 left list: colour dot, title, description, and a menu with 'Delete Study Set'. */
export function SetList({
  sets,
  loading,
  selectedId,
  onSelect,
  onDeleting,
  onDeleted,
}: {
  sets: StudySet[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onDeleting: (id: number) => void;
  onDeleted: (id: number) => void;
}) {
  const [toDelete, setToDelete] = useState<StudySet | null>(null);
  // The delete dialog's code loads on the first 'Delete Study Set' and stays mounted from then on.
  const [deleteWanted, setDeleteWanted] = useState(false);
  const [toEdit, setToEdit] = useState<StudySet | null>(null);
  const [editWanted, setEditWanted] = useState(false);
  const askEdit = (set: StudySet) => {
    setEditWanted(true);
    setToEdit(set);
  };
  const askDelete = (set: StudySet) => {
    setDeleteWanted(true);
    setToDelete(set);
  };
  return (
    <Card className="grid content-start gap-2 p-3">
      <h2 className="px-2 pt-1 text-sm font-semibold text-muted">Study Sets</h2>
      {loading ? (
        <div role="status" aria-label="Loading study sets" className="grid gap-2 p-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : sets.length === 0 ? (
        <p className="px-2 pb-2 text-sm text-muted">No study sets yet. Create one to get started.</p>
      ) : (
        <ul className="grid gap-1">
          {sets.map((set) => (
            <SetRow
              key={set.id}
              set={set}
              selected={set.id === selectedId}
              onSelect={onSelect}
              onDelete={askDelete}
              onEdit={askEdit}
            />
          ))}
        </ul>
      )}
      {editWanted && (
        <Suspense fallback={null}>
          <editSetDialog.Dialog set={toEdit} onClose={() => setToEdit(null)} />
        </Suspense>
      )}
      {deleteWanted && (
        <Suspense fallback={null}>
          <deleteSetDialog.Dialog
            set={toDelete}
            onClose={() => setToDelete(null)}
            onDeleting={onDeleting}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </Card>
  );
}
