import { Undo2 } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { CardMediaText } from "#client/components/card-media/card-media-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { isOwnKey } from "#client/lib/keyboard.ts";
import { toast } from "#client/lib/toast.tsx";
import type { ReviewCard } from "#shared/review/contract.ts";
import { REVIEW_RATINGS, type ReviewRating } from "#shared/review/ratings.ts";
import { useHoldCard } from "../card-browser.api.ts";
import { useRateCard, useUndoRating } from "../review.api.ts";
import { CardHoldButtons } from "./card-hold-buttons.tsx";

// Occlusion cards (and the card media contract their query needs) load when one comes up.
const OcclusionView = lazy(() =>
  import("#client/components/card-media/occlusion-view.tsx").then((m) => ({ default: m.OcclusionView })),
);

const BUTTONS = [
  { key: "again", label: "Again", rating: REVIEW_RATINGS.again },
  { key: "hard", label: "Hard", rating: REVIEW_RATINGS.hard },
  { key: "good", label: "Good", rating: REVIEW_RATINGS.good },
  { key: "easy", label: "Easy", rating: REVIEW_RATINGS.easy },
] as const;

/**
 * Keys for the review loop, read through a ref so the listener is added once: Ctrl+Z undoes (outside text
 * fields), Space or Enter reveals (Enter on a button is its own click), 1-4 rate.
 */
function useReviewKeys(handlers: {
  doRate: (r: ReviewRating) => void;
  doUndo: () => void;
  reveal: () => void;
}) {
  const actions = useRef(handlers);
  actions.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !e.shiftKey) {
        const t = e.target as HTMLElement | null;
        if (t && ["INPUT", "TEXTAREA"].includes(t.tagName)) return;
        e.preventDefault();
        actions.current.doUndo();
        return;
      }
      if (isOwnKey(e)) return;
      if ((e.key === " " || e.key === "Enter") && !(e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        actions.current.reveal();
      } else if (["1", "2", "3", "4"].includes(e.key)) {
        e.preventDefault();
        actions.current.doRate(Number(e.key) as ReviewRating);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** The card: its set and kind, the question and hint, then the answer once revealed. */
function CardFace({
  card,
  revealed,
  onReveal,
}: {
  card: ReviewCard;
  revealed: boolean;
  onReveal: () => void;
}) {
  return (
    <div className="grid min-w-0 gap-4 rounded-xl border-2 border-border bg-surface p-6 text-center">
      <p className="text-xs text-muted wrap-anywhere">
        {card.setTitle}
        {card.isNew ? " · New card" : ""}
        {card.planned ? " · For your exam plan" : ""}
      </p>
      {card.type === "occlusion" ? (
        <Suspense
          fallback={
            <div
              role="status"
              className="h-40 animate-pulse rounded bg-border"
              aria-label="Loading picture"
            />
          }
        >
          <OcclusionView cardId={card.id} revealed={revealed} />
        </Suspense>
      ) : (
        <div className="text-xl font-semibold" data-testid="review-question">
          <CardMediaText setId={card.flashcardSetId} text={card.question} />
        </div>
      )}
      {/* Behind a click, as in the study modes: shown at once a hint can give the answer away. A native
          disclosure, no script: Review's first load has no bytes to spare. New per card (key). */}
      {card.hint && !revealed && (
        <details key={card.id} className="text-sm text-muted wrap-anywhere">
          <summary className="cursor-pointer">Show hint</summary>
          <p>Hint: {card.hint}</p>
        </details>
      )}
      {revealed ? (
        <div className="border-t border-border pt-4 text-lg" data-testid="review-answer">
          <CardMediaText setId={card.flashcardSetId} text={card.answer} />
        </div>
      ) : (
        <Button className="justify-self-center" onClick={onReveal}>
          Show answer (Space)
        </Button>
      )}
    </div>
  );
}

/** Again, Hard, Good, Easy with their keys and the interval each would give. */
function RatingButtons({
  card,
  busy,
  onRate,
}: {
  card: ReviewCard;
  busy: boolean;
  onRate: (rating: ReviewRating) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4" disabled={busy}>
      <legend className="sr-only">How well did you remember it?</legend>
      {BUTTONS.map((b) => (
        <Button
          key={b.key}
          variant={b.key === "good" ? "primary" : "secondary"}
          className={cn("h-auto flex-col gap-0.5 py-2")}
          onClick={() => onRate(b.rating)}
          aria-keyshortcuts={String(b.rating)}
        >
          <span>
            {b.label} <span className="text-xs">({b.rating})</span>
          </span>
          <span className="text-xs">{card.intervals[b.key]}</span>
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * The Anki loop over the queue's first card: question first, Space or Enter shows the answer, 1-4 rate
 * (each button shows the interval the scheduler would give), Ctrl+Z undoes the last rating.
 */
export function ReviewSession({ cards, onRated }: { cards: ReviewCard[]; onRated: () => void }) {
  const rate = useRateCard();
  const undo = useUndoRating();
  const hold = useHoldCard();
  const [revealed, setRevealed] = useState(false);
  const [last, setLast] = useState<{ reviewId: number; question: string } | null>(null);
  // The card just rated stays out of sight until the refetched queue no longer shows it as due.
  const [pending, setPending] = useState<number | null>(null);
  const card = cards.find((c) => c.id !== pending);
  const busy = rate.isPending || undo.isPending;

  const doRate = (rating: ReviewRating) => {
    if (!card || !revealed || busy) return;
    setPending(card.id);
    // Hidden now, not when the save lands: Space on the next card must not be undone by this rating.
    setRevealed(false);
    rate.mutate(
      { cardId: card.id, rating, label: card.question },
      {
        onSuccess: (res) => {
          // A rating kept offline cannot be undone until the server has it.
          setLast(res.offline ? null : { reviewId: res.reviewId, question: card.question });
          if ("leech" in res && res.leech)
            toast({
              title: "Card suspended as a leech",
              description: "It keeps slipping away: rewrite it, or bring it back.",
              action: {
                label: "Undo",
                onClick: () => hold.mutate({ cardId: res.flashcardId, action: "unsuspend" }),
              },
            });
          onRated();
        },
        onSettled: () => setPending(null),
      },
    );
  };
  const doUndo = () => {
    if (!last || busy) return;
    undo.mutate(last.reviewId, {
      onSuccess: () => {
        setLast(null);
        setRevealed(false);
      },
    });
  };
  useReviewKeys({ doRate, doUndo, reveal: () => setRevealed(true) });

  const error = rate.error ?? undo.error ?? hold.error;
  return (
    <section aria-labelledby="review-card-title" className="grid min-w-0 gap-4">
      <h2 id="review-card-title" className="sr-only">
        Current card
      </h2>
      {error && <Alert>{errorMessage(error, "Could not save the rating.")}</Alert>}
      {!card ? (
        <p role="status" className="text-sm text-muted">
          Loading the next card...
        </p>
      ) : (
        <CardFace card={card} revealed={revealed} onReveal={() => setRevealed(true)} />
      )}
      {card && revealed && <RatingButtons card={card} busy={busy} onRate={doRate} />}
      {card && <CardHoldButtons cardId={card.id} onHeld={() => setRevealed(false)} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">Space or Enter shows the answer, 1-4 rate, Ctrl+Z undoes.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={doUndo}
          disabled={!last || busy}
          aria-keyshortcuts="Control+Z"
        >
          <Undo2 className="size-4" aria-hidden="true" /> Undo last rating
        </Button>
      </div>
    </section>
  );
}
