import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { useFlashcards } from "../flashcards.api.ts";
import { ImportDialog } from "../import/import-dialog.tsx";
import { OcclusionEditor } from "../media/occlusion-editor.tsx";
import { CardFormDialog } from "./card-form-dialog.tsx";
import { CardItem, notesOf } from "./card-item.tsx";
import { ExportButtons } from "./export-buttons.tsx";
import { FlashcardSetFormDialog } from "./flashcard-set-form-dialog.tsx";
import { RetryAlert } from "./flashcard-set-list.tsx";

/**
 * SPEC §2.7 wording, kept as written. A flashcard is a note as the student made it and the list shows it
 * (set.noteCount): a reversed or cloze note is one flashcard, reviewed as several cards.
 */
export const cardCountLabel = (n: number) => `${n} flashcard(s)`;

/** The set's buttons: add, edit, occlude, import, export (not for a read-only set), review and close. */
function SetActions({
  set,
  readOnly,
  onAdd,
  onClose,
}: {
  set: FlashcardSet;
  readOnly: boolean;
  onAdd: () => void;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {!readOnly && (
        <>
          <Button onClick={onAdd}>
            <Plus className="h-4 w-4" aria-hidden /> Add Flashcard
          </Button>
          <FlashcardSetFormDialog studySetId={set.studySetId} set={set} />
          <OcclusionEditor set={set} />
          <ImportDialog set={set} />
          <ExportButtons set={set} />
        </>
      )}
      <ButtonLink variant="secondary" href={`/study/review?set=${set.id}`}>
        Review this set
      </ButtonLink>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

/**
 * SPEC §2.7 'Manage Cards': add, list, edit and delete the cards of one set; Close returns to the sets.
 * `readOnly` lists the cards only (a group member on someone else's shared set).
 */
export function CardsPanel({
  set,
  readOnly = false,
  onClose,
}: {
  set: FlashcardSet;
  readOnly?: boolean;
  onClose: () => void;
}) {
  const cards = useFlashcards(set.id);
  // One dialog for adding and editing: `editing` is the card, null for a new one, undefined when closed.
  const [editing, setEditing] = useState<Flashcard | null | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel is announced from its heading; focus comes back there when a deleted card's buttons go.
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="cards-panel-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3
            id="cards-panel-title"
            ref={heading}
            tabIndex={-1}
            className="wrap-anywhere text-lg font-semibold outline-none"
          >
            {set.title}
          </h3>
          {cards.isSuccess && (
            <p className="text-sm text-muted">{cardCountLabel(notesOf(cards.data).length)} in this set</p>
          )}
        </div>
        <SetActions set={set} readOnly={readOnly} onAdd={() => setEditing(null)} onClose={onClose} />
      </div>
      <QueryView
        query={cards}
        pending={
          <div className="grid gap-2" role="status" aria-label="Loading flashcards...">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        }
        error={(err) => (
          <RetryAlert
            message={errorMessage(err, "Could not load the flashcards.")}
            onRetry={() => cards.refetch()}
          />
        )}
        empty={
          <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border p-6 text-center">
            <p className="font-medium">No flashcards yet</p>
            {!readOnly && (
              <Button variant="secondary" onClick={() => setEditing(null)}>
                Add Your First Flashcard
              </Button>
            )}
          </div>
        }
      >
        {(list) => (
          <ul className="grid gap-2" aria-label={`Flashcards in ${set.title}`}>
            {notesOf(list).map(({ card, reviews }) => (
              <CardItem
                key={card.id}
                set={set}
                card={card}
                reviews={reviews}
                onEdit={readOnly ? undefined : () => setEditing(card)}
                onDeleted={focusHeading}
              />
            ))}
          </ul>
        )}
      </QueryView>
      <CardFormDialog
        set={set}
        card={editing ?? undefined}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
      />
    </section>
  );
}
