import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useRef } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { CARD_TYPES, type CardType } from "#shared/flashcards/card-model.ts";
import { createFlashcardSchema, type Flashcard, type FlashcardSet } from "#shared/flashcards/contract.ts";
import { useCreateFlashcard, useUpdateFlashcard } from "../flashcards.api.ts";
import { ImageUploadButton } from "../media/image-upload-button.tsx";
import { CardFormFields, type CardValues } from "./card-form-fields.tsx";
import { TagInput } from "./tag-input.tsx";

type Values = CardValues;
const empty: Values = { question: "", answer: "", hint: "", type: "basic", tags: [] };
const isEditableType = (t: string): t is CardType => (CARD_TYPES as readonly string[]).includes(t);
const valuesOf = (card: Flashcard): Values => ({
  question: card.question,
  answer: card.answer,
  hint: card.hint ?? "",
  type: isEditableType(card.type) ? card.type : undefined,
  tags: card.tags,
});

/** SPEC §9: the dialog closes about 100 ms after a card is saved, so the student sees it succeed. */
export const CLOSE_DELAY_MS = 100;

type CardForm = UseFormReturn<Values, unknown, z.output<typeof createFlashcardSchema>>;

function CardTagsField({ form }: { form: CardForm }) {
  const { errors } = form.formState;
  return (
    <Field id="card-tags" label="Tags (optional)" error={errors.tags?.message ?? errors.tags?.[0]?.message}>
      <Controller
        control={form.control}
        name="tags"
        render={({ field: f }) => (
          <TagInput
            id="card-tags"
            value={f.value ?? []}
            onChange={f.onChange}
            describedBy={errors.tags ? "card-tags-error" : undefined}
          />
        )}
      />
    </Field>
  );
}

/** 'Add picture' and 'Add sound': each upload's Markdown (or [sound:...]) goes at the question's end. */
function QuestionMediaButtons({ form, setId }: { form: CardForm; setId: number }) {
  return (
    <>
      <ImageUploadButton
        setId={setId}
        label="Add picture to question"
        onUploaded={(markdown) =>
          form.setValue("question", `${form.getValues("question")}\n${markdown}`.trim(), {
            shouldDirty: true,
          })
        }
      />
      <ImageUploadButton
        kind="sound"
        setId={setId}
        label="Add sound to question"
        onUploaded={(tag) =>
          form.setValue("question", `${form.getValues("question")} ${tag}`.trim(), { shouldDirty: true })
        }
      />
    </>
  );
}

/**
 * 'Add Flashcard' (SPEC §2.7: question and answer required, hint optional), or editing `card` when given.
 * Controlled by the panel, which opens it from several buttons.
 */
export function CardFormDialog({
  set,
  card,
  open,
  onOpenChange,
  trigger,
}: {
  set: FlashcardSet;
  card?: Flashcard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const create = useCreateFlashcard(set);
  const update = useUpdateFlashcard(set);
  const mutation = card ? update : create;
  const form: CardForm = useForm<Values, unknown, z.output<typeof createFlashcardSchema>>({
    resolver: zodResolver(createFlashcardSchema),
    defaultValues: empty,
  });
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closing.current), []);

  // The form shows the card being edited each time the dialog opens.
  useEffect(() => {
    if (open) form.reset(card ? valuesOf(card) : empty);
  }, [open, card, form]);

  const close = (next: boolean) => {
    if (!next) {
      clearTimeout(closing.current);
      create.reset();
      update.reset();
    }
    onOpenChange(next);
  };
  const done = () => {
    closing.current = setTimeout(() => close(false), CLOSE_DELAY_MS);
  };
  const onSubmit = form.handleSubmit((values) => {
    if (card) update.mutate({ id: card.id, body: values }, { onSuccess: done });
    // SPEC §8: creation errors are only logged; the dialog also says so, so the student is not left guessing.
    else create.mutate(values, { onSuccess: done, onError: (err) => console.error(err) });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={card ? "Edit Flashcard" : "Add Flashcard"}
      trigger={trigger}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <p className="wrap-anywhere text-sm text-muted">In {set.title}</p>
        <CardFormFields form={form} typeLocked={!!card && !isEditableType(card.type)} />
        <CardTagsField form={form} />
        <QuestionMediaButtons form={form} setId={set.id} />
        {mutation.isError && <Alert>{errorMessage(mutation.error, "Could not save the flashcard.")}</Alert>}
        {mutation.isSuccess && (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            Saved.
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending || mutation.isSuccess}>
            {mutation.isPending ? "Saving..." : card ? "Save Changes" : "Add Flashcard"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
