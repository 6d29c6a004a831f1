import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#client/components/ui/form.tsx";
import { DEFAULT_STUDY_SET_COLOR } from "#shared/constants.ts";
import { useCreateStudySet } from "../study.api.ts";
import { NewSetButton } from "./new-set-button.tsx";

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
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [color, setColor] = useState(DEFAULT_STUDY_SET_COLOR);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateStudySet();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTitle("");
      setDescription("");
      setColor(DEFAULT_STUDY_SET_COLOR);
      setError(null);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError("Study set title is required");
    create.mutate({ title: title.trim(), description: description.trim() || null, color });
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Study Set"
      trigger={<NewSetButton label={label} />}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="study-set-title" label="Title" error={error ?? undefined}>
          <Input
            id="study-set-title"
            autoFocus
            value={title}
            maxLength={200}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "study-set-title-error" : undefined}
          />
        </Field>
        <Field id="study-set-description" label="Description (optional)">
          <Textarea
            id="study-set-description"
            value={description}
            maxLength={2000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <Field id="study-set-color" label="Colour">
          <Input
            id="study-set-color"
            type="color"
            className="h-10 w-20 p-1"
            value={color}
            onChange={(e) => setColor(e.target.value.toUpperCase())}
          />
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
