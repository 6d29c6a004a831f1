import { ArrowLeft, ArrowRight, RotateCcw } from "lucide-react";
import { type RefObject, useEffect, useRef } from "react";
import { CardMediaText, CardSounds } from "#client/components/card-media/card-media-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { isOwnKey } from "#client/lib/keyboard.ts";
import type { FlashcardSet } from "#shared/flashcards/contract.ts";
import { cardBack, cardPrompt } from "../modes/card-text.ts";
import { HintButton } from "../modes/hint-button.tsx";
import { ModeFrame, NoCards, SessionLoading, type ShownCard } from "../modes/mode-frame.tsx";
import { RunControls, StarButton } from "../modes/run-controls.tsx";
import { useSetStar } from "../modes/study-modes.api.ts";
import { useStudyRun } from "../modes/use-study-run.ts";

/** Arrow keys move (through a ref, so the listener is added once); Space flips outside buttons; S stars. */
function useFlipKeys(moveRef: RefObject<(by: number) => void>, flip: () => void, star: () => void) {
  const flipRef = useRef({ flip, star });
  flipRef.current = { flip, star };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isOwnKey(e)) return;
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        moveRef.current(e.key === "ArrowRight" ? 1 : -1);
      } else if (e.key === " " && !(e.target instanceof HTMLButtonElement)) {
        // On a button Space is that button's own click (the card button flips by itself).
        e.preventDefault();
        flipRef.current.flip();
      } else if (e.key === "s" || e.key === "S") {
        e.preventDefault();
        flipRef.current.star();
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
        {/* Pictures show on the card; sounds are marked, their buttons come after (no button in a button). */}
        <CardMediaText
          setId={card.flashcardSetId}
          sounds="mark"
          className="text-lg"
          text={flipped ? cardBack(card) : cardPrompt(card)}
        />
      </span>
    </button>
  );
}

/** Where a student is in flip study: kept on the server, so a reload or another device resumes. */
interface FlipState {
  order: number[];
  at: number;
  flipped: boolean;
}
const startFlip = (ids: number[]): FlipState => ({ order: ids, at: 0, flipped: false });
function resumableFlip(saved: unknown, ids: number[]): FlipState | null {
  const s = saved as FlipState | null;
  const known = new Set(ids);
  if (!s || !Array.isArray(s.order) || !s.order.every((id) => known.has(id))) return null;
  if (!Number.isInteger(s.at) || s.at < 0 || s.at >= Math.max(1, s.order.length)) return null;
  return { ...s, flipped: s.flipped === true };
}

/**
 * Flip-card study: one card at a time, question first. Space flips, arrow keys move; focus stays on the
 * card, so Space also works as the card button's own activation.
 */
export function FlipStudy({ set, onClose }: { set: FlashcardSet; onClose: () => void }) {
  return (
    <ModeFrame
      set={set}
      mode="Study"
      keys="Space flips the card, arrow keys move between cards, S stars the card."
      onClose={onClose}
    >
      {(cards, starred) => <FlipSession setId={set.id} cards={cards} starred={starred} />}
    </ModeFrame>
  );
}

function FlipSession({ setId, cards, starred }: { setId: number; cards: ShownCard[]; starred: number[] }) {
  const { state, change, restart } = useStudyRun({
    setId,
    mode: "flip",
    cards,
    starred,
    start: startFlip,
    parse: resumableFlip,
  });
  const cardButton = useRef<HTMLButtonElement>(null);
  const setStar = useSetStar(setId);
  const s = state?.run;
  const count = s?.order.length ?? 0;
  const at = s ? Math.min(s.at, Math.max(0, count - 1)) : 0;
  const card = s ? cards.find((c) => c.id === s.order[at]) : undefined;
  const move = (by: number) => {
    if (count === 0) return;
    change((r) => ({ ...r, at: Math.min(count - 1, Math.max(0, r.at + by)), flipped: false }));
    cardButton.current?.focus();
  };
  const moveRef = useRef(move);
  moveRef.current = move;
  const flip = () => change((r) => ({ ...r, flipped: !r.flipped }));
  useFlipKeys(
    moveRef,
    flip,
    () => card && setStar.mutate({ cardId: card.id, starred: !starred.includes(card.id) }),
  );
  const loaded = s !== undefined;
  useEffect(() => {
    if (loaded) cardButton.current?.focus();
  }, [loaded]);

  if (!state || !s) return <SessionLoading />;
  return (
    <div className="grid min-w-0 gap-4">
      <RunControls opts={state.opts} starredCount={starred.length} onRestart={restart} />
      {!card ? (
        <NoCards />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" aria-live="polite">
              Card {at + 1} of {count}
            </p>
            <StarButton setId={setId} cardId={card.id} starred={starred.includes(card.id)} />
          </div>
          <FlipCard ref={cardButton} card={card} flipped={s.flipped} onFlip={flip} />
          <CardSounds
            key={`${card.id}-${s.flipped}`}
            setId={card.flashcardSetId}
            text={s.flipped ? cardBack(card) : cardPrompt(card)}
          />
          {!s.flipped && <HintButton key={card.id} hint={card.hint} />}
          <div className="grid grid-cols-3 gap-2">
            <Button variant="secondary" className="px-2" onClick={() => move(-1)} disabled={at === 0}>
              <ArrowLeft className="hidden h-4 w-4 sm:inline" aria-hidden /> Previous
            </Button>
            <Button variant="secondary" className="px-2" onClick={flip}>
              <RotateCcw className="hidden h-4 w-4 sm:inline" aria-hidden /> Flip
            </Button>
            <Button variant="secondary" className="px-2" onClick={() => move(1)} disabled={at === count - 1}>
              Next <ArrowRight className="hidden h-4 w-4 sm:inline" aria-hidden />
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
