import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, FormInput, Input, Textarea } from "#client/components/ui/form.tsx";
import { DEFAULT_STUDY_SET_COLOR } from "#shared/constants.ts";
import { createStudySetSchema } from "#shared/study/contract.ts";
import { useCreateStudySet } from "../study.api.ts";
import { NewSetButton } from "./new-set-button.tsx";

/** The contract's rules for the three fields (an empty description is none, the colour upper-cased). */
const newSetSchema = createStudySetSchema.pick({ title: true, description: true, color: true });
const emptySet = { title: "", description: "", color: DEFAULT_STUDY_SET_COLOR };

/**
 * SPEC §2.7 'New Study Set': title required, description optional, colour defaulting to #3B82F6. The set
 * appears in the list at once (optimistic, see useCreateStudySet), so the dialog closes on submit.
 */
export function NewSetDialog({
  label = "New Study Set",
  defaultOpen = false,
}: {
  label?: string;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const form = useForm<z.input<typeof newSetSchema>, unknown, z.output<typeof newSetSchema>>({
    resolver: zodResolver(newSetSchema),
    defaultValues: emptySet,
  });
  const create = useCreateStudySet();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(emptySet);
  };
  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values);
    onOpenChange(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Study Set"
      trigger={<NewSetButton label={label} />}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormInput form={form} name="title" id="study-set-title" label="Title" autoFocus maxLength={200} />
        <Field id="study-set-description" label="Description (optional)">
          <Textarea id="study-set-description" maxLength={2000} {...form.register("description")} />
        </Field>
        <Field id="study-set-color" label="Colour">
          <Input id="study-set-color" type="color" className="h-10 w-20 p-1" {...form.register("color")} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Create Study Set</Button>
        </div>
      </form>
    </Dialog>
  );
}
