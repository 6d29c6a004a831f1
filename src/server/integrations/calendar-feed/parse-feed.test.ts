// Reading subscribed feeds (parse-feed.ts): time zones across a DST change, moved and removed occurrences,
// all-day dates, the window and the cap, and what is not a calendar.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { FeedError } from "./feed-errors.ts";
import { parseFeed } from "./parse-feed.ts";

const NOW = new Date("2026-10-15T12:00:00Z");
const cal = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR", ""].join("\r\n");
const BERLIN = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:STANDARD",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

describe("parseFeed", () => {
  it("keeps a weekly lecture at 10:00 local across the DST change, with EXDATE and a moved occurrence", () => {
    const { events, truncated } = parseFeed(
      cal(
        ...BERLIN,
        "BEGIN:VEVENT",
        "UID:lec",
        "SUMMARY:Lecture",
        "LOCATION:Hall A",
        "DTSTART;TZID=Europe/Berlin:20261019T100000",
        "DTEND;TZID=Europe/Berlin:20261019T113000",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "EXDATE;TZID=Europe/Berlin:20261102T100000",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:lec",
        "RECURRENCE-ID;TZID=Europe/Berlin:20261109T100000",
        "SUMMARY:Lecture (moved)",
        "DTSTART;TZID=Europe/Berlin:20261110T140000",
        "DTEND;TZID=Europe/Berlin:20261110T153000",
        "END:VEVENT",
      ),
      NOW,
    );
    expect(truncated).toBe(false);
    expect(events.map((e) => [e.title, e.start.toISOString(), e.location])).toEqual([
      ["Lecture", "2026-10-19T08:00:00.000Z", "Hall A"], // +02:00
      ["Lecture", "2026-10-26T09:00:00.000Z", "Hall A"], // +01:00 after the change
      ["Lecture (moved)", "2026-11-10T13:00:00.000Z", "Hall A"],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);
    // The feed's zones were there only while it was read: another feed cannot inherit them.
    expect(ICAL.TimezoneService.has("Europe/Berlin")).toBe(false);
  });

  it("reads floating times in the feed's X-WR-TIMEZONE, else in the student's zone, never the server's", () => {
    const lecture = ["BEGIN:VEVENT", "UID:f", "SUMMARY:Lecture", "DTSTART:20261020T100000", "END:VEVENT"];
    const start = (feed: string, timeZone?: string) =>
      parseFeed(feed, NOW, timeZone ? { timeZone } : {}).events[0]?.start.toISOString();
    expect(start(cal(...lecture), "America/New_York")).toBe("2026-10-20T14:00:00.000Z");
    expect(start(cal("X-WR-TIMEZONE:Europe/Berlin", ...lecture), "America/New_York")).toBe(
      "2026-10-20T08:00:00.000Z",
    );
    expect(start(cal(...lecture))).toBe("2026-10-20T10:00:00.000Z");
    expect(start(cal("X-WR-TIMEZONE:Mars/Olympus", ...lecture), "Asia/Tokyo")).toBe(
      "2026-10-20T01:00:00.000Z",
    );
  });

  it("reads Windows zone names (Outlook, Exchange) as their IANA zone, with or without a VTIMEZONE", () => {
    const lecture = (tzid: string) => [
      "BEGIN:VEVENT",
      "UID:w",
      "SUMMARY:Lecture",
      `DTSTART;TZID="${tzid}":20261020T100000`,
      "END:VEVENT",
    ];
    const start = (feed: string) => parseFeed(feed, NOW, { timeZone: "Asia/Tokyo" }).events[0]?.start;
    // 10:00 in New York on 20 October is 14:00 UTC (EDT); in Berlin 08:00 UTC (CEST).
    expect(start(cal(...lecture("Eastern Standard Time")))?.toISOString()).toBe("2026-10-20T14:00:00.000Z");
    expect(start(cal(...lecture("W. Europe Standard Time")))?.toISOString()).toBe("2026-10-20T08:00:00.000Z");
    const floating = ["BEGIN:VEVENT", "UID:f", "SUMMARY:Lab", "DTSTART:20261020T100000", "END:VEVENT"];
    expect(start(cal("X-WR-TIMEZONE:Pacific Standard Time", ...floating))?.toISOString()).toBe(
      "2026-10-20T17:00:00.000Z",
    );
  });

  it("reads all-day dates as their calendar date and keeps only the window", () => {
    const { events } = parseFeed(
      cal(
        "BEGIN:VEVENT",
        "UID:h",
        "SUMMARY:Holiday",
        "DTSTART;VALUE=DATE:20261201",
        "DTEND;VALUE=DATE:20261202",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:old",
        "SUMMARY:Long ago",
        "DTSTART:20200101T100000Z",
        "END:VEVENT",
        // Began before the window (NOW - 60 days) and runs into it: a term is shown while it lasts.
        "BEGIN:VEVENT",
        "UID:term",
        "SUMMARY:Autumn term",
        "DTSTART;VALUE=DATE:20260701",
        "DTEND;VALUE=DATE:20261220",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:far",
        "SUMMARY:Far ahead",
        "DTSTART:20300101T100000Z",
        "END:VEVENT",
      ),
      NOW,
    );
    expect(events).toEqual([
      {
        uid: "term",
        title: "Autumn term",
        start: new Date("2026-07-01T00:00:00Z"),
        end: new Date("2026-12-20T00:00:00Z"),
        allDay: true,
        location: "",
      },
      {
        uid: "h",
        title: "Holiday",
        start: new Date("2026-12-01T00:00:00Z"),
        end: new Date("2026-12-02T00:00:00Z"),
        allDay: true,
        location: "",
      },
    ]);
  });

  it("stops an endless series at the window and cuts a feed at the cap", () => {
    const daily = cal(
      "BEGIN:VEVENT",
      "UID:d",
      "SUMMARY:Daily",
      "DTSTART:20200101T080000Z",
      "RRULE:FREQ=DAILY",
      "END:VEVENT",
    );
    const all = parseFeed(daily, NOW);
    expect(all.events.length).toBeGreaterThanOrEqual(425);
    expect(all.events.length).toBeLessThanOrEqual(426);
    const cut = parseFeed(daily, NOW, { maxEvents: 100 });
    expect(cut).toMatchObject({ truncated: true });
    expect(cut.events).toHaveLength(100);
  });

  it("bounds the work of many series that start long before the window", () => {
    const series = Array.from({ length: 100 }, (_, i) =>
      [
        "BEGIN:VEVENT",
        `UID:s${i}`,
        "SUMMARY:Often",
        "DTSTART:19900101T000000Z",
        "RRULE:FREQ=MINUTELY",
        "END:VEVENT",
      ].join("\r\n"),
    );
    const { events, truncated } = parseFeed(cal(...series), NOW);
    expect(truncated).toBe(true);
    expect(events).toEqual([]);
  });

  it("skips an event it cannot read and keeps the rest of the feed", () => {
    const { events } = parseFeed(
      cal(
        "BEGIN:VEVENT",
        "UID:broken",
        "SUMMARY:Broken",
        "DTSTART:20261020T25",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:ok",
        "SUMMARY:Seminar",
        "DTSTART:20261021T100000Z",
        "END:VEVENT",
      ),
      NOW,
    );
    expect(events.map((e) => e.title)).toEqual(["Seminar"]);
  });

  it("reads a feed that starts with a UTF-8 byte order mark", () => {
    const { events } = parseFeed(
      `\uFEFF${cal("BEGIN:VEVENT", "UID:b", "SUMMARY:Lab", "DTSTART:20261020T100000Z", "END:VEVENT")}`,
      NOW,
    );
    expect(events.map((e) => e.title)).toEqual(["Lab"]);
  });

  it("keeps a single occurrence whose series is not in the feed (an invitation to one instance)", () => {
    const { events } = parseFeed(
      cal(
        "BEGIN:VEVENT",
        "UID:series-elsewhere",
        "RECURRENCE-ID:20261021T100000Z",
        "SUMMARY:Guest lecture",
        "DTSTART:20261021T120000Z",
        "DTEND:20261021T130000Z",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:series-elsewhere",
        "RECURRENCE-ID:20261028T100000Z",
        "SUMMARY:Guest lecture",
        "DTSTART:20261028T100000Z",
        "END:VEVENT",
      ),
      NOW,
    );
    expect(events.map((e) => [e.title, e.start.toISOString(), e.end?.toISOString()])).toEqual([
      ["Guest lecture", "2026-10-21T12:00:00.000Z", "2026-10-21T13:00:00.000Z"],
      ["Guest lecture", "2026-10-28T10:00:00.000Z", "2026-10-28T10:00:00.000Z"],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });

  it("reads an IANA TZID the feed gives no VTIMEZONE for in that zone, not as UTC", () => {
    const { events } = parseFeed(
      cal(
        "BEGIN:VEVENT",
        "UID:ny",
        "SUMMARY:Office hours",
        "DTSTART;TZID=America/New_York:20261030T100000",
        "DTEND;TZID=America/New_York:20261030T110000",
        "RRULE:FREQ=WEEKLY;COUNT=2",
        "END:VEVENT",
      ),
      NOW,
    );
    expect(events.map((e) => [e.start.toISOString(), e.end?.toISOString()])).toEqual([
      ["2026-10-30T14:00:00.000Z", "2026-10-30T15:00:00.000Z"], // EDT, -04:00
      ["2026-11-06T15:00:00.000Z", "2026-11-06T16:00:00.000Z"], // EST after the change, still 10:00 local
    ]);
  });

  it("refuses what is not an iCalendar feed", () => {
    for (const body of ["<html>Sign in</html>", "", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:x\r\n"]) {
      expect(() => parseFeed(body, NOW), body).toThrow(FeedError);
    }
  });
});
