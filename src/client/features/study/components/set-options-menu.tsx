import { Pencil, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type { StudySet } from "#shared/study/contract.ts";
import { SetOptionsButton } from "./set-options-button.tsx";
import { deleteSetDialog, editSetDialog } from "./study-dialogs.ts";

const warmDelete = () => void deleteSetDialog.preload().catch(() => undefined);
const warmEdit = () => void editSetDialog.preload().catch(() => undefined);

export function SetOptionsMenu({
  set,
  onDelete,
  onEdit,
  defaultOpen = false,
}: {
  set: StudySet;
  onDelete: (set: StudySet) => void;
  onEdit: (set: StudySet) => void;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <SetOptionsButton title={set.title} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className="z-50 min-w-44 rounded-lg border border-border bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Item
            onSelect={() => onEdit(set)}
            onPointerEnter={warmEdit}
            onFocus={warmEdit}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-bg"
          >
            <Pencil className="h-4 w-4" aria-hidden /> Edit Study Set
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => onDelete(set)}
            // Reaching for the item starts the delete dialog's download.
            onPointerEnter={warmDelete}
            onFocus={warmDelete}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-red-700 outline-none data-[highlighted]:bg-bg dark:text-red-300"
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete Study Set
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
