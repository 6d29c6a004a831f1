import ical from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { CalendarEvent } from "#shared/calendar/contract.ts";
import { wallClock } from "#shared/local-day.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { parseRRule, splitSeries, toRRule } from "#shared/tasks/recurrence.ts";
import { plainText } from "#shared/tasks/task-rules.ts";

/** A zone's VTIMEZONE block; null for a name the library does not know (its answer is then a message). */
function vtimezoneOf(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/**
 * A recurring task's RRULE from this occurrence on (its remaining count, or its end date), for the
 * series' latest task: earlier occurrences are their own entries, so the rule must not repeat them.
 */
function remainingRule(t: Task): string | null {
  if (!t.rrule || !t.recurrenceTimeZone || !t.seriesStart || !t.dueDate) return null;
  const start = new Date(t.seriesStart);
  const parsed = parseRRule(t.rrule, { start, timeZone: t.recurrenceTimeZone });
  if (!parsed.ok) return null;
  try {
    const { after } = splitSeries(
      { rule: parsed.rule, start, timeZone: t.recurrenceTimeZone },
      new Date(t.dueDate),
    );
    return toRRule(after.rule, t.recurrenceTimeZone);
  } catch {
    return null;
  }
}

/** The latest task of each series: it carries the series' RRULE in the feed. */
function latestOfSeries(tasks: readonly Task[]): Set<number> {
  const latest = new Map<number, Task>();
  for (const t of tasks) {
    if (t.seriesId === null || !t.rrule || !t.dueDate) continue;
    const seen = latest.get(t.seriesId);
    if (!seen || seen.dueDate! < t.dueDate) latest.set(t.seriesId, t);
  }
  return new Set([...latest.values()].map((t) => t.id));
}

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
  // RFC 5545 §3.2.19: every TZID used needs its VTIMEZONE in the calendar; Outlook and ical.js-based
  // readers do not look an IANA name up themselves. The blocks are the tz database's rules as yearly
  // RRULEs (timezones-ical-library), so a series that never ends stays right in every year.
  cal.timezone({ name: null, generator: vtimezoneOf });
  const carriesRule = latestOfSeries(opts.tasks);
  for (const t of opts.tasks) {
    if (!t.dueDate) continue;
    const due = new Date(t.dueDate);
    const description = plainText(t.description, { lines: true });
    // A series (issue 26): its latest task repeats by its RRULE from its own date, with DTSTART in the
    // series' zone (TZID) so calendar apps keep its time of day across DST as Studyhall does.
    const rrule = carriesRule.has(t.id) ? remainingRule(t) : null;
    const zone = rrule ? t.recurrenceTimeZone : null;
    const at = zone ? wallClock(due, zone) : due;
    cal.createEvent({
      id: `task-${t.id}@studyhall`,
      start: at,
      // A deadline is a moment: RFC 5545 reads a DTSTART without DTEND as one (§3.6.1), while a DTEND
      // equal to DTSTART is invalid (it must be later, §3.8.2.2).
      end: null,
      ...(rrule && zone ? { timezone: zone, repeating: rrule } : {}),
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
  // RFC 5545 §3.1 ends every content line with CRLF, the last one included; ical-generator leaves it
  // off END:VCALENDAR, so a reader that splits on CRLF is handed an unterminated last line.
  return `${cal.toString()}\r\n`;
}
