import { type ReactNode, useMemo } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { shownCard } from "#shared/flashcards/card-sides.ts";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { useFlashcards } from "../flashcards.api.ts";
import { useStars } from "./study-modes.api.ts";

/** A card with its texts as shown (cloze blanked, the reverse side; `back` the full answer side). */
export type ShownCard = Flashcard & { back: string };

/** The set's cards as every mode shows them (cardSides) and the student's stars, as one query. */
export function useModeCards(setId: number) {
  const cards = useFlashcards(setId);
  const stars = useStars(setId);
  const shown = useMemo(() => cards.data?.map(shownCard), [cards.data]);
  return {
    status: cards.status === "success" ? stars.status : cards.status,
    data: shown && stars.data ? { cards: shown as ShownCard[], starred: stars.data.cardIds } : undefined,
    error: cards.error ?? stars.error,
  };
}

/**
 * Every mode's frame: its title, the keys it takes, Close, and the set's cards and the student's stars
 * once both are here (loading, error and empty states drawn once for all modes).
 */
export function ModeFrame({
  set,
  mode,
  keys,
  onClose,
  closeLabel = "Close",
  children,
}: {
  set: FlashcardSet;
  mode: string;
  /** The mode's keyboard shortcuts, shown under the title. */
  keys?: string;
  onClose: () => void;
  closeLabel?: ReactNode;
  children: (cards: ShownCard[], starred: number[]) => ReactNode;
}) {
  const both = useModeCards(set.id);
  const id = `${mode.toLowerCase()}-mode-title`;
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby={id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={id} className="wrap-anywhere text-lg font-semibold">
            {mode}: {set.title}
          </h3>
          {keys && <p className="text-sm text-muted">{keys}</p>}
        </div>
        <Button variant="secondary" onClick={onClose}>
          {closeLabel}
        </Button>
      </div>
      <QueryView
        query={both}
        pending={
          <p role="status" className="text-sm text-muted">
            Loading flashcards...
          </p>
        }
        error="Could not load the flashcards."
        isEmpty={(d) => d.cards.length === 0}
        empty={<p className="text-sm text-muted">No flashcards yet</p>}
      >
        {(d) => children(d.cards, d.starred)}
      </QueryView>
    </section>
  );
}

/** Drawn while a mode's saved session is on its way. */
export const SessionLoading = () => (
  <p role="status" className="text-sm text-muted">
    Loading your session...
  </p>
);

/** A run with no cards: 'starred only' with nothing starred left. */
export const NoCards = () => (
  <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted">
    No cards to study with these options. Star some cards, or turn off Starred only.
  </p>
);
