import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#client/components/ui/form.tsx";
import {
  type EventFormValues,
  emptyEventForm,
  eventFormSchema,
  eventFormToInput,
} from "#client/features/calendar/event-form.ts";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { useCreateEvent } from "../calendar.api.ts";

/** SPEC §2.4 'Add Event': the button stays disabled while the title is blank; time defaults to 09:00. */
export function AddEventDialog({
  day,
  onAdded,
  defaultOpen = false,
}: {
  day: Date;
  onAdded?: (date: Date) => void;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const create = useCreateEvent();
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: emptyEventForm(day),
  });
  const title = form.watch("title");
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    // Each opening starts fresh on the day selected in the calendar.
    if (next) form.reset(emptyEventForm(day));
    else create.reset();
    setOpen(next);
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(eventFormToInput(values), {
      onSuccess: (event) => {
        setOpen(false);
        toast({ title: "Event added", description: event.title, variant: "success" });
        onAdded?.(new Date(event.date));
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Event"
      description="Saved to your account, so it shows on every device."
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden /> Add Event
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="event-title" label="Event Title" error={errors.title?.message}>
          <Input id="event-title" autoFocus {...form.register("title")} />
        </Field>
        <Field id="event-description" label="Description">
          <Textarea id="event-description" {...form.register("description")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="event-date" label="Date" error={errors.date?.message}>
            <Input id="event-date" type="date" {...form.register("date")} />
          </Field>
          <Field id="event-time" label="Time">
            <Input id="event-time" type="time" {...form.register("time")} />
          </Field>
        </div>
        {create.isError && <Alert>{errorMessage(create.error, "Could not add the event.")}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!title?.trim() || create.isPending}>
            {create.isPending ? "Adding..." : "Add Event"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
