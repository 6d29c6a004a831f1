import ical from "ical-generator";
import type { CalendarEvent } from "#shared/calendar/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { plainText } from "#shared/tasks/task-rules.ts";

/** Custom events have no end in Studyhall; calendar apps draw them as one hour. */
const EVENT_MINUTES = 60;

/**
 * The student's subscription feed (RFC 5545): every task with a due date as a point-in-time entry at
 * its deadline, and every custom event. UIDs are stable and host-independent so a calendar app updates entries in place
 * on refresh instead of duplicating them.
 */
export function buildIcs(opts: { tasks: readonly Task[]; events: readonly CalendarEvent[] }): string {
  const cal = ical({
    name: "Studyhall",
    description: "Tasks and events from Studyhall",
    prodId: { company: "Studyhall", product: "Studyhall", language: "EN" },
    // Asks subscribing apps to refresh hourly (X-PUBLISHED-TTL / REFRESH-INTERVAL).
    ttl: 60 * 60,
  });
  for (const t of opts.tasks) {
    if (!t.dueDate) continue;
    const due = new Date(t.dueDate);
    const description = plainText(t.description);
    cal.createEvent({
      id: `task-${t.id}@studyhall`,
      start: due,
      end: due,
      // Finished work stays visible (it happened) but reads as done at a glance.
      summary: t.completed ? `✓ ${t.title}` : t.title,
      description: description || null,
      url: t.htmlUrl,
      lastModified: new Date(t.updatedAt),
      categories: [{ name: "Task" }],
      x: { "X-STUDYHALL-PRIORITY": t.priority, "X-STUDYHALL-COMPLETED": String(t.completed) },
    });
  }
  for (const e of opts.events) {
    const start = new Date(e.date);
    cal.createEvent({
      id: `event-${e.id}@studyhall`,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      summary: e.title,
      description: e.description || null,
      created: new Date(e.createdAt),
      categories: [{ name: "Event" }],
    });
  }
  return cal.toString();
}
