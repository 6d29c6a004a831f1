import { ArrowLeft, ArrowRight, RotateCcw } from "lucide-react";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { isOwnKey } from "#client/lib/keyboard.ts";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { useFlashcards } from "../flashcards.api.ts";

type ShownCard = ReturnType<typeof shownCard<Flashcard>>;

import { CardText } from "#client/components/card-text/card-text.tsx";
import { shownCard } from "#shared/flashcards/card-sides.ts";

/** Arrow keys move (through a ref, so the listener is added once); Space flips outside buttons. */
function useFlipKeys(moveRef: RefObject<(by: number) => void>, flip: () => void) {
  const flipRef = useRef(flip);
  flipRef.current = flip;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isOwnKey(e)) return;
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        moveRef.current(e.key === "ArrowRight" ? 1 : -1);
      } else if (e.key === " " && !(e.target instanceof HTMLButtonElement)) {
        // On a button Space is that button's own click (the card button flips by itself).
        e.preventDefault();
        flipRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [moveRef]);
}

/** The card as one button: the question (and hint), or the answer once flipped. */
function FlipCard({
  ref,
  card,
  flipped,
  onFlip,
}: {
  ref: RefObject<HTMLButtonElement | null>;
  card: ShownCard;
  flipped: boolean;
  onFlip: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onFlip}
      className={cn(
        "grid min-h-48 w-full place-items-center rounded-xl border-2 p-6 text-center transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
        flipped ? "border-accent bg-bg" : "border-border bg-surface",
      )}
    >
      <span className="grid gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide text-muted">
          {flipped ? "Answer" : "Question"}
        </span>
        <CardText className="text-lg" text={flipped ? card.back : card.question} />
        {!flipped && card.hint && <span className="wrap-anywhere text-sm text-muted">Hint: {card.hint}</span>}
      </span>
    </button>
  );
}

/**
 * Flip-card study: one card at a time, question first. Space flips, arrow keys move; focus stays on the
 * card, so Space also works as the card button's own activation.
 */
export function FlipStudy({ set, onClose }: { set: FlashcardSet; onClose: () => void }) {
  const cards = useFlashcards(set.id);
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const cardButton = useRef<HTMLButtonElement>(null);
  const list = useMemo(() => (cards.data ?? []).map(shownCard), [cards.data]);
  const count = list.length;
  const at = Math.min(index, Math.max(0, count - 1));
  const card = list[at];

  const move = (by: number) => {
    if (count === 0) return;
    setIndex((i) => Math.min(count - 1, Math.max(0, Math.min(i, count - 1) + by)));
    setFlipped(false);
    cardButton.current?.focus();
  };
  const moveRef = useRef(move);
  moveRef.current = move;

  useFlipKeys(moveRef, () => setFlipped((f) => !f));

  useEffect(() => {
    if (cards.isSuccess) cardButton.current?.focus();
  }, [cards.isSuccess]);

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="flip-study-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="flip-study-title" className="wrap-anywhere text-lg font-semibold">
            Study: {set.title}
          </h3>
          <p className="text-sm text-muted">Space flips the card, arrow keys move between cards.</p>
        </div>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <QueryView
        query={cards}
        pending={
          <p role="status" className="text-sm text-muted">
            Loading flashcards...
          </p>
        }
        error="Could not load the flashcards."
        empty={<p className="text-sm text-muted">No flashcards yet</p>}
      >
        {() =>
          card && (
            <>
              <p className="text-sm text-muted" aria-live="polite">
                Card {at + 1} of {count}
              </p>
              <FlipCard ref={cardButton} card={card} flipped={flipped} onFlip={() => setFlipped((f) => !f)} />
              <div className="grid grid-cols-3 gap-2">
                <Button variant="secondary" className="px-2" onClick={() => move(-1)} disabled={at === 0}>
                  <ArrowLeft className="hidden h-4 w-4 sm:inline" aria-hidden /> Previous
                </Button>
                <Button variant="secondary" className="px-2" onClick={() => setFlipped((f) => !f)}>
                  <RotateCcw className="hidden h-4 w-4 sm:inline" aria-hidden /> Flip
                </Button>
                <Button
                  variant="secondary"
                  className="px-2"
                  onClick={() => move(1)}
                  disabled={at === count - 1}
                >
                  Next <ArrowRight className="hidden h-4 w-4 sm:inline" aria-hidden />
                </Button>
              </div>
            </>
          )
        }
      </QueryView>
    </section>
  );
}
