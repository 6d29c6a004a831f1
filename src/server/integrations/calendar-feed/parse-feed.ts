import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { findIana } from "windows-iana";
import { excerpt } from "#shared/schema-primitives.ts";
import { isTimeZone } from "#shared/time-zone.ts";
import { FeedError } from "./feed-errors.ts";

/** Events kept per feed; a feed with more keeps its first 5,000 in the window and says it was cut. */
export const MAX_FEED_EVENTS = 5000;
/** Recurring events are expanded from this long ago ... */
export const WINDOW_BACK_DAYS = 60;
/** ... to this far ahead. */
export const WINDOW_AHEAD_DAYS = 365;
/** Occurrences stepped through per series, in or before the window (an hourly rule since 1990 stops here). */
const MAX_STEPS_PER_SERIES = 10_000;
/**
 * Occurrences stepped through in the whole feed (ical.js steps at ~10 us each, on the event loop): minutely series from 1990 would otherwise
 * cost minutes of CPU before the window. Past it the feed is cut (marked truncated) like one over the cap.
 */
const MAX_STEPS_PER_FEED = 50_000;

export interface FeedEvent {
  uid: string;
  title: string;
  start: Date;
  end: Date | null;
  allDay: boolean;
  location: string;
}

export interface ParsedFeed {
  events: FeedEvent[];
  truncated: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A zone name as an IANA zone: IANA names as they are, and Windows names ("Eastern Standard Time", which
 * Outlook and Exchange write as TZID, sometimes without a VTIMEZONE) through CLDR's mapping.
 */
function ianaZone(name: string | undefined): string | undefined {
  if (!name) return undefined;
  if (isTimeZone(name)) return name;
  return findIana(name).find(isTimeZone);
}

/**
 * An all-day date as midnight UTC of that date: its calendar day, whatever the server's zone. A time
 * whose TZID has no VTIMEZONE in the feed reaches us floating; when the TZID is an IANA name (as many
 * generators write it, and as Google and Apple read it without the block) or a Windows name it is read in
 * that zone. A
 * time with no zone at all is floating (RFC 5545 §3.3.5: the same wall-clock time wherever the reader
 * is): it is read in `floating`, the feed's X-WR-TIMEZONE or the student's zone, never the server's.
 */
function toDate(t: ICAL.Time, tzid: string | undefined, floating: string): Date {
  if (t.isDate) return new Date(Date.UTC(t.year, t.month - 1, t.day));
  if (!t.zone || t.zone.tzid === "floating") {
    const zone = ianaZone(tzid) ?? floating;
    return new Date(new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, zone).getTime());
  }
  return t.toJSDate();
}

/** The TZID parameter of a date property, if it has one. */
function tzidOf(v: ICAL.Component, name: "dtstart" | "dtend"): string | undefined {
  const tzid = v.getFirstProperty(name)?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : undefined;
}

/** Feed text as PostgreSQL can store it (no NUL, no lone surrogates) and a cell can show it. */
const text = (v: unknown, max: number) => (typeof v === "string" ? excerpt(v, max).trim() : "");

/**
 * The events of an iCalendar document within [now - 60 days, now + 365 days], recurring ones (RRULE, RDATE,
 * EXDATE, moved occurrences) expanded. Throws FeedError('invalid') for anything that is not a calendar.
 */
export function parseFeed(
  feed: string,
  now: Date,
  { maxEvents = MAX_FEED_EVENTS, timeZone = "UTC" }: { maxEvents?: number; timeZone?: string } = {},
): ParsedFeed {
  // Feeds written by Windows tools often start with a UTF-8 byte order mark, which ical.js refuses.
  const ics = feed.replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(ics)) {
    throw new FeedError("invalid", "That address did not answer with an iCalendar feed (.ics).");
  }
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  } catch {
    throw new FeedError("invalid", "The feed could not be read: it is not a valid iCalendar file.");
  }
  if (root.name !== "vcalendar") {
    throw new FeedError("invalid", "That address did not answer with an iCalendar feed (.ics).");
  }
  // ical.js looks zones up in one process-wide registry: a feed's zones are there only while it is read,
  // so one student's feed cannot change the times of another's.
  const registered: Array<[string, ICAL.Timezone | null]> = [];
  for (const tz of root.getAllSubcomponents("vtimezone")) {
    const tzid = String(tz.getFirstPropertyValue("tzid") ?? "");
    if (!tzid) continue;
    try {
      registered.push([
        tzid,
        ICAL.TimezoneService.has(tzid) ? (ICAL.TimezoneService.get(tzid) ?? null) : null,
      ]);
      ICAL.TimezoneService.register(tz);
    } catch {
      // A broken time zone block: its times fall back to floating (read as UTC).
    }
  }
  try {
    // Google's and Apple's feeds name the zone their floating times are in; others leave it to the reader.
    const named = String(root.getFirstPropertyValue("x-wr-timezone") ?? "").trim();
    const floating = ianaZone(named) ?? (isTimeZone(timeZone) ? timeZone : "UTC");
    return expand(root, now, maxEvents, floating);
  } finally {
    for (const [tzid, previous] of registered.reverse()) {
      if (previous) ICAL.TimezoneService.register(previous, tzid);
      else ICAL.TimezoneService.remove(tzid);
    }
  }
}

function expand(root: ICAL.Component, now: Date, maxEvents: number, floating: string): ParsedFeed {
  const from = now.getTime() - WINDOW_BACK_DAYS * DAY_MS;
  const to = now.getTime() + WINDOW_AHEAD_DAYS * DAY_MS;
  const events: FeedEvent[] = [];
  let truncated = false;
  let steps = 0;

  const vevents = root.getAllSubcomponents("vevent");
  // Moved or changed occurrences (RECURRENCE-ID) belong to their series, not listed on their own.
  const exceptions = new Map<string, ICAL.Component[]>();
  const masters: ICAL.Component[] = [];
  for (const v of vevents) {
    const uid = String(v.getFirstPropertyValue("uid") ?? "");
    if (v.hasProperty("recurrence-id") && uid) {
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
    } else masters.push(v);
  }
  // A feed may carry one occurrence of a series without the series (Google lists the single instance of
  // a recurring meeting a student was invited to): that occurrence is an event of its own.
  const seriesUids = new Set(masters.map((v) => String(v.getFirstPropertyValue("uid") ?? "")));
  for (const [uid, orphans] of exceptions) if (!seriesUids.has(uid)) masters.push(...orphans);

  const push = (e: FeedEvent) => {
    if (events.length >= maxEvents) {
      truncated = true;
      return false;
    }
    events.push(e);
    return true;
  };

  /** One master's events; false once the feed is cut. */
  const addEvent = (v: ICAL.Component): boolean => {
    // Always an array: without one ical.js scans every sibling for exceptions (quadratic in the feed).
    const lone = v.hasProperty("recurrence-id");
    const event = new ICAL.Event(v, {
      exceptions: lone ? [] : (exceptions.get(String(v.getFirstPropertyValue("uid") ?? "")) ?? []),
    });
    if (!event.startDate) return true;
    // Several lone occurrences of one series share its UID: the RECURRENCE-ID tells them apart.
    const uid =
      (text(event.uid, 500) || `event-${events.length}`) + (lone ? `/${event.recurrenceId.toString()}` : "");
    const title = text(event.summary, 500) || "(no title)";
    const location = text(event.location, 500);
    if (!event.isRecurring()) {
      const start = toDate(event.startDate, tzidOf(v, "dtstart"), floating);
      const end = event.endDate
        ? toDate(event.endDate, tzidOf(v, "dtend") ?? tzidOf(v, "dtstart"), floating)
        : null;
      // An event that began before the window but runs into it (a week-long trip, a term) is in it.
      if ((end ?? start).getTime() < from || start.getTime() > to) return true;
      return push({
        uid,
        title,
        start,
        end,
        allDay: event.startDate.isDate,
        location,
      });
    }
    const it = event.iterator();
    for (let step = 0; step < MAX_STEPS_PER_SERIES; step++) {
      if (++steps > MAX_STEPS_PER_FEED) {
        truncated = true;
        return false;
      }
      let next: ICAL.Time | undefined;
      try {
        next = it.next();
      } catch {
        break;
      }
      if (!next) break;
      const t = toDate(next, tzidOf(v, "dtstart"), floating).getTime();
      if (t > to) break;
      if (t < from) continue;
      const d = event.getOccurrenceDetails(next);
      const occurrence = d.item;
      const startZone = tzidOf(occurrence.component, "dtstart") ?? tzidOf(v, "dtstart");
      if (
        !push({
          uid: `${uid}/${next.toString()}`,
          title: text(occurrence.summary, 500) || title,
          start: toDate(d.startDate, startZone, floating),
          end: d.endDate
            ? toDate(d.endDate, tzidOf(occurrence.component, "dtend") ?? startZone, floating)
            : null,
          allDay: d.startDate.isDate,
          location: text(occurrence.location, 500) || location,
        })
      )
        return false;
    }
    return true;
  };

  for (const v of masters) {
    try {
      if (!addEvent(v)) break;
    } catch {
      // ical.js reads a property's value only when asked: one event with a date like 20261020T25 throws
      // here, and it alone is left out rather than the whole feed refused (or failing as a server error).
    }
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { events, truncated };
}
