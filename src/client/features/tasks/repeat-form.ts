import { z } from "zod";
import type { Task } from "#shared/tasks/contract.ts";
import {
  checkSeries,
  type Nth,
  parseRRule,
  type Recurrence,
  type RecurrenceInput,
  recurrenceSchema,
  toRRule,
  WEEKDAYS,
  type Weekday,
  weekdaySchema,
} from "#shared/tasks/recurrence.ts";

/**
 * The task form's Repeat fields (issue 26): raw values, and the rule they make for a series starting at
 * the due date. The rule is checked by the shared recurrence module, the same one the server uses.
 */
export const repeatFormSchema = z.object({
  repeat: z.enum(["none", "daily", "weekly", "monthly"]),
  /** "every N days/weeks/months", as the number input's text. */
  interval: z.string(),
  /** Weekly: the chosen days (none chosen means the due date's weekday). */
  days: z.array(weekdaySchema),
  /** Monthly: the due date's day of the month, or its nth weekday ("the 2nd Tuesday"). */
  monthlyOn: z.enum(["day", "weekday"]),
  end: z.enum(["never", "count", "until"]),
  count: z.string(),
  /** 'yyyy-MM-dd' */
  until: z.string(),
  /** Editing a task of a series: change only this one, or this and every later one. */
  scope: z.enum(["this", "future"]),
});
export type RepeatFormValues = z.infer<typeof repeatFormSchema>;

export const emptyRepeat: RepeatFormValues = {
  repeat: "none",
  interval: "1",
  days: [],
  monthlyOn: "day",
  end: "never",
  count: "10",
  until: "",
  scope: "this",
};

export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const weekdayOf = (d: Date): Weekday => WEEKDAYS[(d.getDay() + 6) % 7]!;
/** Which of its weekday in the month a date is: the 1st..4th, or the last when it is the 5th. */
const nthOf = (d: Date): Nth => {
  const n = Math.ceil(d.getDate() / 7);
  return (n >= 5 ? -1 : n) as Nth;
};

/** The rule the fields describe for a series starting at `due` (local), or an error to show. */
export function repeatToRule(
  v: RepeatFormValues,
  due: Date | null,
): { rule: Recurrence | null; error?: string } {
  if (v.repeat === "none") return { rule: null };
  if (!due) return { rule: null, error: "Choose a due date: a repeating task starts on it" };
  const end: RecurrenceInput["end"] =
    v.end === "count"
      ? { type: "count", count: Number(v.count) }
      : v.end === "until"
        ? { type: "until", until: v.until }
        : { type: "never" };
  const interval = Number(v.interval || "1");
  const input: RecurrenceInput =
    v.repeat === "daily"
      ? { freq: "daily", interval, end }
      : v.repeat === "weekly"
        ? { freq: "weekly", interval, days: v.days.length ? v.days : [weekdayOf(due)], end }
        : {
            freq: "monthly",
            interval,
            on:
              v.monthlyOn === "day"
                ? { type: "day", day: due.getDate() }
                : { type: "weekday", weekday: weekdayOf(due), nth: nthOf(due) },
            end,
          };
  const parsed = recurrenceSchema.safeParse(input);
  if (!parsed.success) return { rule: null, error: parsed.error.issues[0]?.message ?? "Check the repeat" };
  return { rule: parsed.data };
}

/**
 * The server's check of a series it is sent (a due date that is one of the rule's dates, an end after it),
 * run before sending so its message shows on the Repeat fields. Only for a rule that will be sent: an
 * occurrence moved off the rule's days keeps its series when edited otherwise.
 */
export const seriesProblem = (rule: Recurrence, due: Date) =>
  checkSeries({ rule, start: due, timeZone: viewerTimeZone() });

/** The RRULE text to send, in the viewer's zone. */
export const ruleToRRule = (rule: Recurrence | null) => (rule ? toRRule(rule, viewerTimeZone()) : null);

/** A task's series as the Repeat fields, for the edit dialog. */
export function taskToRepeat(task: Task): RepeatFormValues {
  if (!task.rrule || !task.seriesStart || !task.recurrenceTimeZone) return emptyRepeat;
  const parsed = parseRRule(task.rrule, {
    start: new Date(task.seriesStart),
    timeZone: task.recurrenceTimeZone,
  });
  if (!parsed.ok) return emptyRepeat;
  const r = parsed.rule;
  return {
    ...emptyRepeat,
    repeat: r.freq,
    interval: String(r.interval),
    days: r.freq === "weekly" ? r.days : [],
    monthlyOn: r.freq === "monthly" && r.on.type === "weekday" ? "weekday" : "day",
    end: r.end.type,
    count: r.end.type === "count" ? String(r.end.count) : emptyRepeat.count,
    until: r.end.type === "until" ? r.end.until : "",
  };
}
