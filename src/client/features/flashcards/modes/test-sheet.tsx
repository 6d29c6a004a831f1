import { useEffect, useMemo, useRef } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { withSoundMarks } from "#client/components/card-text/sound-mark.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Input, Select } from "#client/components/ui/form.tsx";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import { cardAnswer, cardPrompt } from "./card-text.ts";
import { HintButton } from "./hint-button.tsx";
import { choiceQuestions, TEST_KIND_LABELS, type TestQuestion, type TestState } from "./test-state.ts";

type Answer = (cardId: number, value: string) => void;

/** Every question of the test on one sheet; Submit grades them all. */
export function TestSheet({
  state,
  cards,
  star,
  onAnswer,
  onSubmit,
}: {
  state: TestState;
  cards: Flashcard[];
  /** The card's star button. */
  star: (cardId: number) => React.ReactNode;
  onAnswer: Answer;
  onSubmit: () => void;
}) {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const choices = useMemo(() => choiceQuestions(state, cards), [state, cards]);
  const first = useRef<HTMLOListElement>(null);
  useEffect(() => first.current?.querySelector<HTMLElement>("input, select, button")?.focus(), []);
  const single = state.questions.filter((q) => q.kind !== "matching");
  const matching = state.questions.filter((q) => q.kind === "matching");
  const definitions = [...new Set(matching.map((q) => cardAnswer(byId.get(q.cardId)!)))].sort();
  const answered = Object.values(state.answers).filter((v) => v.trim()).length;
  return (
    <form
      className="grid min-w-0 gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <ol ref={first} className="grid gap-3">
        {single.map((q, i) => (
          <li key={q.cardId} className="grid min-w-0 gap-2 rounded-xl border border-border bg-surface p-4">
            <div className="flex items-center justify-between gap-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                {i + 1}. {TEST_KIND_LABELS[q.kind]}
              </p>
              {star(q.cardId)}
            </div>
            <CardText className="font-medium" text={cardPrompt(byId.get(q.cardId)!)} />
            <HintButton hint={byId.get(q.cardId)?.hint} />
            <QuestionInput
              q={q}
              options={choices.get(q.cardId)?.options ?? []}
              value={state.answers[q.cardId] ?? ""}
              onAnswer={onAnswer}
            />
          </li>
        ))}
      </ol>
      {matching.length > 0 && (
        <fieldset className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4">
          <legend className="px-1 text-sm font-semibold">Matching: choose each term's definition</legend>
          {matching.map((q) => (
            <div key={q.cardId} className="grid min-w-0 gap-1 text-sm">
              <label htmlFor={`test-match-${q.cardId}`} className="wrap-anywhere font-medium">
                <CardText inline text={cardPrompt(byId.get(q.cardId)!)} />
              </label>
              <Select
                id={`test-match-${q.cardId}`}
                value={state.answers[q.cardId] ?? ""}
                onChange={(e) => onAnswer(q.cardId, e.target.value)}
              >
                <option value="">Choose a definition</option>
                {definitions.map((d) => (
                  <option key={d} value={d}>
                    {withSoundMarks(d)}
                  </option>
                ))}
              </Select>
            </div>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Submit test</Button>
        <p className="text-sm text-muted">
          {answered} of {state.questions.length} answered
        </p>
      </div>
    </form>
  );
}

function QuestionInput({
  q,
  options,
  value,
  onAnswer,
}: {
  q: TestQuestion;
  options: string[];
  value: string;
  onAnswer: Answer;
}) {
  if (q.kind === "written")
    return (
      <div className="grid gap-1 text-sm">
        <label htmlFor={`test-written-${q.cardId}`}>Your answer</label>
        <Input
          id={`test-written-${q.cardId}`}
          value={value}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onAnswer(q.cardId, e.target.value)}
        />
      </div>
    );
  const choices = q.kind === "truefalse" ? ["true", "false"] : options;
  return (
    <fieldset className="grid gap-1">
      {q.kind === "truefalse" && (
        <legend className="mb-1 whitespace-pre-wrap wrap-anywhere text-sm">
          Answer shown: <CardText inline className="font-semibold" text={q.shown ?? ""} />
        </legend>
      )}
      {q.kind === "choice" && <legend className="sr-only">Choose the answer</legend>}
      {choices.map((option) => (
        <label
          key={option}
          className="flex min-w-0 items-start gap-2 rounded-md border border-border p-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
        >
          <input
            type="radio"
            name={`test-${q.cardId}`}
            value={option}
            checked={value === option}
            onChange={() => onAnswer(q.cardId, option)}
            className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
          />
          {q.kind === "truefalse" ? (
            <span>{option === "true" ? "True" : "False"}</span>
          ) : (
            <CardText inline className="min-w-0" text={option} />
          )}
        </label>
      ))}
    </fieldset>
  );
}
