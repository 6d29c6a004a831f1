import { Pencil, Trash2 } from "lucide-react";
import { CardMediaText } from "#client/components/card-media/card-media-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useDeleteFlashcard } from "../flashcards.api.ts";

const TYPE_LABELS: Record<string, string> = {
  basic: "Basic",
  reversed: "Basic + reverse",
  cloze: "Cloze",
  occlusion: "Image occlusion",
};

/** A note once (decision 015: its rows share a guid), with how many review rows it has. */
export function notesOf(cards: Flashcard[]): { card: Flashcard; reviews: number }[] {
  const notes = new Map<string | number, { card: Flashcard; reviews: number }>();
  for (const card of cards) {
    const key = card.guid ?? card.id;
    const note = notes.get(key);
    if (note) note.reviews += 1;
    else notes.set(key, { card, reviews: 1 });
  }
  return [...notes.values()];
}

export function CardItem({
  set,
  card,
  reviews,
  onEdit,
  onDeleted,
}: {
  set: FlashcardSet;
  card: Flashcard;
  /** How many review rows the card's note has (a cloze's numbers, a reversed card's two ways). */
  reviews: number;
  /** Absent when the student may only read the set. */
  onEdit?: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFlashcard(set);
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_auto]">
      <dl className="grid min-w-0 gap-1 text-sm">
        {reviews > 1 && (
          <div className="min-w-0">
            <dt className="sr-only">Type</dt>
            <dd className="text-xs text-muted">
              {TYPE_LABELS[card.type] ?? card.type} · {reviews} review cards
            </dd>
          </div>
        )}
        <div className="min-w-0">
          <dt className="sr-only">Question</dt>
          <dd className="font-medium">
            <CardMediaText setId={card.flashcardSetId} text={card.question} />
          </dd>
        </div>
        {card.answer && (
          <div className="min-w-0">
            <dt className="sr-only">Answer</dt>
            <dd className="text-muted">
              <CardMediaText setId={card.flashcardSetId} text={card.answer} />
            </dd>
          </div>
        )}
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
            description={
              reviews > 1
                ? `This flashcard and the ${reviews} review cards it makes are permanently removed from the set, with their review history. This cannot be undone.`
                : "This flashcard is permanently removed from the set. This cannot be undone."
            }
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
