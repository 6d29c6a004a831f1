import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { SCORE_THRESHOLDS } from "#shared/constants.ts";
import type { QuizAnswer } from "#shared/flashcards/quiz.ts";
import { scoreQuiz } from "#shared/flashcards/quiz.ts";

/** SPEC §9 score colours (90, 80, 70), in shades that keep 4.5:1 contrast in both themes. */
function scoreTone(percent: number) {
  if (percent >= SCORE_THRESHOLDS.green) return "text-green-700 dark:text-green-400";
  if (percent >= SCORE_THRESHOLDS.blue) return "text-blue-700 dark:text-blue-300";
  if (percent >= SCORE_THRESHOLDS.yellow) return "text-yellow-800 dark:text-yellow-300";
  return "text-red-700 dark:text-red-400";
}

function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** SPEC §2.8 results: percentage, 'You got X out of Y questions correct!', Take Another Quiz, Review Answers. */
export function QuizResults({
  answers,
  saveFailed,
  onAgain,
  onReview,
}: {
  answers: readonly QuizAnswer[];
  saveFailed: boolean;
  onAgain: () => void;
  onReview: () => void;
}) {
  const score = scoreQuiz(answers);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <h4 ref={heading} tabIndex={-1} className="outline-none text-lg font-semibold">
        Quiz Complete!
      </h4>
      <p className={cn("text-5xl font-bold", scoreTone(score.percent))}>{score.percent}%</p>
      <p>
        You got {score.correct} out of {score.total} questions correct!
      </p>
      {saveFailed && <p className="text-sm text-muted">This result could not be saved to your history.</p>}
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onAgain}>Take Another Quiz</Button>
        <Button variant="secondary" onClick={onReview}>
          Review Answers
        </Button>
      </div>
    </div>
  );
}

/** The detailed list: each question with the student's answer and, when wrong, the right one. */
export function QuizReview({ answers, onBack }: { answers: readonly QuizAnswer[]; onBack: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 ref={heading} tabIndex={-1} className="outline-none text-lg font-semibold">
          Review Answers
        </h4>
        <Button variant="secondary" onClick={onBack}>
          Back to Results
        </Button>
      </div>
      <ol className="grid gap-2">
        {answers.map((a, i) => (
          <li
            key={a.cardId}
            className={cn(
              "grid min-w-0 gap-1 rounded-lg border p-3 text-sm",
              a.correct ? "border-green-600/40" : "border-red-600/40",
            )}
          >
            <p className="flex items-start gap-2 font-medium">
              {a.correct ? (
                <CheckCircle2
                  className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400"
                  aria-hidden
                />
              ) : (
                <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-700 dark:text-red-400" aria-hidden />
              )}
              <span className="min-w-0 whitespace-pre-wrap wrap-anywhere">
                {i + 1}. <CardText inline text={a.question} />
              </span>
            </p>
            <p className="wrap-anywhere">
              <span className="font-medium">{a.correct ? "Correct" : "Incorrect"}</span> · Your answer:{" "}
              <CardText inline text={a.chosen} />
            </p>
            {!a.correct && (
              <p className="wrap-anywhere">
                Correct answer: <CardText inline text={a.answer} />
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
