import { isSameDay } from "date-fns";
import { UPCOMING_EVENTS_SHOWN } from "../constants.ts";
import type { Priority, Task } from "../tasks/contract.ts";
import type { CalendarEvent } from "./contract.ts";

/** One entry on the calendar (SPEC §3 calendar event): a dated task or a custom event. */
export type CalendarItem =
  | {
      kind: "task";
      key: string;
      title: string;
      description: string;
      date: Date;
      taskId: number;
      priority: Priority;
      completed: boolean;
    }
  | { kind: "custom"; key: string; title: string; description: string; date: Date; eventId: number };

/** Tasks with a due date and custom events, in date order (title settles ties). */
export function calendarItems(tasks: readonly Task[], events: readonly CalendarEvent[]): CalendarItem[] {
  const items: CalendarItem[] = [];
  for (const t of tasks) {
    if (!t.dueDate) continue;
    items.push({
      kind: "task",
      key: `task-${t.id}`,
      title: t.title,
      description: t.description,
      date: new Date(t.dueDate),
      taskId: t.id,
      priority: t.priority,
      completed: t.completed,
    });
  }
  for (const e of events) {
    items.push({
      kind: "custom",
      key: `event-${e.id}`,
      title: e.title,
      description: e.description,
      date: new Date(e.date),
      eventId: e.id,
    });
  }
  return items.sort((a, b) => a.date.getTime() - b.date.getTime() || byTitle(a.title, b.title));
}

/**
 * Same-time items by title, ignoring case. Not localeCompare: its first call builds ICU's collator, a
 * 30-60 ms long task on the first load of Home and the calendar.
 */
function byTitle(a: string, b: string) {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export const itemsOnDay = (items: readonly CalendarItem[], day: Date): CalendarItem[] =>
  items.filter((i) => isSameDay(i.date, day));

/**
 * SPEC §2.4 'Upcoming Events': the first three from now on (issue 9 §3: this morning's lecture is not
 * upcoming at noon). Finished tasks are left out: they are no longer something coming up.
 */
export const upcomingItems = (
  items: readonly CalendarItem[],
  now: Date = new Date(),
  limit = UPCOMING_EVENTS_SHOWN,
): CalendarItem[] => {
  const from = now.getTime();
  return items.filter((i) => i.date.getTime() >= from && !(i.kind === "task" && i.completed)).slice(0, limit);
};

/** SPEC §2.4 left border: priority colour for tasks, blue for events. */
export const itemTone = (item: CalendarItem): "red" | "yellow" | "green" | "blue" =>
  item.kind === "custom" ? "blue" : ({ high: "red", medium: "yellow", low: "green" } as const)[item.priority];
