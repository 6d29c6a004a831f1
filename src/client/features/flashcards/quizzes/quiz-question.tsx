import { type Dispatch, useEffect, useRef } from "react";
import { CardMediaText } from "#client/components/card-media/card-media-text.tsx";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { isOwnKey } from "#client/lib/keyboard.ts";
import type { QuizQuestion } from "#shared/flashcards/quiz.ts";
import { HintButton } from "../modes/hint-button.tsx";
import { isLastQuestion, type QuizAction, type QuizState, quizProgress } from "./quiz-state.ts";

/** Keys 1-4 choose an option, Enter submits or moves on; read through a ref so the listener is added once. */
function useQuizKeys(state: QuizState, dispatch: Dispatch<QuizAction>) {
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = stateRef.current;
      if (isOwnKey(e) && !(e.target instanceof HTMLInputElement && e.target.type === "radio")) return;
      const digit = Number(e.key);
      if (s.phase === "question" && Number.isInteger(digit) && digit >= 1) {
        const option = s.questions[s.index]?.options[digit - 1];
        if (option !== undefined) {
          e.preventDefault();
          dispatch({ type: "choose", option });
        }
      } else if (
        e.key === "Enter" &&
        !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)
      ) {
        // On a button Enter is that button's own click; elsewhere it submits or moves on.
        e.preventDefault();
        dispatch({ type: s.phase === "question" ? "submit" : "next" });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dispatch]);
}

function QuizProgress({ index, total, percent }: { index: number; total: number; percent: number }) {
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted">
        Question {index + 1} of {total}
      </p>
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-border"
      >
        <div className="h-full bg-accent-strong transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The options as a radio group; once answered, the right one green and a wrong choice red. */
function QuizOptions({
  question,
  selected,
  answered,
  correct,
  onChoose,
}: {
  question: QuizQuestion;
  selected: string | null;
  answered: boolean;
  correct: boolean | undefined;
  onChoose: (option: string) => void;
}) {
  return (
    <fieldset className="grid gap-2" disabled={answered}>
      <legend className="sr-only">Choose an answer (keys 1 to {question.options.length})</legend>
      {question.options.map((option, i) => {
        const isRight = answered && option === question.answer;
        const isWrongChoice = answered && option === selected && !correct;
        return (
          <label
            key={option}
            className={cn(
              "flex min-w-0 items-start gap-3 rounded-lg border p-3 text-sm",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent",
              isRight
                ? "border-green-600 bg-green-50 dark:bg-green-950"
                : isWrongChoice
                  ? "border-red-600 bg-red-50 dark:bg-red-950"
                  : selected === option
                    ? "border-accent-strong bg-bg"
                    : "border-border",
              answered ? "cursor-default" : "cursor-pointer",
            )}
          >
            <input
              type="radio"
              name={`quiz-option-${question.cardId}`}
              value={option}
              checked={selected === option}
              onChange={() => onChoose(option)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
            />
            <span aria-hidden className="shrink-0 font-mono text-xs text-muted">
              {i + 1}
            </span>
            <CardText inline className="min-w-0" text={option} />
          </label>
        );
      })}
    </fieldset>
  );
}

function AnswerFeedback({ correct, rightAnswer }: { correct: boolean; rightAnswer: string }) {
  return (
    <div
      className={cn(
        "rounded-lg border p-3 text-sm",
        correct
          ? "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
          : "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
      )}
    >
      <p className="font-semibold">{correct ? "Correct!" : "Incorrect"}</p>
      {!correct && (
        <p className="wrap-anywhere">
          The correct answer is: <CardText inline text={rightAnswer} />
        </p>
      )}
    </div>
  );
}

/**
 * One question: progress, the optional hint, the options as a radio group, Submit Answer, then the
 * feedback and Next Question / Finish Quiz. Keys 1-4 choose an option and Enter submits or moves on.
 */
export function QuizQuestionCard({
  setId,
  state,
  dispatch,
}: {
  setId: number;
  state: QuizState;
  dispatch: Dispatch<QuizAction>;
}) {
  const question = state.questions[state.index]!;
  const answered = state.phase === "feedback";
  const answer = answered ? state.answers[state.answers.length - 1] : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const total = state.questions.length;

  // A new question is announced from its heading; after answering, the Next button takes focus.
  useEffect(() => {
    if (state.index > 0) heading.current?.focus();
  }, [state.index]);
  useEffect(() => {
    if (answered) actions.current?.querySelector("button")?.focus();
  }, [answered]);

  useQuizKeys(state, dispatch);

  const progress = quizProgress(state);
  return (
    <div className="grid gap-4">
      <QuizProgress index={state.index} total={total} percent={progress} />
      <h4 ref={heading} tabIndex={-1} className="outline-none text-lg font-semibold">
        <CardMediaText inline setId={setId} text={question.question} />
      </h4>
      {/* Behind a button until asked for, and gone once answered: it must not answer the card. */}
      {state.phase === "question" && <HintButton key={question.cardId} hint={question.hint} />}
      <QuizOptions
        question={question}
        selected={state.selected}
        answered={answered}
        correct={answer?.correct}
        onChoose={(option) => dispatch({ type: "choose", option })}
      />
      <div role="status" aria-live="polite">
        {answer && <AnswerFeedback correct={answer.correct} rightAnswer={question.answer} />}
      </div>
      <div ref={actions} className="flex justify-end">
        {answered ? (
          <Button onClick={() => dispatch({ type: "next" })}>
            {isLastQuestion(state) ? "Finish Quiz" : "Next Question"}
          </Button>
        ) : (
          <Button onClick={() => dispatch({ type: "submit" })} disabled={state.selected === null}>
            Submit Answer
          </Button>
        )}
      </div>
    </div>
  );
}
