import { TZDate, tzOffset } from "@date-fns/tz";
import * as chrono from "chrono-node";
import type { Priority } from "#shared/tasks/contract.ts";
import {
  firstOccurrence,
  type Nth,
  type Recurrence,
  type RecurrenceInput,
  recurrenceSchema,
  WEEKDAYS,
  type Weekday,
} from "#shared/tasks/recurrence.ts";

/**
 * Quick add (issue 26): one line such as "Lab report fri 5pm #BIO210 !high every week" read into the
 * fields of a new task, with the spans it recognised so the input can highlight them as the student types.
 * Pure and synchronous (about a millisecond a keystroke): the reference time and the student's zone are
 * passed in, so the preview and its tests agree.
 *
 * Order matters: course tags and priorities are taken first, then the repeat phrase (so "every monday" is
 * not also read as this Monday, and "until dec 20" not as the due date), then chrono-node reads the date
 * and time in what is left. Each recognised span is blanked out (same length, so indexes stay true to the
 * typed text) before the next reader runs. Whatever is not recognised stays in the title: a word that only
 * looks like a date ("May Day essay", "SAT prep", "pages 10-20") is better left alone than turned into a
 * wrong due date.
 */

export interface QuickAddCourse {
  id: number;
  name: string;
  code: string | null;
}

export interface QuickAddOptions {
  /** The moment of typing: "tomorrow", "fri" and "5pm" are read relative to it. */
  now: Date;
  /** The student's IANA zone: dates are its calendar days, times its wall clock. */
  timeZone: string;
  courses: readonly QuickAddCourse[];
  /** How "12/3" reads: December 3 (MDY, the default, as in the US) or 12 March (DMY). */
  dateOrder?: "MDY" | "DMY";
}

export type QuickAddSpanKind = "date" | "time" | "course" | "priority" | "recurrence";

export interface QuickAddSpan {
  kind: QuickAddSpanKind;
  /** Indexes into the typed text, end exclusive. */
  start: number;
  end: number;
  text: string;
}

export interface QuickAddResult {
  /** The text left once the recognised parts are taken out, trimmed; may be "" (the form then asks for one). */
  title: string;
  /** ISO 8601 with the student's offset ("2025-03-07T17:00:00.000-05:00"), or null for no date. */
  dueDate: string | null;
  /** False when only a day was given: the due time is then 23:59:59 local, as SPEC §5 sets for the form. */
  hasTime: boolean;
  /** The course tag as typed, without '#', whether or not it matched. */
  courseToken: string | null;
  course: QuickAddCourse | null;
  /** Null when none was typed: the form's default (medium) applies. */
  priority: Priority | null;
  recurrence: Recurrence | null;
  spans: QuickAddSpan[];
  /** What the preview should point out: a tag that matches no course, a repeat that never happens. */
  warnings: string[];
}

// ---------------------------------------------------------------------------------------------------
// Course tags

/** Case, spaces and punctuation do not count: #BIO210, #bio-210 and #Bio_210 all name "BIO 210". */
const normalize = (s: string) =>
  s
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

type CourseMatch = { course: QuickAddCourse } | { ambiguous: number } | null;

/**
 * A tag names a course by its code or its name, exactly after normalizing; failing that, by the start of
 * one (at least 3 characters) when only one course starts so: #bio for "Biology 101".
 */
function matchCourse(token: string, courses: readonly QuickAddCourse[]): CourseMatch {
  const t = normalize(token);
  if (!t) return null;
  const tiers = [
    courses.filter((c) => c.code && normalize(c.code) === t),
    courses.filter((c) => normalize(c.name) === t),
    t.length >= 3
      ? courses.filter((c) => (c.code && normalize(c.code).startsWith(t)) || normalize(c.name).startsWith(t))
      : [],
  ];
  for (const found of tiers) {
    if (found.length === 1) return { course: found[0]! };
    if (found.length > 1) return { ambiguous: found.length };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Repeat phrases

const WD = `(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?`;
const WD_LIST = String.raw`${WD}(?:\s*(?:,|&|\+|/|\band\b)\s*(?:and\s+)?${WD})*`;
const ORD = "(?:first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)";
const NUM = String.raw`(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const EVERY = "(?:every|each)";
const OF_MONTH = String.raw`(?:\s+of\s+(?:the|every|each)\s+month)?`;

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const ORDINALS: Record<string, Nth> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
  last: -1,
};

const count = (word: string | undefined): number =>
  word === undefined
    ? 1
    : word.toLowerCase() === "other"
      ? 2
      : (NUMBER_WORDS[word.toLowerCase()] ?? Number(word));

const weekday = (word: string): Weekday => {
  const w = word.toLowerCase().slice(0, 2);
  return WEEKDAYS.find((d) => d.toLowerCase() === w)!;
};
const weekdays = (list: string) => (list.match(new RegExp(WD, "gi")) ?? []).map(weekday);

/** A repeat without its end, with what it leaves to the due date: the weekday or the day of the month. */
type Draft =
  | { freq: "daily"; interval: number }
  | { freq: "weekly"; interval: number; days: Weekday[] | null }
  | {
      freq: "monthly";
      interval: number;
      on: { type: "day"; day: number | null } | { type: "weekday"; weekday: Weekday; nth: Nth };
    };

/** Tried in order; the first that matches anywhere is the repeat. More specific phrases come first. */
const REPEATS: { re: RegExp; draft: (m: RegExpExecArray) => Draft }[] = [
  {
    re: new RegExp(String.raw`\b${EVERY}\s+weekdays?\b`, "i"),
    draft: () => ({ freq: "weekly", interval: 1, days: ["MO", "TU", "WE", "TH", "FR"] }),
  },
  {
    // every first friday, every last monday of the month, the 2nd tuesday of every month, monthly on the 3rd wed
    re: new RegExp(
      String.raw`\b(?:${EVERY}\s+(${ORD})\s+(${WD})${OF_MONTH}|(?:on\s+)?the\s+(${ORD})\s+(${WD})\s+of\s+(?:every|each)\s+month|monthly\s+on\s+the\s+(${ORD})\s+(${WD}))(?![\p{L}\p{N}])`,
      "iu",
    ),
    draft: (m) => ({
      freq: "monthly",
      interval: 1,
      on: {
        type: "weekday",
        nth: ORDINALS[(m[1] ?? m[3] ?? m[5])!.toLowerCase()]!,
        weekday: weekday((m[2] ?? m[4] ?? m[6])!),
      },
    }),
  },
  {
    // every month (on the 15th), monthly on the 1st, every 2 months, every other month
    re: new RegExp(
      String.raw`\b(?:${EVERY}\s+(other|${NUM})\s+months?|${EVERY}\s+month|monthly)(?:\s+on\s+the\s+(\d{1,2})(?:st|nd|rd|th)?)?(?![\p{L}\p{N}])`,
      "iu",
    ),
    draft: (m) => ({
      freq: "monthly",
      interval: count(m[1]),
      on: { type: "day", day: m[2] ? Number(m[2]) : null },
    }),
  },
  {
    // every 15th (of the month), on the 15th of every month: a day number needs its suffix to be one
    re: new RegExp(
      String.raw`\b(?:${EVERY}\s+(\d{1,2})(?:st|nd|rd|th)${OF_MONTH}|(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)?\s+of\s+(?:every|each)\s+month)(?![\p{L}\p{N}])`,
      "iu",
    ),
    draft: (m) => ({ freq: "monthly", interval: 1, on: { type: "day", day: Number(m[1] ?? m[2]) } }),
  },
  {
    // every week (on mon and wed), weekly, every other week, every 2 weeks, biweekly
    re: new RegExp(
      String.raw`\b(?:${EVERY}\s+(other|${NUM})\s+weeks?|${EVERY}\s+week|weekly|(bi-?weekly|fortnightly))(?:\s+on\s+(${WD_LIST}))?(?![\p{L}\p{N}])`,
      "iu",
    ),
    draft: (m) => ({
      freq: "weekly",
      interval: m[2] ? 2 : count(m[1]),
      days: m[3] ? weekdays(m[3]) : null,
    }),
  },
  {
    // every monday, every mon and wed, every other friday
    re: new RegExp(String.raw`\b${EVERY}\s+(other\s+)?(${WD_LIST})(?![\p{L}\p{N}])`, "iu"),
    draft: (m) => ({ freq: "weekly", interval: m[1] ? 2 : 1, days: weekdays(m[2]!) }),
  },
  {
    // every day, everyday, daily, every other day, every 3 days
    re: new RegExp(
      String.raw`\b(?:${EVERY}\s+(other|${NUM})\s+days?|${EVERY}\s*day|daily)(?![\p{L}\p{N}])`,
      "iu",
    ),
    draft: (m) => ({ freq: "daily", interval: count(m[1]) }),
  },
];

type End =
  | { type: "never" }
  | { type: "count"; count: number }
  | { type: "until"; until: { year: number; month: number; day: number } }
  | { type: "for"; amount: number; unit: "day" | "week" | "month" };

const UNTIL_WORD = /^(\s*,?\s*)(?:until|till|til|through|thru)\s+/i;
const FOR_SPAN = new RegExp(
  String.raw`^\s*,?\s*(?:for\s+(${NUM})\s+(times|days?|weeks?|months?)|(${NUM})\s+times)\b`,
  "i",
);

// ---------------------------------------------------------------------------------------------------
// Dates and times

/** A time the student clearly wrote: 5pm, 17:00, noon. A bare "at 3" or "20" is too often a number. */
const EXPLICIT_TIME = /\d\s*(?:a\.?m\.?|p\.?m\.?)(?![\p{L}])|\d:\d\d|\b(?:noon|midnight)\b/iu;
/** Weekday abbreviations in capitals are acronyms in a student's list ("SAT prep", "SUN lab"), not days. */
const ACRONYM_DAY = /\b(?:MON|TUE|WED|THU|FRI|SAT|SUN)\b/;
/** Words chrono reads as a date that in a task title are not one. */
const NOT_A_DATE = /^(?:now|right now)$/i;

/**
 * Hides a recognised span from the readers after it, keeping every index. The filler is not a space: chrono
 * joins a day and a time across spaces, and "fri #BIO210 5pm" must not become one span over the tag.
 */
const blank = (text: string, start: number, end: number) =>
  text.slice(0, start) + ";".repeat(end - start) + text.slice(end);

interface Found {
  start: number;
  end: number;
  day: boolean;
  time: boolean;
  components: chrono.ParsedComponents;
}

/**
 * chrono's results for the text, keeping only the parts this parser trusts. A result whose only time is a
 * bare number ("20 tomorrow", "fri at 5") is read again with that number blanked, so the day still counts.
 */
function readDates(text: string, opts: QuickAddOptions): Found[] {
  const parser = opts.dateOrder === "DMY" ? chrono.en.GB : chrono.casual;
  // chrono reads wall-clock fields in the offset given; the student's offset now is right for today, and
  // only calendar fields are taken from the result, so a DST change before the due date does not matter.
  const reference = { instant: opts.now, timezone: tzOffset(opts.timeZone, opts.now) };
  let masked = text;
  // Each pass blanks at least one character, so a few passes end it; a line has few date phrases.
  for (let pass = 0; pass < 6; pass++) {
    const results = parser.parse(masked, reference, { forwardDate: true });
    const retry = results.map((r) => untrusted(r)).find((fix) => fix !== null);
    if (retry) {
      masked = blank(masked, retry.start, retry.end);
      continue;
    }
    return results.map((r) => ({
      start: r.index,
      end: r.index + r.text.length,
      day: r.start.isCertain("day") || r.start.isCertain("weekday"),
      time: r.start.isCertain("hour") && EXPLICIT_TIME.test(r.text),
      components: r.start,
    }));
  }
  return [];
}

/** The part of a chrono result to blank before reading again, or null when the result can stand. */
function untrusted(r: chrono.ParsedResult): { start: number; end: number } | null {
  const acronym = ACRONYM_DAY.exec(r.text);
  if (acronym) return { start: r.index + acronym.index, end: r.index + acronym.index + acronym[0].length };
  if (NOT_A_DATE.test(r.text.trim())) return { start: r.index, end: r.index + r.text.length };
  const day = r.start.isCertain("day") || r.start.isCertain("weekday");
  const timeCertain = r.start.isCertain("hour");
  if (timeCertain && !EXPLICIT_TIME.test(r.text)) {
    // Prefer "at 5" over a plain number: "dec 3 at 5" keeps its day.
    const bare = /\bat\s+\d{1,2}\b/i.exec(r.text) ?? /\b\d{1,2}\b(?![/.-]\d)/.exec(r.text);
    if (bare) return { start: r.index + bare.index, end: r.index + bare.index + bare[0].length };
    return { start: r.index, end: r.index + r.text.length };
  }
  // A month or a year alone ("March madness", "class of 2027") names no day.
  if (!day && !timeCertain) return { start: r.index, end: r.index + r.text.length };
  return null;
}

// ---------------------------------------------------------------------------------------------------

const PRIORITY = /(^|\s)(!(high|medium|med|low|1|2|3)|[pP]([123]))(?=$|[\s.,;:!?])/giu;
const PRIORITY_WORDS: Record<string, Priority> = {
  high: "high",
  medium: "medium",
  med: "medium",
  low: "low",
  "1": "high",
  "2": "medium",
  "3": "low",
};
const TAG = /(^|\s)#([\p{L}\p{N}][\p{L}\p{N}_.-]*)/gu;
/** Words that belong to the date they precede: "Essay due fri" is titled "Essay". */
const LEAD_IN = /(?:^|\s)(?:due|by|on|at|before)\s+$/i;

const localIso = (y: number, m: number, d: number, h: number, mi: number, s: number, zone: string) =>
  new TZDate(y, m - 1, d, h, mi, s, 0, zone).toISOString();

/** Parses one quick-add line. Never throws on any text; an unknown zone is the caller's bug and throws. */
export function parseQuickAdd(text: string, opts: QuickAddOptions): QuickAddResult {
  const spans: QuickAddSpan[] = [];
  const warnings: string[] = [];
  let masked = text;
  const take = (kind: QuickAddSpanKind, start: number, end: number) => {
    spans.push({ kind, start, end, text: text.slice(start, end) });
    masked = blank(masked, start, end);
  };

  // Course tags: the first that names a course is the course; others stay in the title, flagged.
  let courseToken: string | null = null;
  let course: QuickAddCourse | null = null;
  for (const m of [...masked.matchAll(TAG)]) {
    const token = m[2]!.replace(/[.-]+$/, "");
    // "#1" or "#2025" is a number in the title, not a course.
    if (!/\p{L}/u.test(token)) continue;
    const start = m.index + m[1]!.length;
    const end = start + 1 + token.length;
    const match: CourseMatch = course ? null : matchCourse(token, opts.courses);
    if (match && "course" in match) {
      course = match.course;
      courseToken = token;
      take("course", start, end);
      continue;
    }
    courseToken ??= token;
    if (match && "ambiguous" in match)
      warnings.push(`#${token} matches ${match.ambiguous} courses; add more of its code`);
    else if (!course) warnings.push(`No course matches #${token}; it stays in the title`);
    // Hidden from the date reader ("#dec3"), but left in the title.
    masked = blank(masked, start, end);
  }

  let priority: Priority | null = null;
  for (const m of [...masked.matchAll(PRIORITY)]) {
    if (priority) {
      warnings.push(`Only the first priority counts; ${m[2]} stays in the title`);
      continue;
    }
    priority = PRIORITY_WORDS[(m[3] ?? m[4])!.toLowerCase()]!;
    const start = m.index + m[1]!.length;
    take("priority", start, start + m[2]!.length);
  }

  const repeat = readRepeat(masked, opts);
  if (repeat) take("recurrence", repeat.start, repeat.stop);

  // Dates: the first with a day is the due date; its time, or the first time on its own, the due time.
  const found = readDates(masked, opts);
  const dated = found.find((f) => f.day);
  const timed = dated?.time ? dated : found.find((f) => f.time && !f.day);
  for (const f of new Set([dated, timed])) {
    if (!f) continue;
    // "due fri" / "by 5pm": the lead-in word goes with the date.
    const lead = LEAD_IN.exec(text.slice(0, f.start));
    const start = lead ? lead.index + lead[0].length - lead[0].trimStart().length : f.start;
    take(f === dated ? "date" : "time", start, f.end);
  }

  const hasTime = Boolean(timed);
  let due: string | null = null;
  if (dated || timed) {
    const day = (dated ?? timed)!.components;
    const hm = timed ? [timed.components.get("hour")!, timed.components.get("minute") ?? 0, 0] : [23, 59, 59];
    due = localIso(
      day.get("year")!,
      day.get("month")!,
      day.get("day")!,
      hm[0]!,
      hm[1]!,
      hm[2]!,
      opts.timeZone,
    );
  }

  let recurrence: Recurrence | null = null;
  if (repeat) {
    // A repeat without a date starts today (at the time typed, else the end of the day) or on its first day after.
    const today = new TZDate(opts.now.getTime(), opts.timeZone);
    const start =
      due ?? localIso(today.getFullYear(), today.getMonth() + 1, today.getDate(), 23, 59, 59, opts.timeZone);
    const rule = completeRule(
      repeat.draft,
      repeat.until,
      new TZDate(new Date(start).getTime(), opts.timeZone),
    );
    const first = rule ? firstOccurrence(rule, new Date(start), opts.timeZone) : null;
    if (rule && first) {
      recurrence = rule;
      due = new TZDate(first.getTime(), opts.timeZone).toISOString();
    } else {
      warnings.push(rule ? "The repeat ends before its first date" : "That repeat is out of range");
    }
  }

  spans.sort((a, b) => a.start - b.start);
  return {
    title: titleWithout(text, spans),
    dueDate: due,
    hasTime,
    courseToken,
    course,
    priority,
    recurrence,
    spans,
    warnings,
  };
}

function readRepeat(masked: string, opts: QuickAddOptions) {
  for (const { re, draft } of REPEATS) {
    const m = re.exec(masked);
    if (!m) continue;
    const { end, length } = readEnd(masked.slice(m.index + m[0].length), opts);
    return { draft: draft(m), until: end, start: m.index, stop: m.index + m[0].length + length };
  }
  return null;
}

/** "until dec 20", "for 6 weeks", "10 times" right after the repeat; `length` is how much of `rest` it used. */
function readEnd(rest: string, opts: QuickAddOptions): { end: End; length: number } {
  const until = UNTIL_WORD.exec(rest);
  if (until) {
    const after = rest.slice(until[0].length);
    const [date] = readDates(after, opts).filter((f) => f.day && f.start === 0);
    if (date) {
      const c = date.components;
      return {
        end: { type: "until", until: { year: c.get("year")!, month: c.get("month")!, day: c.get("day")! } },
        length: until[0].length + date.end,
      };
    }
  }
  const span = FOR_SPAN.exec(rest);
  if (span) {
    const amount = count(span[1] ?? span[3]);
    const unit = span[2]?.toLowerCase() ?? "times";
    if (unit === "times") return { end: { type: "count", count: amount }, length: span[0].length };
    return {
      end: {
        type: "for",
        amount,
        unit: unit.startsWith("day") ? "day" : unit.startsWith("week") ? "week" : "month",
      },
      length: span[0].length,
    };
  }
  return { end: { type: "never" }, length: 0 };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The repeat as recurrenceSchema holds it, filled from its first due date; null when out of bounds. */
function completeRule(draft: Draft, end: End, start: TZDate): Recurrence | null {
  const startDay = WEEKDAYS[(start.getDay() + 6) % 7]!;
  let ruleEnd: RecurrenceInput["end"];
  if (end.type === "until")
    ruleEnd = { type: "until", until: `${end.until.year}-${pad(end.until.month)}-${pad(end.until.day)}` };
  else if (end.type === "for") {
    // "for 6 weeks" covers six weeks from the first day: it ends the day before the seventh week starts.
    const last = new TZDate(start.getTime(), start.timeZone ?? "UTC");
    if (end.unit === "day") last.setDate(last.getDate() + end.amount - 1);
    if (end.unit === "week") last.setDate(last.getDate() + end.amount * 7 - 1);
    if (end.unit === "month") {
      last.setMonth(last.getMonth() + end.amount);
      last.setDate(last.getDate() - 1);
    }
    ruleEnd = {
      type: "until",
      until: `${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}`,
    };
  } else ruleEnd = end;

  let input: RecurrenceInput;
  if (draft.freq === "daily") input = { ...draft, end: ruleEnd };
  else if (draft.freq === "weekly") input = { ...draft, days: draft.days ?? [startDay], end: ruleEnd };
  else if (draft.on.type === "day") {
    input = { ...draft, on: { type: "day", day: draft.on.day ?? start.getDate() }, end: ruleEnd };
  } else input = { ...draft, on: draft.on, end: ruleEnd };
  const parsed = recurrenceSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** The typed text without the recognised spans, spaces collapsed and stray separators trimmed. */
function titleWithout(text: string, spans: readonly QuickAddSpan[]): string {
  let out = "";
  let at = 0;
  for (const s of spans) {
    if (s.start > at) out += text.slice(at, s.start);
    out += " ";
    at = Math.max(at, s.end);
  }
  out += text.slice(at);
  return out
    .replace(/\s+/g, " ")
    .replace(/\s+([,;:])/g, "$1")
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, "");
}
