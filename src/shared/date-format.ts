/**
 * Dates shown to students, written from the Date's own fields (or Intl's for a named time zone) with no
 * date library: date-fns `format` cost 5.6 KB gzip on the dashboard, tasks and achievements first loads. Patterns use date-fns tokens and give
 * the same text date-fns does, in English: yyyy, MMMM, MMM, MM, M, dd, d, EEEE, EEE, HH, h, mm, ss, a.
 * Anything else in a pattern is copied as it is (so keep letters out of the separators).
 */

type Parts = Record<"year" | "month" | "day" | "weekday" | "hour" | "minute" | "second", string>;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const FIELDS = { year: 1, month: 1, day: 1, weekday: 1, hour: 1, minute: 1, second: 1 };
const SHORT_WEEKDAYS = WEEKDAYS.map((w) => w.slice(0, 3));

/** One formatter per zone: building one costs far more than using it. */
const numericFormatters = new Map<string, Intl.DateTimeFormat>();

function numericParts(at: Date, timeZone: string): Parts {
  let formatter = numericFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    if (numericFormatters.size < 100) numericFormatters.set(timeZone, formatter);
  }
  const parts = {} as Parts;
  for (const p of formatter.formatToParts(at)) if (p.type in FIELDS) parts[p.type as keyof Parts] = p.value;
  return parts;
}

/** The local fields of an instant, from the Date itself (viewer's zone) or through Intl (a named zone). */
function fields(at: Date, timeZone?: string) {
  if (!timeZone) {
    return {
      year: at.getFullYear(),
      month: at.getMonth(),
      day: at.getDate(),
      weekday: at.getDay(),
      hour: at.getHours(),
      minute: at.getMinutes(),
      second: at.getSeconds(),
    };
  }
  const p = numericParts(at, timeZone);
  return {
    year: Number(p.year),
    month: Number(p.month) - 1,
    day: Number(p.day),
    weekday: SHORT_WEEKDAYS.indexOf(p.weekday),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const TOKENS = /yyyy|MMMM|MMM|MM|M|dd|d|EEEE|EEE|HH|h|mm|ss|a/g;

/** `at` written with `pattern`, in `timeZone` when given, else in the runtime's (the viewer's) zone. */
export function formatDate(at: Date, pattern: string, timeZone?: string): string {
  const f = fields(at, timeZone);
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case "yyyy":
        return pad(f.year, 4);
      case "MMMM":
        return MONTHS[f.month]!;
      case "MMM":
        return MONTHS[f.month]!.slice(0, 3);
      case "MM":
        return pad(f.month + 1);
      case "M":
        return String(f.month + 1);
      case "dd":
        return pad(f.day);
      case "d":
        return String(f.day);
      case "EEEE":
        return WEEKDAYS[f.weekday]!;
      case "EEE":
        return WEEKDAYS[f.weekday]!.slice(0, 3);
      case "HH":
        return pad(f.hour);
      case "h":
        return String(f.hour % 12 || 12);
      case "mm":
        return pad(f.minute);
      case "ss":
        return pad(f.second);
      default:
        return f.hour < 12 ? "AM" : "PM";
    }
  });
}
