import { tzOffset } from "@date-fns/tz";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Years of a zone's changes written from a series' first year: clients keep the last offset after them. */
export const VTIMEZONE_YEARS = 12;

const pad = (n: number) => String(n).padStart(2, "0");

/** '+hhmm' / '-hhmm' of an offset in minutes. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The wall-clock time (yyyymmddThhmmss) of an instant at an offset in minutes. */
function localText(ms: number, offset: number): string {
  const d = new Date(ms + offset * MINUTE_MS);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

type Change = { at: number; before: number; after: number };

/** The instants in [from, to] at which the zone's offset changes: found day by day, then to the minute. */
function changes(timeZone: string, from: number, to: number): Change[] {
  const out: Change[] = [];
  let lo = from;
  let before = tzOffset(timeZone, new Date(from));
  for (let t = from + DAY_MS; t <= to; t += DAY_MS) {
    const after = tzOffset(timeZone, new Date(t));
    if (after !== before) {
      let hi = t;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (tzOffset(timeZone, new Date(mid)) === before) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, before, after });
      before = after;
    }
    lo = t;
  }
  return out;
}

const cache = new Map<string, string>();

/**
 * The VTIMEZONE (RFC 5545 §3.6.5) a TZID in the feed refers to: the offset in force from Jan 1 of
 * `fromYear`, then each change over VTIMEZONE_YEARS years as its own observance (DTSTART in the wall time
 * before it, as the RFC asks). Built from the runtime's IANA data, which is what Studyhall itself expands
 * series with, so calendar apps place every occurrence where Studyhall does.
 */
export function vtimezone(timeZone: string, fromYear: number): string {
  const key = `${timeZone}|${fromYear}`;
  const known = cache.get(key);
  if (known) return known;
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(fromYear + VTIMEZONE_YEARS, 0, 1);
  const found = changes(timeZone, from, to);
  const first = tzOffset(timeZone, new Date(from));
  const observance = (kind: "STANDARD" | "DAYLIGHT", start: string, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${offsetText(before)}`,
    `TZOFFSETTO:${offsetText(after)}`,
    `END:${kind}`,
  ];
  // A change to a smaller offset ends daylight time; one to a larger offset starts it.
  const startsIn = found[0] && found[0].after < found[0].before ? "DAYLIGHT" : "STANDARD";
  const lines = [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    ...observance(startsIn, localText(from, first), first, first),
    ...found.flatMap((c) =>
      observance(c.after > c.before ? "DAYLIGHT" : "STANDARD", localText(c.at, c.before), c.before, c.after),
    ),
    "END:VTIMEZONE",
  ];
  const text = lines.join("\r\n");
  if (cache.size >= 200) cache.clear();
  cache.set(key, text);
  return text;
}
