import { TZDate, tzOffset } from "@date-fns/tz";
import type { Options as RRuleOptions, Weekday as RRuleWeekday } from "rrule";
import * as rrulePackage from "rrule";
import { z } from "zod";
import { formatDate } from "../date-format.ts";
import { wallClock } from "../local-day.ts";
import { isTimeZone } from "../time-zone.ts";
import { RRULE_TEXT_MAX } from "./contract.ts";

/**
 * Recurring tasks (issue 26): the repeats a student can choose, their RFC 5545 RRULE text (what the iCal
 * feed emits and what an API client may send), and the occurrences a series has in the student's time
 * zone. Expansion is done by the `rrule` library on "floating" wall-clock times (a UTC Date whose UTC
 * fields are the local date and time), and each occurrence is then placed in the zone with @date-fns/tz.
 * rrule's own `tzid` support converts through the runtime's zone and has shifted times by an hour around
 * DST changes; working in wall-clock time keeps "every Monday 17:00" at 17:00 before and after the change,
 * as RFC 5545 requires for a DTSTART with a TZID.
 *
 * A series is { rule, start, timeZone }: `start` is the first occurrence (the task's due date); the rule
 * repeats its local time of day. Every function here is bounded: a rule has at most RECURRENCE_LIMITS.maxCount
 * occurrences or ends within maxYears, and one expansion covers at most maxWindowDays.
 */

// rrule 2.8 ships an ES module under "module" and a UMD bundle under "main", with no "exports" map. Vite,
// Vitest and esbuild see the named exports either way; Node's own loader (the dev server under tsx) reads
// the UMD bundle as CommonJS whose names it cannot detect and offers only `default`.
const { RRule } =
  "RRule" in rrulePackage
    ? rrulePackage
    : (rrulePackage as unknown as { default: typeof rrulePackage }).default;
type RRuleInstance = InstanceType<typeof RRule>;

export const RECURRENCE_LIMITS = {
  /** Largest "every N" per unit: a repeat rarer than this is not a routine a planner should model. */
  maxInterval: { daily: 365, weekly: 52, monthly: 24 },
  /** A counted series: two school years of daily work, and far more weekly or monthly. */
  maxCount: 500,
  /** An end date at most this many years after the first occurrence (keeps every series finite to expand). */
  maxYears: 5,
  /** One expansion (a calendar view, an agenda) spans at most this many days: a year and some margin. */
  maxWindowDays: 400,
  /** Occurrences one expansion returns at most (a daily series over the widest window has 400). */
  maxOccurrences: 1000,
  maxTextLength: RRULE_TEXT_MAX,
} as const;

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export const weekdaySchema = z.enum(WEEKDAYS, "A weekday is one of MO, TU, WE, TH, FR, SA, SU");
export type Weekday = z.infer<typeof weekdaySchema>;

/** 1..5 counts from the start of the month, -1 is the last. A month without a 5th Friday is skipped. */
export const NTH_VALUES = [1, 2, 3, 4, 5, -1] as const;
export type Nth = (typeof NTH_VALUES)[number];

/** 'yyyy-MM-dd' naming a real calendar day. */
const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "The end date must be written yyyy-MM-dd")
  .refine((s) => parseLocalDate(s) !== null, "The end date is not a calendar day");

export const recurrenceEndSchema = z.discriminatedUnion(
  "type",
  [
    // An open-ended series is allowed (weekly labs run until the student stops them): its expansion is
    // bounded by the window, and "completing one creates the next" needs only one occurrence at a time.
    z.object({ type: z.literal("never") }),
    z.object({
      type: z.literal("count"),
      count: z
        .number("The number of times must be a number")
        .int("The number of times must be a whole number")
        .min(1, "A series happens at least once")
        .max(RECURRENCE_LIMITS.maxCount, `A series can repeat at most ${RECURRENCE_LIMITS.maxCount} times`),
    }),
    /** The last local day an occurrence may fall on (inclusive). */
    z.object({ type: z.literal("until"), until: localDateSchema }),
  ],
  "The end must be never, a count or an until date",
);
export type RecurrenceEnd = z.infer<typeof recurrenceEndSchema>;

const interval = (unit: keyof typeof RECURRENCE_LIMITS.maxInterval) =>
  z
    .number("The interval must be a number")
    .int("The interval must be a whole number")
    .min(1, "The interval is at least 1")
    .max(
      RECURRENCE_LIMITS.maxInterval[unit],
      `Repeat at most every ${RECURRENCE_LIMITS.maxInterval[unit]} ${unit === "daily" ? "days" : unit === "weekly" ? "weeks" : "months"}`,
    )
    .default(1);

const byWeekdayOrder = (a: Weekday, b: Weekday) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b);

export const monthlyOnSchema = z.discriminatedUnion("type", [
  /** The same date each month; a month without it (the 31st in April) is skipped, as RFC 5545 says. */
  z.object({
    type: z.literal("day"),
    day: z.int().min(1, "A day of the month is 1 to 31").max(31, "A day of the month is 1 to 31"),
  }),
  /** The nth weekday of each month: the first Friday, the last Monday, the 5th Thursday (when there is one). */
  z.object({
    type: z.literal("weekday"),
    weekday: weekdaySchema,
    nth: z.union(
      NTH_VALUES.map((n) => z.literal(n)),
      "Which weekday of the month: 1 to 5, or -1 for the last",
    ),
  }),
]);

export const recurrenceSchema = z.discriminatedUnion(
  "freq",
  [
    z.object({ freq: z.literal("daily"), interval: interval("daily"), end: recurrenceEndSchema }),
    z.object({
      freq: z.literal("weekly"),
      interval: interval("weekly"),
      // Kept sorted and unique, so equal rules compare equal and emit the same RRULE.
      days: z
        .array(weekdaySchema)
        .min(1, "Choose at least one day of the week")
        .max(7)
        .transform((days) => [...new Set(days)].sort(byWeekdayOrder)),
      end: recurrenceEndSchema,
    }),
    z.object({
      freq: z.literal("monthly"),
      interval: interval("monthly"),
      on: monthlyOnSchema,
      end: recurrenceEndSchema,
    }),
  ],
  "A repeat is daily, weekly or monthly",
);
export type Recurrence = z.output<typeof recurrenceSchema>;
export type RecurrenceInput = z.input<typeof recurrenceSchema>;

/** A recurring task's schedule: `start` is its first occurrence, whose local time every occurrence keeps. */
export interface Series {
  rule: Recurrence;
  start: Date;
  /** The student's IANA zone: occurrences keep their wall-clock time in it across DST changes. */
  timeZone: string;
}

/** A request this module cannot answer within its bounds (a window too wide, an unknown zone). */
export class RecurrenceError extends Error {
  override name = "RecurrenceError";
}

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Wall-clock ("floating") time

function parseLocalDate(s: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
    ? { year, month, day }
    : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The local wall-clock time of an instant in a zone, as a UTC Date with those fields (whole seconds). */
function toFloating(at: Date, timeZone: string): Date {
  const wall = wallClock(at, timeZone).getTime();
  return new Date(wall - (((wall % 1000) + 1000) % 1000));
}

/**
 * The instant a wall-clock time names in a zone. RFC 5545 §3.3.5: a time skipped by a DST change (02:30 on
 * the spring-forward night) is read with the offset before the gap, so it lands at 03:30; a time that
 * happens twice (01:30 on the fall-back night) is the first of the two. TZDate alone resolves the repeated
 * hour differently by zone (the first in New York, the second in Berlin), so the choice is made here from
 * the offsets a day either side, which differ only when a change happens in between.
 */
function fromFloating(f: Date, timeZone: string): Date {
  const wallMs = f.getTime();
  const before = tzOffset(timeZone, new Date(wallMs - DAY_MS));
  const after = tzOffset(timeZone, new Date(wallMs + DAY_MS));
  const fits = (offset: number) => tzOffset(timeZone, new Date(wallMs - offset * 60_000)) === offset;
  const valid = [before, after].filter(fits).map((offset) => wallMs - offset * 60_000);
  return new Date(valid.length ? Math.min(...valid) : wallMs - before * 60_000);
}

/** 'yyyy-MM-dd' of an instant in a zone. */
function localDateOf(at: Date, timeZone: string): string {
  const f = toFloating(at, timeZone);
  return `${f.getUTCFullYear()}-${pad(f.getUTCMonth() + 1)}-${pad(f.getUTCDate())}`;
}

/** The last second of a local day, in floating time: an occurrence on that day at any time is within it. */
function endOfLocalDay(date: string): Date {
  const d = parseLocalDate(date)!;
  return new Date(Date.UTC(d.year, d.month - 1, d.day, 23, 59, 59));
}

function assertZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new RecurrenceError(`Unknown time zone '${timeZone}'`);
}

// ---------------------------------------------------------------------------------------------------
// Rule -> rrule

const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;
const RRULE_DAY: Record<Weekday, RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

/** The rule's RRULE parts as rrule options, without the start or the end. */
function ruleParts(rule: Recurrence): Partial<RRuleOptions> {
  const parts: Partial<RRuleOptions> = { freq: FREQ[rule.freq] };
  if (rule.interval !== 1) parts.interval = rule.interval;
  if (rule.freq === "weekly") parts.byweekday = rule.days.map((d) => RRULE_DAY[d]);
  if (rule.freq === "monthly") {
    if (rule.on.type === "day") parts.bymonthday = [rule.on.day];
    else parts.byweekday = [RRULE_DAY[rule.on.weekday].nth(rule.on.nth)];
  }
  return parts;
}

/**
 * The start an expansion may begin from instead of the series' own: a whole number of periods later,
 * so every occurrence at or after `target` is unchanged. An open or dated series started years ago then
 * costs only the window to expand; a counted one must be walked from its start (at most maxCount steps).
 */
function fastForward(rule: Recurrence, start: Date, target: Date): Date {
  if (rule.end.type === "count" || target <= start) return start;
  if (rule.freq === "monthly") {
    const months =
      (target.getUTCFullYear() - start.getUTCFullYear()) * 12 + target.getUTCMonth() - start.getUTCMonth();
    const k = Math.floor(months / rule.interval) - 1;
    if (k < 1) return start;
    // Day 1 of a month whole intervals later: the rule names its own day or weekday, so only the month
    // (its phase in the interval) and the time of day matter. One period early keeps target's month in reach.
    return new Date(
      Date.UTC(
        start.getUTCFullYear(),
        start.getUTCMonth() + k * rule.interval,
        1,
        start.getUTCHours(),
        start.getUTCMinutes(),
        start.getUTCSeconds(),
      ),
    );
  }
  // Floating time has no DST, so a period is an exact number of milliseconds. Weekly periods are whole
  // weeks, which keeps both the weekday of the start and the week's phase in a multi-week interval.
  const period = (rule.freq === "daily" ? 1 : 7) * rule.interval * DAY_MS;
  const k = Math.floor((target.getTime() - start.getTime()) / period);
  return k > 0 ? new Date(start.getTime() + k * period) : start;
}

/** rrule for a series in floating time, optionally starting late (see fastForward) for a window at `from`. */
function expander(series: Series, from?: Date): RRuleInstance {
  assertZone(series.timeZone);
  const start = toFloating(series.start, series.timeZone);
  const options: Partial<RRuleOptions> = {
    ...ruleParts(series.rule),
    dtstart: from ? fastForward(series.rule, start, from) : start,
    wkst: RRule.MO,
  };
  if (series.rule.end.type === "count") options.count = series.rule.end.count;
  if (series.rule.end.type === "until") options.until = endOfLocalDay(series.rule.end.until);
  return new RRule(options);
}

// ---------------------------------------------------------------------------------------------------
// Occurrences

/**
 * The occurrences with from <= at < to, in order, for a calendar view or an agenda. The window is at
 * most RECURRENCE_LIMITS.maxWindowDays long (a RecurrenceError otherwise), so no request can make the
 * server expand a series without bound.
 */
export function occurrencesBetween(series: Series, from: Date, to: Date): Date[] {
  if (!(to.getTime() > from.getTime())) return [];
  if (to.getTime() - from.getTime() > RECURRENCE_LIMITS.maxWindowDays * DAY_MS) {
    throw new RecurrenceError(
      `A window of occurrences spans at most ${RECURRENCE_LIMITS.maxWindowDays} days`,
    );
  }
  // Wall-clock and real time differ by the zone's offset (and an hour at DST changes): expand two days
  // wider in floating time, then keep what falls in the window in real time.
  const lo = new Date(toFloating(from, series.timeZone).getTime() - 2 * DAY_MS);
  const hi = new Date(toFloating(to, series.timeZone).getTime() + 2 * DAY_MS);
  const out: Date[] = [];
  expander(series, lo).between(lo, hi, true, (f) => {
    const at = fromFloating(f, series.timeZone);
    if (at >= from && at < to) out.push(at);
    return out.length < RECURRENCE_LIMITS.maxOccurrences;
  });
  return out;
}

/**
 * The first occurrence strictly after `after`, or null when the series has ended. Completing a task
 * creates the next one: pass the completed occurrence's due date to keep the schedule (a late completion
 * still gets the next in turn, possibly overdue too), or the completion time to skip the ones missed.
 */
export function nextOccurrence(series: Series, after: Date): Date | null {
  const near = new Date(toFloating(after, series.timeZone).getTime() - 2 * DAY_MS);
  const rule = expander(series, near);
  // Occurrences are at most one a day, so this walks over at most the two days of slack.
  for (let f = rule.after(near, true); f; f = rule.after(f, false)) {
    const at = fromFloating(f, series.timeZone);
    if (at > after) return at;
  }
  return null;
}

/**
 * The first occurrence at or after `notBefore` for a rule that starts then: how quick add and the task
 * form turn "every Monday" typed on a Wednesday into a series whose start is next Monday. The time of day
 * is the one of `notBefore`. Null when the rule has no occurrence (an end date before the first match).
 */
export function firstOccurrence(rule: Recurrence, notBefore: Date, timeZone: string): Date | null {
  const start = toFloating(notBefore, timeZone);
  const expand = expander({ rule, start: notBefore, timeZone });
  // rrule counts COUNT from its dtstart only over matches, so a counted rule keeps its full count here.
  const f = expand.after(start, true);
  return f ? fromFloating(f, timeZone) : null;
}

/** Number of occurrences of a counted or dated series (null for an open one): "5 of 12" on a task row. */
export function occurrenceCount(series: Series): number | null {
  if (series.rule.end.type === "never") return null;
  if (series.rule.end.type === "count") return series.rule.end.count;
  return expander(series).all((_, i) => i < RECURRENCE_LIMITS.maxYears * 366).length;
}

/**
 * Why a series cannot be saved, or null when it can: an unknown zone, a start that is not itself an
 * occurrence (RFC 5545 leaves such a series undefined, and "the next one" would be ambiguous), an end
 * before the start, or an end too far away to expand. The rule itself was validated by recurrenceSchema.
 */
export function checkSeries(series: Series): string | null {
  if (!isTimeZone(series.timeZone)) return `Unknown time zone '${series.timeZone}'`;
  if (Number.isNaN(series.start.getTime())) return "The series needs a valid first date";
  const { rule, start, timeZone } = series;
  if (rule.end.type === "until") {
    const first = localDateOf(start, timeZone);
    if (rule.end.until < first) return `The series ends (${rule.end.until}) before its first date (${first})`;
    const latest = new TZDate(start.getTime(), timeZone);
    latest.setFullYear(latest.getFullYear() + RECURRENCE_LIMITS.maxYears);
    if (rule.end.until > localDateOf(latest, timeZone)) {
      return `A series can run for at most ${RECURRENCE_LIMITS.maxYears} years: choose an earlier end date or a number of times`;
    }
  }
  const first = firstOccurrence(rule, start, timeZone);
  if (!first) return "The series has no date between its start and its end";
  if (first.getTime() !== Math.floor(start.getTime() / 1000) * 1000) {
    // Said in the form's words: the student picked a due date and repeat days that do not meet.
    const day = (d: Date) => formatDate(d, "EEE, MMM d, yyyy", timeZone);
    return `The due date (${day(start)}) is not a day this repeats on: the first would be ${day(first)}. Move the due date, or change the repeat.`;
  }
  return null;
}

/**
 * "This and all future" edits split a series at one of its occurrences: the part before `at` ends the day
 * before it (or keeps the count already used), and the part from `at` on starts there with what is left.
 * `before` is null when `at` is the first occurrence. A RecurrenceError when `at` is past the series' end.
 */
export function splitSeries(series: Series, at: Date): { before: Recurrence | null; after: Series } {
  const { rule, timeZone } = series;
  const earlier =
    at > series.start
      ? expander(series).between(
          toFloating(series.start, timeZone),
          toFloating(at, timeZone),
          true,
          (f, i) => i < RECURRENCE_LIMITS.maxYears * 366 && fromFloating(f, timeZone) < at,
        ).length
      : 0;
  let before: Recurrence | null = null;
  let afterEnd = rule.end;
  if (earlier > 0) {
    if (rule.end.type === "count") {
      if (rule.end.count - earlier < 1) throw new RecurrenceError("That date is after the series' last one");
      before = { ...rule, end: { type: "count", count: earlier } };
      afterEnd = { type: "count", count: rule.end.count - earlier };
    } else {
      // At most one occurrence a day, so ending the day before `at` keeps every earlier one.
      const dayBefore = new Date(toFloating(at, timeZone).getTime() - DAY_MS);
      before = {
        ...rule,
        end: {
          type: "until",
          until: `${dayBefore.getUTCFullYear()}-${pad(dayBefore.getUTCMonth() + 1)}-${pad(dayBefore.getUTCDate())}`,
        },
      };
    }
  }
  if (rule.end.type === "until" && localDateOf(at, timeZone) > rule.end.until) {
    throw new RecurrenceError("That date is after the series' last one");
  }
  return { before, after: { rule: { ...rule, end: afterEnd }, start: at, timeZone } };
}

// ---------------------------------------------------------------------------------------------------
// RRULE text

/**
 * The RRULE property value (no "RRULE:" prefix; ical-generator adds it) for the iCal feed. UNTIL is the
 * end of the until-day in the student's zone written in UTC, which RFC 5545 requires when DTSTART has a
 * TZID or is UTC. The feed must give the event DTSTART;TZID=<zone> so calendar apps keep the local time
 * across DST, as the expansion here does.
 */
export function toRRule(rule: Recurrence, timeZone: string): string {
  assertZone(timeZone);
  const options: Partial<RRuleOptions> = ruleParts(rule);
  if (rule.end.type === "count") options.count = rule.end.count;
  if (rule.end.type === "until") options.until = fromFloating(endOfLocalDay(rule.end.until), timeZone);
  return RRule.optionsToString(options).replace(/^RRULE:/, "");
}

export type RRuleParse = { ok: true; rule: Recurrence } | { ok: false; error: string };

const SUPPORTED_PARTS = new Set([
  "FREQ",
  "INTERVAL",
  "COUNT",
  "UNTIL",
  "BYDAY",
  "BYMONTHDAY",
  "BYSETPOS",
  "WKST",
]);
const RFC_PARTS = new Set(["BYSECOND", "BYMINUTE", "BYHOUR", "BYYEARDAY", "BYWEEKNO", "BYMONTH"]);
const BYDAY_ITEM = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;

const fail = (error: string): RRuleParse => ({ ok: false, error: `Invalid RRULE: ${error}` });

function positiveInt(name: string, value: string): number | string {
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1)
    return `${name} must be a whole number from 1 (got '${value}')`;
  return Number(value);
}

/** UNTIL as a local date: a DATE, a UTC DATE-TIME (read in the zone) or a floating DATE-TIME. */
function untilDate(value: string, timeZone: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!parseLocalDate(date)) return null;
  if (m[4] === undefined) return date;
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6])];
  if (h > 23 || mi > 59 || s > 60) return null;
  if (!m[7]) return date;
  // The local day the UTC instant falls on. Occurrences are whole days apart, so an UNTIL inside the last
  // day keeps that day's occurrence even if it is later that day: the rule stays date-granular.
  return localDateOf(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, mi, s)), timeZone);
}

/**
 * A rule from RRULE text (with or without the "RRULE:" prefix), as an API client or an imported feed
 * writes it, for a series whose first occurrence is `start` (a rule without BYDAY or BYMONTHDAY repeats on
 * the start's weekday or date, as RFC 5545 says). Only what recurrenceSchema can hold is accepted; anything
 * else is refused with a message naming the part, never silently changed.
 */
export function parseRRule(text: string, opts: { start: Date; timeZone: string }): RRuleParse {
  if (!isTimeZone(opts.timeZone)) return fail(`unknown time zone '${opts.timeZone}'`);
  if (text.length > RECURRENCE_LIMITS.maxTextLength) {
    return fail(`longer than ${RECURRENCE_LIMITS.maxTextLength} characters`);
  }
  const body = text.trim().replace(/^RRULE:/i, "");
  if (/[\r\n]/.test(body) || /^(DTSTART|EXDATE|RDATE)/i.test(body)) {
    return fail("send only the RRULE value (e.g. FREQ=WEEKLY;BYDAY=MO), without DTSTART or other lines");
  }
  if (body === "") return fail("empty rule; it needs at least FREQ");
  const parts = new Map<string, string>();
  for (const piece of body.split(";")) {
    if (piece === "") continue;
    const eq = piece.indexOf("=");
    if (eq <= 0) return fail(`'${piece}' is not NAME=VALUE`);
    const name = piece.slice(0, eq).trim().toUpperCase();
    const value = piece
      .slice(eq + 1)
      .trim()
      .toUpperCase();
    if (parts.has(name)) return fail(`${name} is given twice`);
    if (RFC_PARTS.has(name)) return fail(`${name} is not supported: tasks repeat daily, weekly or monthly`);
    if (!SUPPORTED_PARTS.has(name)) return fail(`unknown part '${name}'`);
    if (value === "") return fail(`${name} has no value`);
    parts.set(name, value);
  }

  const freq = parts.get("FREQ");
  if (!freq) return fail("FREQ is required");
  if (!["DAILY", "WEEKLY", "MONTHLY"].includes(freq)) {
    return ["SECONDLY", "MINUTELY", "HOURLY", "YEARLY"].includes(freq)
      ? fail(`FREQ=${freq} is not supported: tasks repeat daily, weekly or monthly`)
      : fail(`FREQ must be DAILY, WEEKLY or MONTHLY (got '${freq}')`);
  }

  let intervalValue = 1;
  const intervalText = parts.get("INTERVAL");
  if (intervalText !== undefined) {
    const n = positiveInt("INTERVAL", intervalText);
    if (typeof n === "string") return fail(n);
    intervalValue = n;
  }

  if (parts.has("COUNT") && parts.has("UNTIL"))
    return fail("COUNT and UNTIL cannot both be given (RFC 5545)");
  let end: RecurrenceInput["end"] = { type: "never" };
  const countText = parts.get("COUNT");
  if (countText !== undefined) {
    const n = positiveInt("COUNT", countText);
    if (typeof n === "string") return fail(n);
    end = { type: "count", count: n };
  }
  const untilText = parts.get("UNTIL");
  if (untilText !== undefined) {
    const until = untilDate(untilText, opts.timeZone);
    if (!until)
      return fail(`UNTIL must be a date (20251220) or a date-time (20251220T235959Z), got '${untilText}'`);
    end = { type: "until", until };
  }

  const byDay: { nth: number | null; day: Weekday }[] = [];
  for (const item of parts.get("BYDAY")?.split(",") ?? []) {
    const m = BYDAY_ITEM.exec(item.trim());
    if (!m) return fail(`BYDAY item '${item}' is not a weekday like MO, 2TU or -1FR`);
    byDay.push({ nth: m[1] === undefined ? null : Number(m[1]), day: m[2] as Weekday });
  }
  const monthDays = parts.get("BYMONTHDAY")?.split(",") ?? [];
  const setPos = parts.get("BYSETPOS")?.split(",") ?? [];
  const wkst = parts.get("WKST");
  if (wkst !== undefined && !(WEEKDAYS as readonly string[]).includes(wkst)) {
    return fail(`WKST must be a weekday like MO (got '${wkst}')`);
  }

  const startLocal = toFloating(opts.start, opts.timeZone);
  const startDay = WEEKDAYS[(startLocal.getUTCDay() + 6) % 7]!;
  let candidate: RecurrenceInput;

  if (freq === "DAILY" || freq === "WEEKLY") {
    if (monthDays.length) return fail(`BYMONTHDAY does not go with FREQ=${freq}`);
    if (setPos.length) return fail(`BYSETPOS does not go with FREQ=${freq}`);
    if (byDay.some((d) => d.nth !== null)) return fail(`BYDAY ordinals like 2TU need FREQ=MONTHLY`);
    if (freq === "DAILY" && byDay.length === 0) {
      candidate = { freq: "daily", interval: intervalValue, end };
    } else if (freq === "DAILY" && intervalValue !== 1) {
      // FREQ=DAILY;BYDAY=... with an interval counts days, not weeks, which no weekly rule can say.
      return fail("FREQ=DAILY with BYDAY is supported only with INTERVAL=1 (write it as FREQ=WEEKLY)");
    } else {
      const days = byDay.length ? byDay.map((d) => d.day) : [startDay];
      // WKST decides which days share a week only when a multi-week interval has several days.
      if (wkst && wkst !== "MO" && intervalValue > 1 && new Set(days).size > 1) {
        return fail("WKST other than MO is not supported for a multi-week interval with several days");
      }
      candidate = { freq: "weekly", interval: intervalValue, days, end };
    }
  } else {
    if (monthDays.length && byDay.length)
      return fail("give either BYMONTHDAY or BYDAY with FREQ=MONTHLY, not both");
    let on: z.input<typeof monthlyOnSchema>;
    if (monthDays.length) {
      if (monthDays.length > 1) return fail("one BYMONTHDAY only (one date each month)");
      if (setPos.length) return fail("BYSETPOS does not go with BYMONTHDAY");
      const day = Number(monthDays[0]);
      if (!/^\d{1,2}$/.test(monthDays[0]!) || day < 1 || day > 31) {
        return fail(
          `BYMONTHDAY must be a day 1 to 31 (got '${monthDays[0]}'); counting from the month's end is not supported`,
        );
      }
      on = { type: "day", day };
    } else if (byDay.length) {
      if (byDay.length > 1) return fail("one BYDAY only with FREQ=MONTHLY (like 1FR or -1MO)");
      const [only] = byDay as [{ nth: number | null; day: Weekday }];
      if (setPos.length > 1) return fail("one BYSETPOS only");
      if (only.nth !== null && setPos.length)
        return fail("give the ordinal in BYDAY or in BYSETPOS, not both");
      const nth = only.nth ?? (setPos.length ? Number(setPos[0]) : null);
      if (nth === null) return fail("FREQ=MONTHLY with BYDAY needs which one, like 1FR, 5TH or -1MO");
      if (!(NTH_VALUES as readonly number[]).includes(nth)) {
        return fail(`which weekday of the month must be 1 to 5 or -1 (got ${nth})`);
      }
      on = { type: "weekday", weekday: only.day, nth: nth as Nth };
    } else {
      if (setPos.length) return fail("BYSETPOS needs BYDAY");
      on = { type: "day", day: startLocal.getUTCDate() };
    }
    candidate = { freq: "monthly", interval: intervalValue, on, end };
  }

  const checked = recurrenceSchema.safeParse(candidate);
  if (!checked.success) return fail(checked.error.issues[0]?.message ?? "out of bounds");
  return { ok: true, rule: checked.data };
}

// ---------------------------------------------------------------------------------------------------
// Words

const DAY_NAMES: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const NTH_NAMES: Record<Nth, string> = {
  1: "first",
  2: "second",
  3: "third",
  4: "fourth",
  5: "fifth",
  [-1]: "last",
};
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/**
 * The rule in words for the quick-add preview and a task row: "Every 2 weeks on Monday and Wednesday,
 * until Dec 20, 2025". Days 29 to 31 say that months without the day are skipped, which surprises people.
 */
export function describeRecurrence(rule: Recurrence): string {
  const every = (unit: string) => (rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`);
  let text: string;
  if (rule.freq === "daily") text = every("day");
  else if (rule.freq === "weekly") {
    const weekdays = rule.days.join() === "MO,TU,WE,TH,FR";
    text =
      weekdays && rule.interval === 1
        ? "Every weekday"
        : `${every("week")} on ${list(rule.days.map((d) => DAY_NAMES[d]))}`;
  } else if (rule.on.type === "day") {
    text = `${every("month")} on the ${ordinal(rule.on.day)}`;
    if (rule.on.day > 28) text += " (months without one are skipped)";
  } else {
    text = `${every("month")} on the ${NTH_NAMES[rule.on.nth]} ${DAY_NAMES[rule.on.weekday]}`;
    if (rule.on.nth === 5) text += " (months without one are skipped)";
  }
  if (rule.end.type === "count") text += rule.end.count === 1 ? ", once" : `, ${rule.end.count} times`;
  if (rule.end.type === "until") {
    const d = parseLocalDate(rule.end.until)!;
    text += `, until ${MONTH_NAMES[d.month - 1]} ${d.day}, ${d.year}`;
  }
  return text;
}
