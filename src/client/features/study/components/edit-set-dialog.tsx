import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { createStudySetSchema, type StudySet } from "#shared/study/contract.ts";
import { useUpdateStudySet } from "../study.api.ts";

const schema = z.object({
  title: createStudySetSchema.shape.title,
  description: z.string(),
  color: z.string(),
});
type Values = z.input<typeof schema>;
const valuesOf = (set: StudySet): Values => ({
  title: set.title,
  description: set.description ?? "",
  color: set.color,
});

/** Rename a study set, and edit its description and colour (issue 25 §6). Open while `set` is given. */
export function EditSetDialog({ set, onClose }: { set: StudySet | null; onClose: () => void }) {
  const update = useUpdateStudySet();
  const form = useForm<Values, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema) });
  const { errors } = form.formState;
  useEffect(() => {
    if (set) form.reset(valuesOf(set));
  }, [set, form]);
  const close = () => {
    update.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((v) => {
    if (!set) return;
    update.mutate(
      { id: set.id, body: { title: v.title, description: v.description.trim() || null, color: v.color } },
      {
        onSuccess: (saved) => {
          toast({ title: "Study set saved", description: saved.title, variant: "success" });
          close();
        },
      },
    );
  });
  return (
    <Dialog open={set !== null} onOpenChange={(open) => !open && close()} title="Edit Study Set">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="edit-set-title" label="Title" error={errors.title?.message}>
          <Input
            id="edit-set-title"
            autoFocus
            maxLength={200}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? "edit-set-title-error" : undefined}
            {...form.register("title")}
          />
        </Field>
        <Field id="edit-set-description" label="Description (optional)">
          <Textarea id="edit-set-description" maxLength={2000} {...form.register("description")} />
        </Field>
        <Field id="edit-set-color" label="Colour">
          <Input id="edit-set-color" type="color" className="h-10 w-20 p-1" {...form.register("color")} />
        </Field>
        {update.isError && <Alert>{errorMessage(update.error, "Could not save the study set.")}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
