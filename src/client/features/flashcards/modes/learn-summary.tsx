import { useEffect, useRef } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import { cardAnswer, cardPrompt } from "./card-text.ts";
import { type LearnState, learnDone, learnPiles } from "./learn-state.ts";

/** Between rounds: the piles so far and Continue; at the end: the whole session and what was hard. */
export function LearnSummary({
  state,
  byId,
  onContinue,
  onRestart,
}: {
  state: LearnState;
  byId: Map<number, Flashcard>;
  onContinue: () => void;
  onRestart: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const done = learnDone(state);
  const piles = learnPiles(state);
  const missed = state.missed.map((id) => byId.get(id)).filter((c): c is Flashcard => c !== undefined);
  return (
    <div className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4">
      <h4 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {done ? `Done! You mastered all ${state.cards.length} cards` : `Round ${state.roundNo} finished`}
      </h4>
      <p className="text-sm">
        {piles.mastered} mastered · {piles.learning} still learning
        {done && ` · ${state.roundNo} round${state.roundNo === 1 ? "" : "s"}`}
      </p>
      {done && missed.length > 0 && (
        <>
          <p className="text-sm text-muted">These took more than one try:</p>
          <ul className="grid gap-2 text-sm">
            {missed.map((c) => (
              <li key={c.id} className="min-w-0 rounded-md border border-border p-2">
                <CardText className="font-medium" text={cardPrompt(c)} />
                <CardText className="text-muted" text={cardAnswer(c)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {!done && <Button onClick={onContinue}>Continue to round {state.roundNo + 1}</Button>}
        <Button variant={done ? "primary" : "secondary"} onClick={onRestart}>
          {done ? "Learn again" : "Start over"}
        </Button>
      </div>
    </div>
  );
}
