import { useEffect, useRef } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import type { WriteState } from "./write-state.ts";

/** The end of a round: the score, the cards missed, and what to do next. */
export function WriteSummary({
  state,
  missed,
  onRetryMissed,
  onRestart,
}: {
  state: WriteState;
  missed: Flashcard[];
  onRetryMissed: () => void;
  onRestart: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4">
      <h4 ref={heading} tabIndex={-1} className="text-base font-semibold">
        You got {state.right.length} of {state.order.length} right
      </h4>
      {missed.length > 0 && (
        <>
          <p className="text-sm text-muted">Still learning:</p>
          <ul className="grid gap-2 text-sm">
            {missed.map((c) => (
              <li key={c.id} className="min-w-0 rounded-md border border-border p-2">
                <CardText className="font-medium" text={c.question} />
                <CardText className="text-muted" text={c.answer} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {missed.length > 0 && <Button onClick={onRetryMissed}>Write the {missed.length} missed again</Button>}
        <Button variant="secondary" onClick={onRestart}>
          Start over
        </Button>
      </div>
    </div>
  );
}
