import { useState } from "react";
import { ConfirmDialog } from "#client/components/confirm-dialog.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Input, Label, Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { BulkBody } from "#shared/review/browser-contract.ts";
import { useBulkCards } from "../../card-browser.api.ts";

type Simple = "suspend" | "unsuspend" | "unbury";

/** What to do with the selected cards: suspend, unsuspend, unbury, move, tag, untag or delete. */
export function BulkBar({
  ids,
  sets,
  onDone,
}: {
  ids: number[];
  sets: { id: number; title: string }[];
  onDone: () => void;
}) {
  const bulk = useBulkCards();
  const [target, setTarget] = useState("");
  const [tag, setTag] = useState("");
  // On a phone the bar stays over the list: Move and Tag wait behind a button, or it covered half the screen.
  const [more, setMore] = useState(false);
  const run = (body: BulkBody) => bulk.mutate(body, { onSuccess: onDone });
  const simple = (action: Simple) => run({ action, ids });
  const n = ids.length;
  return (
    <section
      aria-label="Selected cards"
      className="sticky bottom-20 z-10 grid gap-3 rounded-xl border border-border bg-surface p-3 shadow-lg"
    >
      <p className="text-sm font-medium" role="status">
        {n} {n === 1 ? "card" : "cards"} selected
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => simple("suspend")}>
          Suspend
        </Button>
        <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => simple("unsuspend")}>
          Unsuspend
        </Button>
        <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => simple("unbury")}>
          Unbury
        </Button>
        <ConfirmDialog
          title="Delete cards"
          subject={`${n} ${n === 1 ? "card" : "cards"}`}
          description="They leave their sets with their review history. This cannot be undone."
          confirmLabel="Delete"
          trigger={
            <Button size="sm" variant="destructive" disabled={bulk.isPending}>
              Delete
            </Button>
          }
          onConfirm={async () => {
            await bulk.mutateAsync({ action: "delete", ids });
            onDone();
          }}
        />
        <Button
          size="sm"
          variant="ghost"
          className="sm:hidden"
          aria-expanded={more}
          aria-controls="bulk-move-tag"
          onClick={() => setMore((m) => !m)}
        >
          {more ? "Fewer actions" : "Move or tag"}
        </Button>
      </div>
      <div id="bulk-move-tag" className={`${more ? "flex" : "hidden"} flex-wrap items-end gap-2 sm:flex`}>
        <div className="grid gap-1">
          <Label htmlFor="bulk-move">Move to</Label>
          <Select id="bulk-move" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Choose a set</option>
            {sets.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </Select>
        </div>
        <Button
          size="sm"
          disabled={!target || bulk.isPending}
          onClick={() => run({ action: "move", ids, flashcardSetId: Number(target) })}
        >
          Move
        </Button>
        <div className="grid gap-1">
          <Label htmlFor="bulk-tag">Tag to add or remove</Label>
          <Input id="bulk-tag" value={tag} onChange={(e) => setTag(e.target.value)} />
        </div>
        <Button
          size="sm"
          disabled={!tag.trim() || bulk.isPending}
          onClick={() => run({ action: "addTag", ids, tag: tag.trim() })}
        >
          Add tag
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!tag.trim() || bulk.isPending}
          onClick={() => run({ action: "removeTag", ids, tag: tag.trim() })}
        >
          Remove tag
        </Button>
      </div>
      {bulk.isError && <Alert>{errorMessage(bulk.error, "Could not change the cards.")}</Alert>}
    </section>
  );
}
