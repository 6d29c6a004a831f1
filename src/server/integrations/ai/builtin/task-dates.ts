import { TZDate } from "@date-fns/tz";
import * as chrono from "chrono-node";
import { addDays, addMonths, startOfDay, startOfMonth, startOfWeek } from "date-fns";
import { isTimeZone } from "#shared/local-day.ts";

/**
 * Date phrases of task questions, turned into ranges of instants in the student's time zone. Days,
 * weeks and months are local calendar units computed with TZDate, so a 23- or 25-hour day at a DST
 * change comes out right. Weeks start on Monday: 'this week' is now until the end of Sunday (on a
 * Sunday, until the end of the week ahead), 'next week' is next Monday to Sunday.
 */

export interface DateRange {
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export interface DateMatch {
  range: DateRange;
  /** True when the phrase names a whole period ('this week') rather than a day. */
  period: boolean;
}

const WEEK = { weekStartsOn: 1 } as const;
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fourteen: 14,
  thirty: 30,
};
const COUNT = "(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty)";
const UNIT = "(days?|weeks?)";

const instant = (date: Date) => new Date(date.getTime());
const count = (word: string) => NUMBER_WORDS[word] ?? Number(word);

export function assertTimeZone(timeZone: string): void {
  // Throws a RangeError naming the zone when it is not an IANA zone this runtime knows.
  if (!isTimeZone(timeZone)) new Intl.DateTimeFormat("en-US", { timeZone });
}

/** The local day `offset` days from the day of `now`, as [start, start of next day). */
function day(now: TZDate, offset: number): DateRange {
  const start = startOfDay(addDays(now, offset));
  return { from: instant(start), to: instant(startOfDay(addDays(start, 1))) };
}

/** Every phrase `relativePhrase` reads has one of these; most questions have none. */
const MAY_BE_RELATIVE = /day|week|month|tonight|tomorrow/;

/**
 * Fixed phrases, checked before chrono (which reads 'this week' as a single day). The zone's calendar
 * is worked out only for the phrase found: a TZDate's arithmetic asks Intl for the offset each time.
 */
function relativePhrase(text: string, now: TZDate, wholePeriods: boolean): DateMatch | undefined {
  const from = wholePeriods ? undefined : instant(now);
  const thisWeek = () => startOfWeek(now, WEEK);
  const nextWeek = () => addDays(thisWeek(), 7);
  if (/\btoday\b|\btonight\b/.test(text)) return { range: day(now, 0), period: false };
  if (/\btomorrow\b/.test(text)) return { range: day(now, 1), period: false };
  if (/\byesterday\b/.test(text)) return { range: day(now, -1), period: false };
  if (/\bnext week\b/.test(text)) {
    const next = nextWeek();
    return { range: { from: instant(next), to: instant(addDays(next, 7)) }, period: true };
  }
  if (/\b(?:this|the) week\b|\bthis coming week\b/.test(text)) {
    // Asked on a Sunday, what is due 'this week' is the week ahead, not the rest of today. The week
    // looked back on ('what did I finish this week?') is still the one ending today.
    const end = from && now.getDay() === 0 ? addDays(nextWeek(), 7) : nextWeek();
    return { range: { from: from ?? instant(thisWeek()), to: instant(end) }, period: true };
  }
  if (/\b(?:this|the) weekend\b/.test(text)) {
    const saturday = addDays(thisWeek(), 5);
    const start = now.getTime() > saturday.getTime() ? instant(now) : instant(saturday);
    return { range: { from: start, to: instant(nextWeek()) }, period: true };
  }
  if (/\bnext month\b/.test(text)) {
    const next = startOfMonth(addMonths(now, 1));
    return { range: { from: instant(next), to: instant(startOfMonth(addMonths(next, 1))) }, period: true };
  }
  if (/\bthis month\b/.test(text)) {
    const first = startOfMonth(now);
    return {
      range: { from: from ?? instant(first), to: instant(startOfMonth(addMonths(first, 1))) },
      period: true,
    };
  }
  const within = new RegExp(
    `\\b(?:within|in the next|over the next|the next|next|coming)\\s+${COUNT}\\s+${UNIT}\\b`,
  ).exec(text);
  if (within) {
    const days = count(within[1]!) * (within[2]!.startsWith("week") ? 7 : 1);
    return { range: { from: instant(now), to: instant(addDays(startOfDay(now), days + 1)) }, period: true };
  }
  const inDays = new RegExp(`\\bin\\s+${COUNT}\\s+${UNIT}\\b`).exec(text);
  if (inDays) {
    const days = count(inDays[1]!) * (inDays[2]!.startsWith("week") ? 7 : 1);
    return { range: day(now, days), period: false };
  }
  return undefined;
}

/**
 * A single date chrono finds ('Friday', 'March 14', '3/14'), read as calendar fields in the student's
 * zone. Chrono works in the system zone, so it gets a reference whose system-local fields are the
 * student's wall clock (at noon, clear of any DST gap).
 */
/** Every date chrono can be certain of the day of has one of these; most questions have none. */
const MAY_NAME_A_DAY =
  /\d|\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|today|tonight|tomorrow|yesterday)/i;

function namedDay(text: string, now: TZDate): DateMatch | undefined {
  // chrono costs about half a millisecond a question; skip it when it cannot find a day.
  if (!MAY_NAME_A_DAY.test(text)) return undefined;
  const reference = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12);
  const [found] = chrono.parse(text, reference, { forwardDate: true });
  if (!found || !(found.start.isCertain("day") || found.start.isCertain("weekday"))) return undefined;
  const start = new TZDate(
    found.start.get("year") ?? now.getFullYear(),
    (found.start.get("month") ?? 1) - 1,
    found.start.get("day") ?? 1,
    now.timeZone ?? "UTC",
  );
  const next = startOfDay(addDays(start, 1));
  const before = text.slice(0, found.index);
  if (/\b(?:before|prior to)\s*$/.test(before))
    return { range: { from: instant(now), to: instant(start) }, period: true };
  if (/\b(?:by|until|till|no later than)\s*(?:the end of\s*)?$/.test(before)) {
    return { range: { from: instant(now), to: instant(next) }, period: true };
  }
  if (/\b(?:after|since|starting|from)\s*$/.test(before))
    return { range: { from: instant(next) }, period: true };
  return { range: { from: instant(start), to: instant(next) }, period: false };
}

/**
 * The date phrase of a question, if any. `wholePeriods` makes 'this week' and 'this month' start at
 * their beginning instead of now (for questions about what is already done).
 */
export function dateRange(
  text: string,
  now: Date,
  timeZone: string,
  wholePeriods = false,
): DateMatch | undefined {
  // Most questions name no date: the student's zone is not even looked up for them.
  if (!MAY_BE_RELATIVE.test(text) && !MAY_NAME_A_DAY.test(text)) return undefined;
  const local = new TZDate(now.getTime(), timeZone);
  return relativePhrase(text, local, wholePeriods) ?? namedDay(text, local);
}
