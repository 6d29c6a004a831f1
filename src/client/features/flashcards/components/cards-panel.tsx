import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CardMediaText } from "#client/components/card-media/card-media-text.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useDeleteFlashcard, useFlashcards } from "../flashcards.api.ts";
import { ImportDialog } from "../import/import-dialog.tsx";
import { OcclusionEditor } from "../media/occlusion-editor.tsx";
import { CardFormDialog } from "./card-form-dialog.tsx";
import { ExportButtons } from "./export-buttons.tsx";
import { FlashcardSetFormDialog } from "./flashcard-set-form-dialog.tsx";
import { RetryAlert } from "./flashcard-set-list.tsx";

/** SPEC §2.7 wording, kept as written. */
export const cardCountLabel = (n: number) => `${n} flashcard(s)`;

function CardItem({
  set,
  card,
  onEdit,
  onDeleted,
}: {
  set: FlashcardSet;
  card: Flashcard;
  /** Absent when the student may only read the set. */
  onEdit?: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFlashcard(set);
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_auto]">
      <dl className="grid min-w-0 gap-1 text-sm">
        <div className="min-w-0">
          <dt className="sr-only">Question</dt>
          <dd className="whitespace-pre-wrap wrap-anywhere font-medium">
            <CardMediaText setId={set.id} text={card.question} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="sr-only">Answer</dt>
          <dd className="whitespace-pre-wrap wrap-anywhere text-muted">
            <CardMediaText setId={set.id} text={card.answer} />
          </dd>
        </div>
        {card.hint && (
          <div className="min-w-0">
            <dt className="inline text-xs font-medium text-muted">Hint: </dt>
            <dd className="inline wrap-anywhere text-xs text-muted">{card.hint}</dd>
          </div>
        )}
      </dl>
      {onEdit && (
        <div className="flex gap-1 sm:flex-col">
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit flashcard: ${card.question}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
          <ConfirmDialog
            title="Delete this flashcard?"
            subject={card.question}
            description="This flashcard is permanently removed from the set. This cannot be undone."
            confirmLabel="Delete Flashcard"
            onConfirm={() => remove.mutateAsync(card).then(onDeleted)}
            trigger={
              <Button size="sm" variant="ghost" aria-label={`Delete flashcard: ${card.question}`}>
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Button>
            }
          />
        </div>
      )}
    </li>
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
            <p className="text-sm text-muted">{cardCountLabel(cards.data.length)} in this set</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {!readOnly && (
            <>
              <Button onClick={() => setEditing(null)}>
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
            {list.map((card) => (
              <CardItem
                key={card.id}
                set={set}
                card={card}
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
