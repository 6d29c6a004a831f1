import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { createFlashcardSetSchema, type FlashcardSet } from "#shared/flashcards/contract.ts";
import { useCreateFlashcardSet, useUpdateFlashcardSet } from "../flashcards.api.ts";

const schema = createFlashcardSetSchema.extend({ color: z.string() });
type Values = z.input<typeof schema>;
const NO_COLOUR = "#3B82F6";
const valuesOf = (set?: FlashcardSet): Values =>
  set
    ? { title: set.title, description: set.description ?? "", color: set.color ?? NO_COLOUR }
    : { title: "", description: "", color: NO_COLOUR };

/**
 * SPEC §2.7 'New Flashcard Set' (title required, description optional), and with `set` the same form to
 * rename it and edit its description and colour (issue 25 §6).
 */
export function FlashcardSetFormDialog({ studySetId, set }: { studySetId: number; set?: FlashcardSet }) {
  const [open, setOpen] = useState(false);
  const create = useCreateFlashcardSet(studySetId);
  const update = useUpdateFlashcardSet(studySetId);
  const saving = set ? update : create;
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(set),
  });
  const { errors } = form.formState;
  const idp = set ? `flashcard-set-${set.id}` : "flashcard-set";

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(valuesOf(set));
    if (!next) saving.reset();
  };
  const onSubmit = form.handleSubmit(({ color, ...values }) => {
    const done = { onSuccess: () => onOpenChange(false) };
    if (set) update.mutate({ id: set.id, body: { ...values, color } }, done);
    else create.mutate(values, done);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={set ? "Edit Flashcard Set" : "New Flashcard Set"}
      trigger={
        set ? (
          <Button variant="secondary" aria-label={`Edit set: ${set.title}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit set
          </Button>
        ) : (
          <Button>
            <Plus className="h-4 w-4" aria-hidden /> New Flashcard Set
          </Button>
        )
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id={`${idp}-title`} label="Title" error={errors.title?.message}>
          <Input
            id={`${idp}-title`}
            autoFocus
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${idp}-title-error` : undefined}
            {...form.register("title")}
          />
        </Field>
        <Field id={`${idp}-description`} label="Description" error={errors.description?.message}>
          <Textarea id={`${idp}-description`} {...form.register("description")} />
        </Field>
        {set && (
          <Field id={`${idp}-color`} label="Colour">
            <Input id={`${idp}-color`} type="color" className="h-10 w-20 p-1" {...form.register("color")} />
          </Field>
        )}
        {saving.isError && <Alert>{errorMessage(saving.error, "Could not save the flashcard set.")}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving.isPending}>
            {set ? "Save" : create.isPending ? "Creating..." : "Create Set"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
