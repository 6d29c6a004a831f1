import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import {
  checkSeries,
  describeRecurrence,
  firstOccurrence,
  nextOccurrence,
  occurrenceCount,
  occurrencesBetween,
  parseRRule,
  RECURRENCE_LIMITS,
  type Recurrence,
  RecurrenceError,
  type RecurrenceInput,
  recurrenceSchema,
  type Series,
  splitSeries,
  toRRule,
} from "./recurrence.ts";

const NY = "America/New_York";
const BERLIN = "Europe/Berlin";

/** A wall-clock time in a zone as an instant. */
const wall = (zone: string, y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  new Date(new TZDate(y, mo - 1, d, h, mi, s, 0, zone).getTime());
/** An instant as local ISO with its offset, which shows both the wall clock and the DST state. */
const local = (at: Date, zone: string) => new TZDate(at.getTime(), zone).toISOString().replace(".000", "");
const rule = (input: RecurrenceInput): Recurrence => recurrenceSchema.parse(input);
const series = (input: RecurrenceInput, start: Date, timeZone: string): Series => ({
  rule: rule(input),
  start,
  timeZone,
});
/** Every occurrence of a bounded series within a year of its start. */
const all = (s: Series) => occurrencesBetween(s, s.start, new Date(s.start.getTime() + 366 * 86_400_000));

describe("recurrence schema", () => {
  it("defaults the interval to 1 and keeps weekly days sorted and unique", () => {
    expect(rule({ freq: "weekly", days: ["FR", "MO", "FR", "WE"], end: { type: "never" } })).toEqual({
      freq: "weekly",
      interval: 1,
      days: ["MO", "WE", "FR"],
      end: { type: "never" },
    });
  });

  it.each([
    [{ freq: "weekly", days: [], end: { type: "never" } }, "Choose at least one day of the week"],
    [{ freq: "weekly", interval: 53, days: ["MO"], end: { type: "never" } }, "Repeat at most every 52 weeks"],
    [{ freq: "daily", interval: 0, end: { type: "never" } }, "The interval is at least 1"],
    [{ freq: "daily", end: { type: "count", count: 0 } }, "A series happens at least once"],
    [{ freq: "daily", end: { type: "count", count: 501 } }, "A series can repeat at most 500 times"],
    [{ freq: "daily", end: { type: "until", until: "2025-02-30" } }, "The end date is not a calendar day"],
    [{ freq: "daily", end: { type: "until", until: "Dec 20" } }, "The end date must be written yyyy-MM-dd"],
    [
      { freq: "monthly", on: { type: "day", day: 32 }, end: { type: "never" } },
      "A day of the month is 1 to 31",
    ],
    [
      { freq: "monthly", on: { type: "weekday", weekday: "FR", nth: 6 }, end: { type: "never" } },
      "Which weekday of the month: 1 to 5, or -1 for the last",
    ],
    [{ freq: "hourly", end: { type: "never" } }, "A repeat is daily, weekly or monthly"],
  ])("refuses %j: %s", (input, message) => {
    const parsed = recurrenceSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe("wall-clock times across DST changes", () => {
  it("keeps a weekly 17:00 at 17:00 in New York when the clocks spring forward", () => {
    const s = series(
      { freq: "weekly", days: ["MO", "FR"], end: { type: "count", count: 4 } },
      wall(NY, 2025, 3, 3, 17),
      NY,
    );
    expect(all(s).map((d) => local(d, NY))).toEqual([
      "2025-03-03T17:00:00-05:00",
      "2025-03-07T17:00:00-05:00",
      "2025-03-10T17:00:00-04:00",
      "2025-03-14T17:00:00-04:00",
    ]);
    // The same local hour is a different UTC hour after the change.
    expect(all(s).map((d) => d.toISOString().slice(11, 16))).toEqual(["22:00", "22:00", "21:00", "21:00"]);
  });

  it("keeps a weekly 17:00 at 17:00 in New York when the clocks fall back", () => {
    const s = series(
      { freq: "weekly", days: ["SA"], end: { type: "count", count: 2 } },
      wall(NY, 2025, 10, 25, 17),
      NY,
    );
    expect(all(s).map((d) => local(d, NY))).toEqual([
      "2025-10-25T17:00:00-04:00",
      "2025-11-01T17:00:00-04:00",
    ]);
    const after = series(
      { freq: "weekly", days: ["SA"], end: { type: "count", count: 2 } },
      wall(NY, 2025, 11, 1, 17),
      NY,
    );
    expect(all(after).map((d) => local(d, NY))).toEqual([
      "2025-11-01T17:00:00-04:00",
      "2025-11-08T17:00:00-05:00",
    ]);
  });

  it("moves a time that does not exist (02:30 on the spring-forward night) to 03:30, as RFC 5545 says", () => {
    const s = series({ freq: "daily", end: { type: "count", count: 3 } }, wall(NY, 2025, 3, 8, 2, 30), NY);
    expect(all(s).map((d) => local(d, NY))).toEqual([
      "2025-03-08T02:30:00-05:00",
      "2025-03-09T03:30:00-04:00",
      // The next day is back at 02:30: the gap moves one occurrence, not the series.
      "2025-03-10T02:30:00-04:00",
    ]);
  });

  it("takes the first of a time that happens twice (01:30 on the fall-back night)", () => {
    const s = series({ freq: "daily", end: { type: "count", count: 3 } }, wall(NY, 2025, 11, 1, 1, 30), NY);
    expect(all(s).map((d) => d.toISOString())).toEqual([
      "2025-11-01T05:30:00.000Z",
      "2025-11-02T05:30:00.000Z", // 01:30 EDT, not the 01:30 EST an hour later
      "2025-11-03T06:30:00.000Z",
    ]);
  });

  it("keeps Berlin's Sunday 09:00 through both changes of 2025", () => {
    const spring = series(
      { freq: "weekly", days: ["SU"], end: { type: "count", count: 2 } },
      wall(BERLIN, 2025, 3, 23, 9),
      BERLIN,
    );
    expect(all(spring).map((d) => local(d, BERLIN))).toEqual([
      "2025-03-23T09:00:00+01:00",
      "2025-03-30T09:00:00+02:00",
    ]);
    const fall = series(
      { freq: "weekly", days: ["SU"], end: { type: "count", count: 2 } },
      wall(BERLIN, 2025, 10, 19, 9),
      BERLIN,
    );
    expect(all(fall).map((d) => local(d, BERLIN))).toEqual([
      "2025-10-19T09:00:00+02:00",
      "2025-10-26T09:00:00+01:00",
    ]);
  });

  it("handles Berlin's 02:30 on both change nights", () => {
    const spring = series(
      { freq: "daily", end: { type: "count", count: 2 } },
      wall(BERLIN, 2025, 3, 29, 2, 30),
      BERLIN,
    );
    expect(all(spring).map((d) => local(d, BERLIN))).toEqual([
      "2025-03-29T02:30:00+01:00",
      "2025-03-30T03:30:00+02:00",
    ]);
    const fall = series(
      { freq: "daily", end: { type: "count", count: 2 } },
      wall(BERLIN, 2025, 10, 25, 2, 30),
      BERLIN,
    );
    expect(all(fall).map((d) => local(d, BERLIN))).toEqual([
      "2025-10-25T02:30:00+02:00",
      "2025-10-26T02:30:00+02:00",
    ]);
  });

  it("gives the next occurrence across a DST change at the same local time", () => {
    const s = series({ freq: "weekly", days: ["MO"], end: { type: "never" } }, wall(NY, 2025, 3, 3, 9), NY);
    const next = nextOccurrence(s, wall(NY, 2025, 3, 3, 9));
    expect(next && local(next, NY)).toBe("2025-03-10T09:00:00-04:00");
  });
});

describe("monthly rules", () => {
  it("skips months without the 31st (RFC 5545), never moving to the 30th", () => {
    const s = series(
      { freq: "monthly", on: { type: "day", day: 31 }, end: { type: "count", count: 5 } },
      wall(NY, 2025, 1, 31, 12),
      NY,
    );
    expect(all(s).map((d) => local(d, NY).slice(0, 10))).toEqual([
      "2025-01-31",
      "2025-03-31",
      "2025-05-31",
      "2025-07-31",
      "2025-08-31",
    ]);
  });

  it("finds the 29th of February only in leap years", () => {
    const s = series(
      { freq: "monthly", on: { type: "day", day: 29 }, end: { type: "count", count: 3 } },
      wall(NY, 2024, 1, 29, 12),
      NY,
    );
    expect(all(s).map((d) => local(d, NY).slice(0, 10))).toEqual(["2024-01-29", "2024-02-29", "2024-03-29"]);
    const next = series(
      { freq: "monthly", on: { type: "day", day: 29 }, end: { type: "count", count: 2 } },
      wall(NY, 2025, 1, 29, 12),
      NY,
    );
    expect(all(next).map((d) => local(d, NY).slice(0, 10))).toEqual(["2025-01-29", "2025-03-29"]);
  });

  it("repeats on the 5th Friday only in months that have one", () => {
    const s = series(
      { freq: "monthly", on: { type: "weekday", weekday: "FR", nth: 5 }, end: { type: "count", count: 4 } },
      wall(NY, 2025, 1, 31, 10),
      NY,
    );
    expect(all(s).map((d) => local(d, NY).slice(0, 10))).toEqual([
      "2025-01-31",
      "2025-05-30",
      "2025-08-29",
      "2025-10-31",
    ]);
  });

  it("repeats on the last Friday of every month", () => {
    const s = series(
      { freq: "monthly", on: { type: "weekday", weekday: "FR", nth: -1 }, end: { type: "count", count: 4 } },
      wall(NY, 2025, 1, 31, 10),
      NY,
    );
    expect(all(s).map((d) => local(d, NY).slice(0, 10))).toEqual([
      "2025-01-31",
      "2025-02-28",
      "2025-03-28",
      "2025-04-25",
    ]);
  });

  it("repeats on the first Monday every 2 months", () => {
    const s = series(
      {
        freq: "monthly",
        interval: 2,
        on: { type: "weekday", weekday: "MO", nth: 1 },
        end: { type: "count", count: 3 },
      },
      wall(BERLIN, 2025, 9, 1, 8),
      BERLIN,
    );
    expect(all(s).map((d) => local(d, BERLIN).slice(0, 10))).toEqual([
      "2025-09-01",
      "2025-11-03",
      "2026-01-05",
    ]);
  });
});

describe("ends, intervals and the next occurrence", () => {
  it("includes the until day itself even for a late time of day", () => {
    const s = series(
      { freq: "weekly", days: ["MO"], end: { type: "until", until: "2025-03-24" } },
      wall(NY, 2025, 3, 3, 23, 30),
      NY,
    );
    expect(all(s).map((d) => local(d, NY).slice(0, 10))).toEqual([
      "2025-03-03",
      "2025-03-10",
      "2025-03-17",
      "2025-03-24",
    ]);
    expect(nextOccurrence(s, wall(NY, 2025, 3, 24, 23, 30))).toBeNull();
    expect(occurrenceCount(s)).toBe(4);
  });

  it("stops a counted series after its count, and the next after the last is null", () => {
    const s = series(
      { freq: "daily", interval: 2, end: { type: "count", count: 3 } },
      wall(NY, 2025, 4, 1, 8),
      NY,
    );
    const dates = all(s);
    expect(dates.map((d) => local(d, NY).slice(0, 10))).toEqual(["2025-04-01", "2025-04-03", "2025-04-05"]);
    expect(nextOccurrence(s, dates[1]!)).toEqual(dates[2]);
    expect(nextOccurrence(s, dates[2]!)).toBeNull();
  });

  it("repeats every 2 weeks on Tuesday and Thursday, skipping the weeks between", () => {
    const s = series(
      { freq: "weekly", interval: 2, days: ["TU", "TH"], end: { type: "count", count: 6 } },
      wall(NY, 2025, 9, 2, 14),
      NY,
    );
    expect(all(s).map((d) => local(d, NY).slice(0, 10))).toEqual([
      "2025-09-02",
      "2025-09-04",
      "2025-09-16",
      "2025-09-18",
      "2025-09-30",
      "2025-10-02",
    ]);
  });

  it("gives the next occurrence strictly after the completed one, even when completed late", () => {
    const s = series({ freq: "weekly", days: ["WE"], end: { type: "never" } }, wall(NY, 2025, 1, 1, 17), NY);
    const completed = wall(NY, 2025, 1, 8, 17);
    expect(nextOccurrence(s, completed)).toEqual(wall(NY, 2025, 1, 15, 17));
    // Passing the completion time instead skips what was missed.
    expect(nextOccurrence(s, wall(NY, 2025, 1, 20, 10))).toEqual(wall(NY, 2025, 1, 22, 17));
  });

  it("aligns a start that is not on the rule's days to the first matching day", () => {
    const wednesday = wall(NY, 2025, 3, 5, 17);
    const first = firstOccurrence(
      rule({ freq: "weekly", days: ["MO"], end: { type: "count", count: 3 } }),
      wednesday,
      NY,
    );
    expect(first && local(first, NY)).toBe("2025-03-10T17:00:00-04:00");
    const monthly = firstOccurrence(
      rule({ freq: "monthly", on: { type: "day", day: 15 }, end: { type: "never" } }),
      wednesday,
      NY,
    );
    expect(monthly && local(monthly, NY)).toBe("2025-03-15T17:00:00-04:00");
    const ended = firstOccurrence(
      rule({ freq: "weekly", days: ["MO"], end: { type: "until", until: "2025-03-07" } }),
      wednesday,
      NY,
    );
    expect(ended).toBeNull();
  });
});

describe("expanding a window", () => {
  const openDaily = series({ freq: "daily", end: { type: "never" } }, wall(NY, 2025, 1, 1, 9), NY);

  it("returns occurrences with from <= at < to", () => {
    const from = wall(NY, 2025, 2, 1, 9);
    const to = wall(NY, 2025, 2, 4, 9);
    expect(occurrencesBetween(openDaily, from, to).map((d) => local(d, NY).slice(0, 10))).toEqual([
      "2025-02-01",
      "2025-02-02",
      "2025-02-03",
    ]);
    expect(occurrencesBetween(openDaily, to, from)).toEqual([]);
  });

  it("refuses a window wider than the limit", () => {
    const from = wall(NY, 2025, 1, 1);
    const to = new Date(from.getTime() + (RECURRENCE_LIMITS.maxWindowDays + 1) * 86_400_000);
    expect(() => occurrencesBetween(openDaily, from, to)).toThrow(RecurrenceError);
    expect(() => occurrencesBetween(openDaily, from, to)).toThrow("at most 400 days");
  });

  it("refuses an unknown time zone", () => {
    const bad = { ...openDaily, timeZone: "Mars/Olympus" };
    expect(() => occurrencesBetween(bad, wall(NY, 2025, 2, 1), wall(NY, 2025, 2, 2))).toThrow(
      "Unknown time zone",
    );
  });

  // An open series skips ahead whole periods before expanding far from its start; a counted one walks
  // from its start. Both must give the same occurrences.
  it.each<[string, RecurrenceInput]>([
    ["every 3 days", { freq: "daily", interval: 3, end: { type: "never" } }],
    [
      "every 2 weeks on Mon, Wed, Sat",
      { freq: "weekly", interval: 2, days: ["MO", "WE", "SA"], end: { type: "never" } },
    ],
    [
      "every 5 months on the 31st",
      { freq: "monthly", interval: 5, on: { type: "day", day: 31 }, end: { type: "never" } },
    ],
    [
      "every 3 months on the last Sunday",
      {
        freq: "monthly",
        interval: 3,
        on: { type: "weekday", weekday: "SU", nth: -1 },
        end: { type: "never" },
      },
    ],
  ])("gives an open series (%s) far from its start the same dates as walking from the start", (_, input) => {
    const start = wall(BERLIN, 2022, 1, 31, 7, 45);
    const open = series(input, start, BERLIN);
    const counted = series(
      { ...input, end: { type: "count", count: 500 } } as RecurrenceInput,
      start,
      BERLIN,
    );
    const from = wall(BERLIN, 2024, 10, 1);
    const to = wall(BERLIN, 2025, 9, 30);
    const expected = occurrencesBetween(counted, from, to);
    expect(expected.length).toBeGreaterThan(1);
    expect(occurrencesBetween(open, from, to)).toEqual(expected);
  });
});

describe("checking and splitting a series", () => {
  it("accepts a series whose start is its first occurrence", () => {
    expect(
      checkSeries(
        series({ freq: "weekly", days: ["MO"], end: { type: "never" } }, wall(NY, 2025, 3, 3, 9), NY),
      ),
    ).toBeNull();
  });

  it.each<[string, Series, string]>([
    [
      "a start that is not one of the rule's days",
      series({ freq: "weekly", days: ["MO"], end: { type: "never" } }, wall(NY, 2025, 3, 5, 9), NY),
      "The due date (Wed, Mar 5, 2025) is not a day this repeats on: the first would be Mon, Mar 10, 2025. Move the due date, or change the repeat.",
    ],
    [
      "an end before the start",
      series({ freq: "daily", end: { type: "until", until: "2025-03-01" } }, wall(NY, 2025, 3, 5, 9), NY),
      "The series ends (2025-03-01) before its first date (2025-03-05)",
    ],
    [
      "an end more than 5 years away",
      series({ freq: "daily", end: { type: "until", until: "2030-03-06" } }, wall(NY, 2025, 3, 5, 9), NY),
      "A series can run for at most 5 years: choose an earlier end date or a number of times",
    ],
    [
      "an unknown zone",
      series({ freq: "daily", end: { type: "never" } }, wall(NY, 2025, 3, 5, 9), "Nowhere/City"),
      "Unknown time zone 'Nowhere/City'",
    ],
    [
      "no date between start and end",
      series(
        { freq: "weekly", days: ["MO"], end: { type: "until", until: "2025-03-07" } },
        wall(NY, 2025, 3, 5, 9),
        NY,
      ),
      "The series has no date between its start and its end",
    ],
  ])("refuses %s", (_, s, message) => {
    expect(checkSeries(s)).toBe(message);
  });

  it("accepts an end exactly 5 years later", () => {
    expect(
      checkSeries(
        series({ freq: "daily", end: { type: "until", until: "2030-03-05" } }, wall(NY, 2025, 3, 5, 9), NY),
      ),
    ).toBeNull();
  });

  it("splits a counted series so the two parts keep the total", () => {
    const s = series(
      { freq: "weekly", days: ["TU"], end: { type: "count", count: 10 } },
      wall(NY, 2025, 9, 2, 10),
      NY,
    );
    const fourth = all(s)[3]!;
    const { before, after } = splitSeries(s, fourth);
    expect(before?.end).toEqual({ type: "count", count: 3 });
    expect(after.rule.end).toEqual({ type: "count", count: 7 });
    expect(after.start).toEqual(fourth);
    expect(checkSeries(after)).toBeNull();
  });

  it("splits an open series by ending the first part the day before", () => {
    const s = series({ freq: "daily", end: { type: "never" } }, wall(NY, 2025, 9, 1, 10), NY);
    const { before, after } = splitSeries(s, wall(NY, 2025, 9, 10, 10));
    expect(before?.end).toEqual({ type: "until", until: "2025-09-09" });
    expect(after.rule.end).toEqual({ type: "never" });
    expect(splitSeries(s, s.start).before).toBeNull();
    const counted = series({ freq: "daily", end: { type: "count", count: 3 } }, wall(NY, 2025, 9, 1, 10), NY);
    expect(() => splitSeries(counted, wall(NY, 2025, 9, 5, 10))).toThrow("after the series' last one");
  });
});

describe("RRULE text", () => {
  it.each<[RecurrenceInput, string]>([
    [{ freq: "daily", end: { type: "never" } }, "FREQ=DAILY"],
    [
      { freq: "weekly", interval: 2, days: ["WE", "MO"], end: { type: "count", count: 8 } },
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=8",
    ],
    // The end of Dec 20 in New York is 04:59:59 UTC on the 21st.
    [
      { freq: "weekly", days: ["FR"], end: { type: "until", until: "2025-12-20" } },
      "FREQ=WEEKLY;BYDAY=FR;UNTIL=20251221T045959Z",
    ],
    [{ freq: "monthly", on: { type: "day", day: 15 }, end: { type: "never" } }, "FREQ=MONTHLY;BYMONTHDAY=15"],
    [
      { freq: "monthly", on: { type: "weekday", weekday: "FR", nth: -1 }, end: { type: "never" } },
      "FREQ=MONTHLY;BYDAY=-1FR",
    ],
    [
      { freq: "monthly", on: { type: "weekday", weekday: "TH", nth: 5 }, end: { type: "count", count: 2 } },
      "FREQ=MONTHLY;BYDAY=+5TH;COUNT=2",
    ],
  ])("writes %j as %s and reads it back", (input, text) => {
    expect(toRRule(rule(input), NY)).toBe(text);
    expect(parseRRule(text, { start: wall(NY, 2025, 9, 1, 9), timeZone: NY })).toEqual({
      ok: true,
      rule: rule(input),
    });
  });

  it("reads the forms other calendars write", () => {
    const start = wall(NY, 2025, 9, 3, 9); // a Wednesday, the 3rd
    const read = (text: string) => parseRRule(text, { start, timeZone: NY });
    expect(read("RRULE:FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1")).toEqual({
      ok: true,
      rule: rule({
        freq: "monthly",
        on: { type: "weekday", weekday: "FR", nth: -1 },
        end: { type: "never" },
      }),
    });
    expect(read("freq=daily;byday=mo,tu,we,th,fr;wkst=su")).toEqual({
      ok: true,
      rule: rule({ freq: "weekly", days: ["MO", "TU", "WE", "TH", "FR"], end: { type: "never" } }),
    });
    // Without BYDAY or BYMONTHDAY the rule repeats on the start's weekday or date.
    expect(read("FREQ=WEEKLY;INTERVAL=2")).toEqual({
      ok: true,
      rule: rule({ freq: "weekly", interval: 2, days: ["WE"], end: { type: "never" } }),
    });
    expect(read("FREQ=MONTHLY;UNTIL=20251231")).toEqual({
      ok: true,
      rule: rule({
        freq: "monthly",
        on: { type: "day", day: 3 },
        end: { type: "until", until: "2025-12-31" },
      }),
    });
    // A UTC UNTIL is read as the local day it falls on.
    expect(read("FREQ=DAILY;UNTIL=20251221T035959Z")).toMatchObject({
      ok: true,
      rule: { end: { until: "2025-12-20" } },
    });
  });

  it.each([
    ["", "empty rule"],
    ["BYDAY=MO", "FREQ is required"],
    ["FREQ=FORTNIGHTLY", "FREQ must be DAILY, WEEKLY or MONTHLY (got 'FORTNIGHTLY')"],
    ["FREQ=SECONDLY", "FREQ=SECONDLY is not supported"],
    ["FREQ=YEARLY", "FREQ=YEARLY is not supported"],
    ["FREQ=YEARLY;BYMONTH=3", "BYMONTH is not supported"],
    ["FREQ=DAILY;BYHOUR=9", "BYHOUR is not supported"],
    ["FREQ=DAILY;FOO=1", "unknown part 'FOO'"],
    ["FREQ=DAILY;FREQ=WEEKLY", "FREQ is given twice"],
    ["FREQ=WEEKLY;BYDAY=XX", "BYDAY item 'XX' is not a weekday"],
    ["FREQ=WEEKLY;BYDAY=2MO", "BYDAY ordinals like 2TU need FREQ=MONTHLY"],
    ["FREQ=DAILY;INTERVAL=0", "INTERVAL must be a whole number from 1 (got '0')"],
    ["FREQ=DAILY;INTERVAL=abc", "INTERVAL must be a whole number from 1 (got 'ABC')"],
    ["FREQ=DAILY;COUNT=2;UNTIL=20251220", "COUNT and UNTIL cannot both be given"],
    ["FREQ=DAILY;UNTIL=2025-12-20", "UNTIL must be a date"],
    ["FREQ=DAILY;UNTIL=20250230", "UNTIL must be a date"],
    ["FREQ=DAILY;COUNT=100000", "A series can repeat at most 500 times"],
    ["FREQ=WEEKLY;INTERVAL=520", "Repeat at most every 52 weeks"],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", "counting from the month's end is not supported"],
    ["FREQ=MONTHLY;BYDAY=FR", "needs which one, like 1FR"],
    ["FREQ=MONTHLY;BYDAY=-2FR", "must be 1 to 5 or -1 (got -2)"],
    ["FREQ=MONTHLY;BYDAY=1MO,1FR", "one BYDAY only"],
    ["FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=1FR", "not both"],
    ["FREQ=DAILY;BYDAY=MO;INTERVAL=2", "supported only with INTERVAL=1"],
    ["FREQ=DAILY;WKST=XY", "WKST must be a weekday"],
    ["FREQ", "'FREQ' is not NAME=VALUE"],
    ["DTSTART:20250101T090000Z\nRRULE:FREQ=DAILY", "send only the RRULE value"],
    [`FREQ=DAILY;${"X".repeat(400)}`, "longer than 300 characters"],
  ])("refuses %j with a message naming the problem", (text, message) => {
    const result = parseRRule(text, { start: wall(NY, 2025, 9, 1, 9), timeZone: NY });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^Invalid RRULE: /);
      expect(result.error).toContain(message);
    }
  });
});

describe("describing a rule", () => {
  it.each<[RecurrenceInput, string]>([
    [{ freq: "daily", end: { type: "never" } }, "Every day"],
    [{ freq: "daily", interval: 3, end: { type: "count", count: 5 } }, "Every 3 days, 5 times"],
    [{ freq: "weekly", days: ["MO", "TU", "WE", "TH", "FR"], end: { type: "never" } }, "Every weekday"],
    [
      { freq: "weekly", interval: 2, days: ["MO", "WE"], end: { type: "until", until: "2025-12-20" } },
      "Every 2 weeks on Monday and Wednesday, until Dec 20, 2025",
    ],
    [{ freq: "monthly", on: { type: "day", day: 15 }, end: { type: "never" } }, "Every month on the 15th"],
    [
      { freq: "monthly", on: { type: "day", day: 31 }, end: { type: "never" } },
      "Every month on the 31st (months without one are skipped)",
    ],
    [
      { freq: "monthly", on: { type: "weekday", weekday: "FR", nth: 1 }, end: { type: "count", count: 1 } },
      "Every month on the first Friday, once",
    ],
    [
      { freq: "monthly", on: { type: "weekday", weekday: "TU", nth: -1 }, end: { type: "never" } },
      "Every month on the last Tuesday",
    ],
  ])("%j reads %s", (input, text) => {
    expect(describeRecurrence(rule(input))).toBe(text);
  });
});
