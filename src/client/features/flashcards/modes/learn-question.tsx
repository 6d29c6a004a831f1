import { Check, X } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { CardMediaText } from "#client/components/card-media/card-media-text.tsx";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import { gradeAnswer } from "#shared/flashcards/grading.ts";
import { buildQuiz, normalizeAnswer, seededRng } from "#shared/flashcards/quiz.ts";
import { AnswerField } from "./answer-field.tsx";
import { cardAnswer, cardPrompt } from "./card-text.ts";
import { ChoiceOptions } from "./choice-options.tsx";
import { HintButton } from "./hint-button.tsx";
import type { LearnState } from "./learn-state.ts";
import { useModeKeys } from "./use-mode-keys.ts";

type Answer = (given: string, correct: boolean, written: boolean) => void;

/** One Learn question: multiple choice for a card not yet picked right, written after that. */
export function LearnQuestion({
  card,
  cards,
  state,
  written,
  star,
  onAnswer,
  onOverride,
  onNext,
}: {
  card: Flashcard;
  cards: Flashcard[];
  state: LearnState;
  written: boolean;
  star: React.ReactNode;
  onAnswer: Answer;
  onOverride: () => void;
  onNext: () => void;
}) {
  const checked = state.checked;
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (checked) next.current?.focus();
  }, [checked]);
  useModeKeys((key) => {
    if (key !== "Enter" || !checked) return false;
    onNext();
    return true;
  });
  return (
    <div className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">
          {written ? "Write the answer" : "Choose the answer"}
        </p>
        {star}
      </div>
      <CardMediaText setId={card.flashcardSetId} className="text-lg font-medium" text={cardPrompt(card)} />
      {!checked && <HintButton hint={card.hint} />}
      {written ? (
        <WrittenAnswer card={card} checked={checked} onAnswer={onAnswer} />
      ) : (
        <ChoiceAnswer card={card} cards={cards} state={state} onAnswer={onAnswer} />
      )}
      {checked && (
        <div role="status" className="grid gap-2 text-sm">
          {checked.correct ? (
            <p className="flex items-center gap-2 font-medium text-green-700 dark:text-green-400">
              <Check className="h-4 w-4" aria-hidden /> Correct!
            </p>
          ) : (
            <>
              <p className="flex items-center gap-2 font-medium text-red-700 dark:text-red-400">
                <X className="h-4 w-4" aria-hidden /> Not quite: this card comes back.
              </p>
              <p className="whitespace-pre-wrap wrap-anywhere">
                The answer is: <CardText inline className="font-semibold" text={cardAnswer(card)} />
              </p>
              {written && (
                <Button size="sm" variant="secondary" className="justify-self-start" onClick={onOverride}>
                  I was right
                </Button>
              )}
            </>
          )}
        </div>
      )}
      {checked && (
        <Button ref={next} className="justify-self-start" onClick={onNext}>
          Continue
        </Button>
      )}
    </div>
  );
}

function ChoiceAnswer({
  card,
  cards,
  state,
  onAnswer,
}: {
  card: Flashcard;
  cards: Flashcard[];
  state: LearnState;
  onAnswer: Answer;
}) {
  // Seeded by the session and the place in it: a reload shows the same options in the same order.
  const question = useMemo(() => {
    const shown = cards.map((c) => ({ id: c.id, question: cardPrompt(c), answer: cardAnswer(c) }));
    return buildQuiz(shown, seededRng(state.seed + state.roundNo * 7919 + state.at), new Set([card.id]))[0]!;
  }, [cards, card.id, state.seed, state.roundNo, state.at]);
  const picked = state.checked?.given ?? null;
  const pick = (option: string) =>
    picked === null && onAnswer(option, normalizeAnswer(option) === normalizeAnswer(question.answer), false);
  useModeKeys((key) => {
    const option = question.options[Number(key) - 1];
    if (option === undefined || picked !== null) return false;
    pick(option);
    return true;
  });
  return <ChoiceOptions options={question.options} answer={question.answer} picked={picked} onPick={pick} />;
}

function WrittenAnswer({
  card,
  checked,
  onAnswer,
}: {
  card: Flashcard;
  checked: LearnState["checked"];
  onAnswer: Answer;
}) {
  const [typed, setTyped] = useState(checked?.given ?? "");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checked || !typed.trim()) return;
    onAnswer(typed, gradeAnswer(typed, cardAnswer(card)).verdict !== "wrong", true);
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <AnswerField ref={input} value={typed} onChange={setTyped} readOnly={checked !== null} />
      {!checked && (
        <Button type="submit" className="justify-self-start" disabled={!typed.trim()}>
          Check
        </Button>
      )}
    </form>
  );
}
