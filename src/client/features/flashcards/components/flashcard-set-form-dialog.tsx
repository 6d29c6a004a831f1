import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { createFlashcardSetSchema } from "#shared/flashcards/contract.ts";
import { useCreateFlashcardSet } from "../flashcards.api.ts";

type Values = z.input<typeof createFlashcardSetSchema>;
const empty: Values = { title: "", description: "" };

/** SPEC §2.7 'New Flashcard Set': title required, description optional. */
export function FlashcardSetFormDialog({ studySetId }: { studySetId: number }) {
  const [open, setOpen] = useState(false);
  const create = useCreateFlashcardSet(studySetId);
  const form = useForm<Values, unknown, z.output<typeof createFlashcardSetSchema>>({
    resolver: zodResolver(createFlashcardSetSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(empty);
      create.reset();
    }
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, { onSuccess: () => onOpenChange(false) }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Flashcard Set"
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden /> New Flashcard Set
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="flashcard-set-title" label="Title" error={errors.title?.message}>
          <Input
            id="flashcard-set-title"
            autoFocus
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? "flashcard-set-title-error" : undefined}
            {...form.register("title")}
          />
        </Field>
        <Field id="flashcard-set-description" label="Description" error={errors.description?.message}>
          <Textarea id="flashcard-set-description" {...form.register("description")} />
        </Field>
        {create.isError && <Alert>{errorMessage(create.error, "Could not create the flashcard set.")}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create Set"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
