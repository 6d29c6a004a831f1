import { Check, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { withSoundMarks } from "#client/components/card-text/sound-mark.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { cardAnswer, cardPrompt } from "./card-text.ts";
import type { TestResult } from "./test-state.ts";

/** The grade, whether the attempt was saved, and every mistake with the right answer. */
export function TestResults({
  results,
  correct,
  total,
  saveFailed,
  onAgain,
}: {
  results: TestResult[];
  correct: number;
  total: number;
  saveFailed: boolean;
  onAgain: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const mistakes = results.filter((r) => !r.correct);
  const percent = total === 0 ? 0 : Math.round((correct / total) * 100);
  return (
    <div className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4">
      <h4 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        You got {correct} out of {total} correct ({percent}%)
      </h4>
      {saveFailed && (
        <p className="text-sm text-red-700 dark:text-red-400">This result could not be saved.</p>
      )}
      {mistakes.length > 0 ? (
        <>
          <h5 className="text-sm font-semibold">Review your mistakes</h5>
          <ul className="grid gap-2 text-sm">
            {mistakes.map((r) => (
              <li key={r.card.id} className="grid min-w-0 gap-1 rounded-md border border-border p-2">
                <CardText className="font-medium" text={cardPrompt(r.card)} />
                <p className="flex items-start gap-1 wrap-anywhere text-red-700 dark:text-red-400">
                  <X className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  <span>
                    Your answer:{" "}
                    {r.question.kind === "truefalse"
                      ? withSoundMarks(`${r.given || "none"} (shown: ${r.question.shown})`)
                      : withSoundMarks(r.given || "none")}
                  </span>
                </p>
                <p className="flex items-start gap-1 wrap-anywhere text-green-700 dark:text-green-400">
                  <Check className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  <span>
                    Right answer: <CardText inline text={cardAnswer(r.card)} />
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm">No mistakes. Well done!</p>
      )}
      <Button className="justify-self-start" onClick={onAgain}>
        New test
      </Button>
    </div>
  );
}
