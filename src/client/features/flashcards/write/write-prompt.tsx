import { Check, X } from "lucide-react";
import { type Dispatch, type FormEvent, useEffect, useRef, useState } from "react";
import { CardMediaText } from "#client/components/card-media/card-media-text.tsx";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import { AnswerField } from "../modes/answer-field.tsx";
import { HintButton } from "../modes/hint-button.tsx";
import type { WriteAction, WriteState } from "./write-state.ts";

/** One card: the question, the hint behind a button, the answer field, then the grade. */
export function WritePrompt({
  card,
  state,
  dispatch,
}: {
  card: Flashcard;
  state: WriteState;
  dispatch: Dispatch<WriteAction>;
}) {
  const [typed, setTyped] = useState(state.checked?.typed ?? "");
  const input = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const checked = state.checked;

  useEffect(() => {
    (checked ? next : input).current?.focus();
  }, [checked]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checked) dispatch({ type: "next" });
    else dispatch({ type: "check", typed, answer: card.answer });
  };

  return (
    <form onSubmit={submit} className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4">
      <CardMediaText setId={card.flashcardSetId} className="text-lg font-medium" text={card.question} />
      {!checked && <HintButton key={card.id} hint={card.hint} />}
      <AnswerField ref={input} value={typed} onChange={setTyped} readOnly={checked !== null} />
      {checked && <Feedback checked={checked} onOverride={() => dispatch({ type: "override" })} />}
      <div className="flex flex-wrap gap-2">
        {checked ? (
          <Button ref={next} type="submit">
            Next
          </Button>
        ) : (
          <Button type="submit" disabled={!typed.trim()}>
            Check
          </Button>
        )}
      </div>
    </form>
  );
}

function Feedback({
  checked,
  onOverride,
}: {
  checked: NonNullable<WriteState["checked"]>;
  onOverride: () => void;
}) {
  const { verdict, expected } = checked.grade;
  return (
    <div role="status" className="grid gap-2 text-sm">
      {verdict === "wrong" ? (
        <>
          <p className="flex items-start gap-2 font-medium text-red-700 dark:text-red-400">
            <X className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> Not quite.
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere">
            The answer is: <CardText inline className="font-semibold" text={expected} />
          </p>
          <Button size="sm" variant="secondary" className="justify-self-start" onClick={onOverride}>
            I was right
          </Button>
        </>
      ) : (
        <p className="flex items-start gap-2 font-medium text-green-700 dark:text-green-400">
          <Check className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="wrap-anywhere">
            {verdict === "typo" ? `Correct, watch the spelling: ${expected}` : "Correct!"}
          </span>
        </p>
      )}
    </div>
  );
}
