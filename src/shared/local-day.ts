import { tz, tzOffset } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, startOfDay } from "date-fns";
import { formatDate } from "./date-format.ts";

// Checking a zone needs no date library: schemas that only validate one (settings, study, chat) import
// time-zone.ts, and the client's signed-in shell stays without date-fns.
export { isTimeZone } from "./time-zone.ts";

/**
 * Calendar days in a student's IANA time zone, for streaks, the heatmap and exam plans. Everything goes
 * through date-fns with @date-fns/tz, so DST days (23 or 25 hours) and zones far from UTC need no
 * arithmetic of ours. Results are plain Dates (instants); day names are 'yyyy-MM-dd'.
 */

/** The local calendar day of an instant, e.g. '2025-03-09'. */
export const localDay = (at: Date, timeZone: string): string => formatDate(at, "yyyy-MM-dd", timeZone);

/** Local midnight of the day the instant falls on. */
export const startOfLocalDay = (at: Date, timeZone: string): Date =>
  new Date(startOfDay(at, { in: tz(timeZone) }).getTime());

/** The same local wall time `days` calendar days later (so midnight stays midnight across DST). */
export const addLocalDays = (at: Date, days: number, timeZone: string): Date =>
  new Date(addDays(at, days, { in: tz(timeZone) }).getTime());

/** Whole local calendar days from `from` to `to` (negative when `to` is earlier). */
export const localDaysBetween = (from: Date, to: Date, timeZone: string): number =>
  differenceInCalendarDays(to, from, { in: tz(timeZone) });

/**
 * An instant's wall-clock time in `timeZone`, as the UTC instant showing the same date and time: what
 * counts a student's calendar days with a library that counts UTC dates (FSRS's elapsed days), and what
 * an iCalendar time with a TZID is written from.
 */
export const wallClock = (at: Date, timeZone: string): Date =>
  new Date(at.getTime() + tzOffset(timeZone, at) * 60_000);
