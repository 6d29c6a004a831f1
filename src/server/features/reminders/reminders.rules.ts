import { formatDate } from "#shared/date-format.ts";
import { addLocalDays } from "#shared/local-day.ts";
import type { ReminderSettings } from "#shared/settings/contract.ts";

/**
 * When a reminder is due (issue 23), as pure functions of the time, the student's zone and settings. The
 * tick's SQL (reminders.repo.ts `dueStudents`) picks the same students with the same wall-clock rules;
 * these decide, per student, exactly what to send. Times of day are wall-clock minutes in the student's
 * zone, so '18:00' stays 18:00 across a DST change.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MINUTES = 24 * 60;
/** A daily reminder not sent within this long of its time (a stopped worker) is skipped, not sent late. */
export const DAILY_GRACE_MINUTES = 120;

/** '18:30' → 1110. */
export const clockMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
};

/** The instant's wall-clock day and minutes in the zone. */
export function localClock(at: Date, timeZone: string): { day: string; minutes: number } {
  const [day, time] = formatDate(at, "yyyy-MM-dd HH:mm", timeZone).split(" ");
  return { day: day!, minutes: clockMinutes(time!) };
}

/** Whether a wall-clock minute falls in [start, end), which may span midnight; start = end: never. */
export function inQuietRange(minutes: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

type Quiet = Pick<ReminderSettings, "quietHours" | "quietStart" | "quietEnd">;

/** Whether nothing may be pushed now (the student's quiet hours). */
export function isQuiet(now: Date, timeZone: string, s: Quiet): boolean {
  return (
    s.quietHours &&
    inQuietRange(localClock(now, timeZone).minutes, clockMinutes(s.quietStart), clockMinutes(s.quietEnd))
  );
}

export type TaskReminderKind = "24h" | "1h";

/**
 * Which reminder an open task is due for now: '1h' from an hour before its due time, '24h' from a day
 * before until then, none once it is due or completed. One sent per key (task, due instant, kind): a
 * moved due date makes new keys. Held back by quiet hours, the one due when they end is sent (the 1 h one
 * only, if both fell inside; none if the task came due meanwhile).
 */
export function taskReminder(
  now: Date,
  task: { id: number; dueDate: Date | null; completed: boolean },
): { kind: TaskReminderKind; key: string; dueAt: Date } | null {
  if (task.completed || !task.dueDate) return null;
  const due = task.dueDate.getTime();
  const t = now.getTime();
  if (t >= due || t < due - 24 * HOUR_MS) return null;
  const kind: TaskReminderKind = t >= due - HOUR_MS ? "1h" : "24h";
  return {
    kind,
    key: taskReminderKey(task.id, task.dueDate, kind),
    dueAt: new Date(due - (kind === "1h" ? HOUR_MS : 24 * HOUR_MS)),
  };
}

export const taskReminderKey = (taskId: number, dueDate: Date, kind: TaskReminderKind) =>
  `task:${taskId}:${dueDate.toISOString()}:${kind}`;

/**
 * The daily reminder (review, exam plans) pending now: its latest occurrence at `time` on or before now,
 * if that was at most DAILY_GRACE_MINUTES ago, or, when the time lies in quiet hours, at most that long
 * after they ended. Keyed by the occurrence's local day. Null while quiet or when none is pending.
 */
export function dailyOccurrence(
  now: Date,
  timeZone: string,
  time: string,
  quiet: Quiet,
): { day: string; dueAt: Date } | null {
  if (isQuiet(now, timeZone, quiet)) return null;
  const { day, minutes } = localClock(now, timeZone);
  const at = clockMinutes(time);
  const age = (minutes - at + DAY_MINUTES) % DAY_MINUTES;
  const qs = clockMinutes(quiet.quietStart);
  const qe = clockMinutes(quiet.quietEnd);
  const deferred = quiet.quietHours && inQuietRange(at, qs, qe) ? (qe - at + DAY_MINUTES) % DAY_MINUTES : 0;
  if (age >= deferred + DAILY_GRACE_MINUTES) return null;
  // The occurrence was today, or (age reaching back past midnight) yesterday.
  const occurrenceDay = minutes >= at ? day : localClock(addLocalDays(now, -1, timeZone), timeZone).day;
  return { day: occurrenceDay, dueAt: new Date(now.getTime() - age * 60_000) };
}
