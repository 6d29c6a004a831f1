import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "#client/components/ui/form.tsx";
import { FLASHCARD_MAX_LENGTH } from "#shared/constants.ts";
import type { createFlashcardSchema } from "#shared/flashcards/contract.ts";
import { wrapInCloze } from "./cloze-edit.ts";

export type CardValues = z.input<typeof createFlashcardSchema>;

/**
 * The card editor's fields (issue 25 §1): the type (Basic, Basic + reverse, Cloze), the texts, and for a
 * cloze the Cloze button (Ctrl+Shift+C) that wraps the selection in the next {{cN::...}}.
 */
export function CardFormFields({
  form,
  typeLocked,
}: {
  form: UseFormReturn<CardValues>;
  typeLocked: boolean;
}) {
  const { errors } = form.formState;
  const type = form.watch("type") ?? "basic";
  const field = (name: keyof CardValues) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `card-${name}-error` : undefined,
    ...form.register(name),
  });
  const question = field("question");

  const cloze = () => {
    const box = document.getElementById("card-question") as HTMLTextAreaElement | null;
    if (!box) return;
    const { text, caret } = wrapInCloze(box.value, box.selectionStart, box.selectionEnd);
    form.setValue("question", text, { shouldDirty: true });
    requestAnimationFrame(() => {
      box.focus();
      box.setSelectionRange(caret, caret);
    });
  };

  return (
    <>
      {!typeLocked && (
        <Field id="card-type" label="Card type">
          <Select id="card-type" {...form.register("type")}>
            <option value="basic">Basic</option>
            <option value="reversed">Basic + reverse (also create the reverse)</option>
            <option value="cloze">Cloze (hide words in the text)</option>
          </Select>
        </Field>
      )}
      <Field
        id="card-question"
        label={type === "cloze" ? "Text" : "Vocabulary/Question"}
        hint={type === "cloze" ? "Select words and press Cloze (Ctrl+Shift+C) to hide them." : undefined}
        error={errors.question?.message}
      >
        <Textarea
          id="card-question"
          autoFocus
          rows={type === "cloze" ? 4 : 2}
          maxLength={FLASHCARD_MAX_LENGTH.question}
          {...question}
          onKeyDown={(e) => {
            if (type === "cloze" && e.ctrlKey && e.shiftKey && e.key.toLowerCase() === "c") {
              e.preventDefault();
              cloze();
            }
          }}
        />
      </Field>
      {type === "cloze" && (
        <Button size="sm" variant="secondary" className="justify-self-start" onClick={cloze}>
          Cloze [...]
        </Button>
      )}
      <Field
        id="card-answer"
        label={type === "cloze" ? "Back extra (optional)" : "Definition/Answer"}
        hint={
          type === "cloze"
            ? undefined
            : "Typed answers accept each alternative after ; or / or on its own line."
        }
        error={errors.answer?.message}
      >
        <Textarea
          id="card-answer"
          rows={3}
          maxLength={FLASHCARD_MAX_LENGTH.answer}
          {...field("answer")}
          aria-describedby={
            errors.answer ? "card-answer-error" : type === "cloze" ? undefined : "card-answer-hint"
          }
        />
      </Field>
      <Field id="card-hint" label="Hint (optional)" error={errors.hint?.message}>
        <Input id="card-hint" maxLength={FLASHCARD_MAX_LENGTH.hint} {...field("hint")} />
      </Field>
      <p className="text-xs text-muted">
        Markdown works: **bold**, *italic*, `code`, lists, links; math between $...$ or $$...$$.
      </p>
    </>
  );
}
