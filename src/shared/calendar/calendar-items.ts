import { addDays, isSameDay, startOfDay, startOfWeek } from "date-fns";
import { UPCOMING_EVENTS_SHOWN } from "../constants.ts";
import type { Priority, Task } from "../tasks/contract.ts";
import type { CalendarEvent, SubscriptionColour, SubscriptionEvent } from "./contract.ts";

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
      /** A Canvas assignment's date is Canvas's: it cannot be moved here. */
      readOnly: boolean;
    }
  | {
      kind: "custom";
      key: string;
      title: string;
      description: string;
      date: Date;
      eventId: number;
      readOnly: false;
    }
  /** An event of a subscribed iCal feed: read-only (never moved or deleted here), in its feed's colour. */
  | {
      kind: "feed";
      key: string;
      title: string;
      description: string;
      date: Date;
      allDay: boolean;
      colour: SubscriptionColour;
      subscriptionId: number;
      readOnly: true;
    };

/** An all-day feed event is stored at midnight UTC of its date: it belongs on that date wherever the student is. */
function feedDate(e: SubscriptionEvent): Date {
  if (!e.allDay) return new Date(e.start);
  const [y, m, d] = e.start.slice(0, 10).split("-").map(Number);
  return new Date(y!, m! - 1, d!);
}

/** Tasks with a due date, custom events and subscribed feeds' events, in date order (title settles ties). */
export function calendarItems(
  tasks: readonly Task[],
  events: readonly CalendarEvent[],
  feedEvents: readonly SubscriptionEvent[] = [],
): CalendarItem[] {
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
      readOnly: t.canvasId !== null,
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
      readOnly: false,
    });
  }
  for (const e of feedEvents) {
    items.push({
      kind: "feed",
      key: `feed-${e.id}`,
      title: e.title,
      description: e.location,
      date: feedDate(e),
      allDay: e.allDay,
      colour: e.colour,
      subscriptionId: e.subscriptionId,
      readOnly: true,
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

export type ItemTone = "red" | "yellow" | "green" | SubscriptionColour;

/** SPEC §2.4 left border: priority colour for tasks, blue for events, the feed's own colour for its events. */
export const itemTone = (item: CalendarItem): ItemTone =>
  item.kind === "custom"
    ? "blue"
    : item.kind === "feed"
      ? item.colour
      : ({ high: "red", medium: "yellow", low: "green" } as const)[item.priority];

/**
 * `instant` moved to `day`, keeping its wall-clock time in the viewer's zone (a 5 PM task dragged to
 * Friday is due Friday at 5 PM, across a DST change too).
 */
export function moveToDay(instant: Date, day: Date): Date {
  const out = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  out.setHours(instant.getHours(), instant.getMinutes(), instant.getSeconds(), instant.getMilliseconds());
  return out;
}

/** The seven days of `day`'s week, Sunday first (as the month grid). */
export function weekDays(day: Date): Date[] {
  const first = startOfWeek(startOfDay(day));
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** What a month cell shows: the first `max` items of the day, and how many more there are. */
export function cellItems(items: readonly CalendarItem[], day: Date, max: number) {
  const all = itemsOnDay(items, day);
  return { shown: all.slice(0, max), more: Math.max(0, all.length - max) };
}

/**
 * A task due at 11:59 PM was given a date without a time (the task form's rule): the week view shows it
 * in the all-day row, not at the bottom of the day.
 */
export const isAllDay = (item: CalendarItem) =>
  item.kind === "feed"
    ? item.allDay
    : item.kind === "task" && item.date.getHours() === 23 && item.date.getMinutes() === 59;
