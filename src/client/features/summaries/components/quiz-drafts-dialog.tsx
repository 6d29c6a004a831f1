import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import type { QuizDraftQuestion } from "#shared/summaries/contract.ts";
import { type DraftDocument, useQuizDrafts } from "../drafts.api.ts";
import { MakeQuizButton } from "./draft-buttons.tsx";
import { DraftsDialogShell } from "./drafts-dialog-shell.tsx";
import { SourcePage } from "./source-page.tsx";

function Question({
  q,
  n,
  doc,
  chosen,
  checked,
  onChoose,
}: {
  q: QuizDraftQuestion;
  n: number;
  doc: DraftDocument;
  chosen: string | undefined;
  checked: boolean;
  onChoose: (option: string) => void;
}) {
  const name = `quiz-${doc.source}-${doc.id}-${n}`;
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <fieldset className="grid min-w-0 gap-2">
        <legend className="wrap-anywhere text-sm font-medium">
          {n}. {q.question}
        </legend>
        {q.options.map((option) => {
          const right = checked && option === q.answer;
          const wrong = checked && option === chosen && option !== q.answer;
          return (
            <label
              key={option}
              className={cn(
                "flex items-start gap-2 rounded-md border p-2 text-sm wrap-anywhere",
                right
                  ? "border-green-600 bg-green-50 dark:bg-green-950"
                  : wrong
                    ? "border-red-600 bg-red-50 dark:bg-red-950"
                    : "border-border",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={chosen === option}
                disabled={checked}
                onChange={() => onChoose(option)}
                className="mt-0.5 h-4 w-4 shrink-0"
              />
              <span>{option}</span>
            </label>
          );
        })}
      </fieldset>
      {checked && (
        <p className="text-sm font-medium">{chosen === q.answer ? "Correct!" : `Incorrect: ${q.answer}`}</p>
      )}
      <SourcePage doc={doc} page={q.page} />
    </li>
  );
}

/** Issue 15 'Make a quiz': multiple-choice questions from a document, each citing its page. */
export function QuizDraftsDialog({
  doc,
  defaultOpen = false,
}: {
  doc: DraftDocument;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [checked, setChecked] = useState(false);
  const make = useQuizDrafts();
  const questions = make.data?.questions ?? [];
  const score = questions.filter((q, i) => answers[i] === q.answer).length;

  function openChange(next: boolean) {
    setOpen(next);
    if (!next) return;
    setAnswers({});
    setChecked(false);
    make.mutate(doc);
  }

  return (
    <DraftsDialogShell
      open={open}
      onOpenChange={openChange}
      defaultOpen={defaultOpen}
      title="Quiz"
      description={`Multiple-choice questions from "${doc.title}".`}
      trigger={<MakeQuizButton title={doc.title} />}
      request={make}
      busyLabel="Writing questions"
      skeletonClassName="h-28"
      errorFallback="Could not make a quiz."
      empty={questions.length === 0}
      emptyText="Not enough facts were found in this document for a quiz: questions come from its definitions and key sentences."
      note={make.data?.note}
    >
      <ol className="grid gap-3">
        {questions.map((q, i) => (
          <Question
            // biome-ignore lint/suspicious/noArrayIndexKey: one fixed list per opening
            key={i}
            q={q}
            n={i + 1}
            doc={doc}
            chosen={answers[i]}
            checked={checked}
            onChoose={(option) => setAnswers((a) => ({ ...a, [i]: option }))}
          />
        ))}
      </ol>
      {checked ? (
        <p className="text-sm font-semibold" role="status">
          You got {score} out of {questions.length} questions correct!
        </p>
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => setChecked(true)} disabled={Object.keys(answers).length === 0}>
            Check answers
          </Button>
        </div>
      )}
    </DraftsDialogShell>
  );
}
