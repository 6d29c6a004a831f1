import { isValid, parse } from "date-fns";
import { z } from "zod";
import type { CreateEventInput } from "#shared/calendar/contract.ts";
import { DEFAULT_EVENT_TIME } from "#shared/constants.ts";
import { formatDate } from "#shared/date-format.ts";

/** The calendar's 'Add Event' dialog (SPEC §2.4): raw field values. */
export const eventFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Event title is required")
    .max(300, "An event title is at most 300 characters"),
  description: z.string().max(10_000),
  /** Native date input value, 'yyyy-MM-dd'. */
  date: z.string().refine((d) => isValid(parse(d, "yyyy-MM-dd", new Date(0))), "Choose a date"),
  /** Native time input value, 'HH:mm'; empty means the default 09:00. */
  time: z.string(),
});
export type EventFormValues = z.infer<typeof eventFormSchema>;

export const emptyEventForm = (day: Date): EventFormValues => ({
  title: "",
  description: "",
  date: formatDate(day, "yyyy-MM-dd"),
  time: DEFAULT_EVENT_TIME,
});

/** The local day and time the student picked, as an ISO instant for the server. */
export function eventFormToInput(v: EventFormValues): CreateEventInput {
  const day = parse(v.date, "yyyy-MM-dd", new Date(0));
  const at = parse(v.time || DEFAULT_EVENT_TIME, "HH:mm", day);
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    date: (isValid(at) ? at : parse(DEFAULT_EVENT_TIME, "HH:mm", day)).toISOString(),
  };
}
