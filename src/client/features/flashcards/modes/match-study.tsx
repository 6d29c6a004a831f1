import { Timer, Trophy } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { normalizeAnswer } from "#shared/flashcards/quiz.ts";
import { cardAnswer, cardPrompt } from "./card-text.ts";
import {
  formatTime,
  type MatchState,
  matchCards,
  matchElapsed,
  matchFinished,
  matchReducer,
  resumableMatch,
  startMatch,
  type TileFace,
  tileCard,
  tileSide,
} from "./match-state.ts";
import { ModeFrame, NoCards, SessionLoading } from "./mode-frame.tsx";
import { RunControls } from "./run-controls.tsx";
import { useStudyRun } from "./use-study-run.ts";

/** Match mode: pair each term with its definition against the clock. */
export function MatchStudy({ set, onClose }: { set: FlashcardSet; onClose: () => void }) {
  return (
    <ModeFrame
      set={set}
      mode="Match"
      keys="Keys: Tab or arrow keys move between tiles, Enter or Space picks one."
      onClose={onClose}
    >
      {(cards, starred) => <MatchGame setId={set.id} cards={cards} starred={starred} />}
    </ModeFrame>
  );
}

const start = (ids: number[], previous?: MatchState) => startMatch(ids, previous?.bestMs ?? null);

function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** A tile's text as the student reads it: cards with the same back (or fronts alike) look the same. */
function useTileFace(cards: Flashcard[]): TileFace {
  return useMemo(() => {
    const texts = new Map<string, string>();
    for (const card of cards) {
      texts.set(`${card.id}t`, normalizeAnswer(cardPrompt(card)));
      texts.set(`${card.id}d`, normalizeAnswer(cardAnswer(card)));
    }
    return (tile) => texts.get(tile) ?? tile;
  }, [cards]);
}

function MatchGame({ setId, cards: all, starred }: { setId: number; cards: Flashcard[]; starred: number[] }) {
  const cards = useMemo(() => matchCards(all), [all]);
  const { state, change, restart } = useStudyRun({
    setId,
    mode: "match",
    cards,
    starred,
    start,
    parse: resumableMatch,
  });
  const face = useTileFace(cards);
  const s = state?.run;
  const running = !!s && s.startedAt !== null && !matchFinished(s);
  const now = useNow(running);
  // A wrong pair flashes for a moment, then the tiles are plain again.
  useEffect(() => {
    if (!s?.wrong) return;
    const timer = setTimeout(() => change((r) => matchReducer(r, { type: "clearWrong" })), 700);
    return () => clearTimeout(timer);
  }, [s?.wrong, change]);
  if (!state || !s) return <SessionLoading />;
  const byId = new Map(cards.map((c) => [c.id, c]));
  return (
    <div className="grid min-w-0 gap-4">
      <RunControls opts={state.opts} starredCount={starred.length} onRestart={restart} />
      {s.tiles.length === 0 ? (
        <NoCards />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="flex items-center gap-1 font-mono">
              <Timer className="h-4 w-4" aria-hidden /> <span className="sr-only">Time </span>
              {formatTime(matchElapsed(s, now))}
            </p>
            <p>
              {s.matched.length / 2} of {s.tiles.length / 2} pairs · {s.mistakes} wrong
            </p>
            <p className="flex items-center gap-1">
              <Trophy className="h-4 w-4" aria-hidden /> Best:{" "}
              {s.bestMs === null ? "none yet" : formatTime(s.bestMs)}
            </p>
          </div>
          {matchFinished(s) ? (
            <MatchDone state={s} onAgain={() => restart()} />
          ) : (
            <MatchGrid
              state={s}
              byId={byId}
              onPick={(tile) => change((r) => matchReducer(r, { type: "pick", tile, now: Date.now() }, face))}
            />
          )}
        </>
      )}
    </div>
  );
}

function MatchDone({ state, onAgain }: { state: MatchState; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const best = state.bestMs === state.finishedMs;
  return (
    <div className="grid gap-3 rounded-xl border border-border bg-surface p-4">
      <h4 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        All matched in {formatTime(state.finishedMs ?? 0)}
        {best ? " — your best time!" : ""}
      </h4>
      <p className="text-sm">
        {state.mistakes} wrong pair{state.mistakes === 1 ? "" : "s"}.
      </p>
      <Button className="justify-self-start" onClick={onAgain}>
        Play again
      </Button>
    </div>
  );
}

const COLUMNS = 3;

/** The tiles as a grid of buttons; arrow keys move focus like a grid, matched tiles leave gaps. */
function MatchGrid({
  state,
  byId,
  onPick,
}: {
  state: MatchState;
  byId: Map<number, Flashcard>;
  onPick: (tile: string) => void;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const live = state.tiles.filter((t) => !state.matched.includes(t));
  const focusNear = (from: number, step: number) => {
    for (let i = from + step; i >= 0 && i < state.tiles.length; i += step) {
      const tile = state.tiles[i]!;
      if (!state.matched.includes(tile)) return refs.current.get(tile)?.focus();
    }
  };
  // A matched tile leaves the board with focus on it: focus goes to the first one still there.
  const first = live[0];
  const remaining = live.length;
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && remaining > 0 && first) refs.current.get(first)?.focus();
  }, [first, remaining]);
  const onKeyDown = (e: React.KeyboardEvent, at: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    focusNear(at, step);
  };
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Match tiles">
      {state.tiles.map((tile, at) => {
        const card = byId.get(tileCard(tile));
        if (!card || state.matched.includes(tile)) return <li key={tile} aria-hidden className="min-h-20" />;
        const wrong = state.wrong?.includes(tile) ?? false;
        const selected = state.selected === tile;
        const term = tileSide(tile) === "term";
        return (
          <li key={tile} className="min-w-0">
            <button
              ref={(el) => {
                if (el) refs.current.set(tile, el);
                else refs.current.delete(tile);
              }}
              type="button"
              aria-pressed={selected}
              onClick={() => onPick(tile)}
              onKeyDown={(e) => onKeyDown(e, at)}
              className={cn(
                "grid min-h-20 w-full place-items-center rounded-lg border-2 p-2 text-center text-sm",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                wrong
                  ? "animate-pulse border-red-600 bg-red-50 dark:bg-red-950"
                  : selected
                    ? "border-accent-strong bg-bg"
                    : "border-border bg-surface hover:bg-bg",
              )}
            >
              {/* Named by what it shows (math read out as MathML), with its side and a miss said aloud. */}
              <span className="line-clamp-4 wrap-anywhere">
                <span className="sr-only">{term ? "Term: " : "Definition: "}</span>
                <CardText inline text={term ? cardPrompt(card) : cardAnswer(card)} />
                {wrong && <span className="sr-only"> (not a pair)</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
