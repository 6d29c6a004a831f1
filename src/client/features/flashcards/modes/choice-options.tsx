import { CardText } from "#client/components/card-text/card-text.tsx";
import { cn } from "#client/lib/cn.ts";

/**
 * Multiple-choice options as buttons (keys 1-4 pick too): once answered, the right one is green and a
 * wrong pick red, each said in words as well as colour.
 */
export function ChoiceOptions({
  options,
  answer,
  picked,
  onPick,
}: {
  options: string[];
  answer: string;
  picked: string | null;
  onPick: (option: string) => void;
}) {
  const answered = picked !== null;
  return (
    <ul className="grid gap-2" aria-label={`Options (keys 1 to ${options.length})`}>
      {options.map((option, i) => {
        const right = answered && option === answer;
        const wrong = answered && option === picked && option !== answer;
        return (
          <li key={option}>
            <button
              type="button"
              disabled={answered}
              onClick={() => onPick(option)}
              className={cn(
                "flex w-full min-w-0 items-start gap-3 rounded-lg border p-3 text-left text-sm",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                right
                  ? "border-green-600 bg-green-50 dark:bg-green-950"
                  : wrong
                    ? "border-red-600 bg-red-50 dark:bg-red-950"
                    : "border-border hover:bg-bg",
              )}
            >
              <span aria-hidden className="shrink-0 font-mono text-xs text-muted">
                {i + 1}
              </span>
              <CardText inline className="min-w-0" text={option} />
              {right && <span className="sr-only"> (right answer)</span>}
              {wrong && <span className="sr-only"> (your answer, wrong)</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
