import { describe, expect, it } from "vitest";
import type { Priority } from "#shared/tasks/contract.ts";
import { describeRecurrence } from "#shared/tasks/recurrence.ts";
import { parseQuickAdd, type QuickAddCourse, type QuickAddOptions } from "./quick-add.ts";

const COURSES: QuickAddCourse[] = [
  { id: 1, name: "Biology I", code: "BIO 210" },
  { id: 2, name: "Web Development", code: "CS 330" },
  { id: 3, name: "Organic Chemistry", code: "CHEM 241" },
  { id: 4, name: "Chemistry Lab", code: "CHEM 242" },
  { id: 5, name: "Ethics", code: null },
];

// Wednesday 5 March 2025, 10:00 in New York (EST). Clocks spring forward on Sunday 9 March, so dates
// from then on carry -04:00: the offset in each expected due date checks the zone handling too.
const NOW = new Date("2025-03-05T15:00:00Z");
const NY: QuickAddOptions = { now: NOW, timeZone: "America/New_York", courses: COURSES };

interface Expected {
  title: string;
  due: string | null;
  time?: boolean;
  course?: string | null;
  priority?: Priority | null;
  /** describeRecurrence of the rule, or null. */
  repeat?: string | null;
  warning?: string;
}

/** Phrase, then what it should save. Unlisted fields default to none (no time, course, priority, repeat). */
const TABLE: [string, Expected][] = [
  // The example, and the same parts in other orders
  [
    "Lab report fri 5pm #BIO210 !high every week",
    {
      title: "Lab report",
      due: "2025-03-07T17:00:00.000-05:00",
      time: true,
      course: "BIO 210",
      priority: "high",
      repeat: "Every week on Friday",
    },
  ],
  [
    "#BIO210 !high every week Lab report fri 5pm",
    {
      title: "Lab report",
      due: "2025-03-07T17:00:00.000-05:00",
      time: true,
      course: "BIO 210",
      priority: "high",
      repeat: "Every week on Friday",
    },
  ],
  [
    "Lab report fri #BIO210 5pm",
    { title: "Lab report", due: "2025-03-07T17:00:00.000-05:00", time: true, course: "BIO 210" },
  ],
  ["5pm fri lab report", { title: "lab report", due: "2025-03-07T17:00:00.000-05:00", time: true }],
  // No date at all
  ["Read chapter 4", { title: "Read chapter 4", due: null }],
  ["Buy lab goggles !low", { title: "Buy lab goggles", due: null, priority: "low" }],
  // Days
  ["Essay tomorrow", { title: "Essay", due: "2025-03-06T23:59:59.000-05:00" }],
  ["Quiz next tue", { title: "Quiz", due: "2025-03-11T23:59:59.000-04:00" }],
  ["Essay due dec 3", { title: "Essay", due: "2025-12-03T23:59:59.000-05:00" }],
  ["Essay due 12/3", { title: "Essay", due: "2025-12-03T23:59:59.000-05:00" }],
  ["Meet advisor on 3 Dec", { title: "Meet advisor", due: "2025-12-03T23:59:59.000-05:00" }],
  ["Review 2025-12-03", { title: "Review", due: "2025-12-03T23:59:59.000-05:00" }],
  [
    "problem set 3 due friday p1",
    { title: "problem set 3", due: "2025-03-07T23:59:59.000-05:00", priority: "high" },
  ],
  ["Exam 2 on Tuesday", { title: "Exam 2", due: "2025-03-11T23:59:59.000-04:00" }],
  ["Call mom sun", { title: "Call mom", due: "2025-03-09T23:59:59.000-04:00" }],
  ["Paper due in 2 weeks", { title: "Paper", due: "2025-03-19T23:59:59.000-04:00" }],
  [
    "Read ch. 4-5 by thu 11:59pm",
    { title: "Read ch. 4-5", due: "2025-03-06T23:59:00.000-05:00", time: true },
  ],
  // Times
  ["lunch noon", { title: "lunch", due: "2025-03-05T12:00:00.000-05:00", time: true }],
  ["Office hours 17:00", { title: "Office hours", due: "2025-03-05T17:00:00.000-05:00", time: true }],
  // 9am has passed at 10:00, so it is tomorrow's.
  ["quiz 9am", { title: "quiz", due: "2025-03-06T09:00:00.000-05:00", time: true }],
  ["dec 3 quiz 17:00", { title: "quiz", due: "2025-12-03T17:00:00.000-05:00", time: true }],
  ["Essay due next tue at 5pm", { title: "Essay", due: "2025-03-11T17:00:00.000-04:00", time: true }],
  [
    "Midterm thurs 9:30am #Bio !1",
    {
      title: "Midterm",
      due: "2025-03-06T09:30:00.000-05:00",
      time: true,
      course: "BIO 210",
      priority: "high",
    },
  ],
  // Words that look like dates inside titles stay there
  ["Chapter 5 reading", { title: "Chapter 5 reading", due: null }],
  ["May Day essay", { title: "May Day essay", due: null }],
  ["March madness bracket", { title: "March madness bracket", due: null }],
  ["Read 1984 essay", { title: "Read 1984 essay", due: null }],
  ["SAT prep tue", { title: "SAT prep", due: "2025-03-11T23:59:59.000-04:00" }],
  ["Read pages 10-20 tomorrow", { title: "Read pages 10-20", due: "2025-03-06T23:59:59.000-05:00" }],
  ["Lab 2 at 3", { title: "Lab 2 at 3", due: null }],
  ["Essay now", { title: "Essay now", due: null }],
  // Courses: by code or name, any case or spacing, or a unique start; unknown ones stay and are flagged
  ["#chem241 reading !low", { title: "reading", due: null, course: "CHEM 241", priority: "low" }],
  ["#webdevelopment project !2", { title: "project", due: null, course: "CS 330", priority: "medium" }],
  ["bio lab #BIO-210", { title: "bio lab", due: null, course: "BIO 210" }],
  ["Ethics essay #ethics", { title: "Ethics essay", due: null, course: null }],
  [
    "#MeToo essay tomorrow",
    {
      title: "#MeToo essay",
      due: "2025-03-06T23:59:59.000-05:00",
      warning: "No course matches #MeToo; it stays in the title",
    },
  ],
  ["#CHEM lab", { title: "#CHEM lab", due: null, warning: "#CHEM matches 2 courses; add more of its code" }],
  ["Read #1 chapter", { title: "Read #1 chapter", due: null }],
  // Priorities
  ["Submit p2 report", { title: "Submit report", due: null, priority: "medium" }],
  ["Essay !3", { title: "Essay", due: null, priority: "low" }],
  [
    "Essay !high !low",
    {
      title: "Essay !low",
      due: null,
      priority: "high",
      warning: "Only the first priority counts; !low stays in the title",
    },
  ],
  // Repeats
  [
    "every monday standup",
    { title: "standup", due: "2025-03-10T23:59:59.000-04:00", repeat: "Every week on Monday" },
  ],
  [
    "Gym 7am every mon and wed",
    {
      title: "Gym",
      due: "2025-03-10T07:00:00.000-04:00",
      time: true,
      repeat: "Every week on Monday and Wednesday",
    },
  ],
  [
    "Standup every mon, wed & fri 9am",
    {
      title: "Standup",
      due: "2025-03-07T09:00:00.000-05:00",
      time: true,
      repeat: "Every week on Monday, Wednesday and Friday",
    },
  ],
  [
    "every other week lab report thursday",
    { title: "lab report", due: "2025-03-06T23:59:59.000-05:00", repeat: "Every 2 weeks on Thursday" },
  ],
  [
    "Draft every other friday",
    { title: "Draft", due: "2025-03-07T23:59:59.000-05:00", repeat: "Every 2 weeks on Friday" },
  ],
  ["daily journal", { title: "journal", due: "2025-03-05T23:59:59.000-05:00", repeat: "Every day" }],
  ["gym every 3 days", { title: "gym", due: "2025-03-05T23:59:59.000-05:00", repeat: "Every 3 days" }],
  [
    "HW every 2 weeks until dec 20",
    {
      title: "HW",
      due: "2025-03-05T23:59:59.000-05:00",
      repeat: "Every 2 weeks on Wednesday, until Dec 20, 2025",
    },
  ],
  [
    "Rent every month on the 15th",
    { title: "Rent", due: "2025-03-15T23:59:59.000-04:00", repeat: "Every month on the 15th" },
  ],
  [
    "pay every 15th",
    { title: "pay", due: "2025-03-15T23:59:59.000-04:00", repeat: "Every month on the 15th" },
  ],
  [
    "Club every first friday",
    { title: "Club", due: "2025-03-07T23:59:59.000-05:00", repeat: "Every month on the first Friday" },
  ],
  [
    "Review every last friday 4pm",
    {
      title: "Review",
      due: "2025-03-28T16:00:00.000-04:00",
      time: true,
      repeat: "Every month on the last Friday",
    },
  ],
  [
    "Reading every weekday 8am",
    { title: "Reading", due: "2025-03-06T08:00:00.000-05:00", time: true, repeat: "Every weekday" },
  ],
  [
    "Flashcards every day for 2 weeks",
    { title: "Flashcards", due: "2025-03-05T23:59:59.000-05:00", repeat: "Every day, until Mar 18, 2025" },
  ],
  [
    "Quiz weekly on tue, thu 10 times",
    {
      title: "Quiz",
      due: "2025-03-06T23:59:59.000-05:00",
      repeat: "Every week on Tuesday and Thursday, 10 times",
    },
  ],
  [
    "essay fri 5pm every week 6 times",
    {
      title: "essay",
      due: "2025-03-07T17:00:00.000-05:00",
      time: true,
      repeat: "Every week on Friday, 6 times",
    },
  ],
  [
    "Report every month dec 3",
    { title: "Report", due: "2025-12-03T23:59:59.000-05:00", repeat: "Every month on the 3rd" },
  ],
  // A date off the repeat's days moves to its first day on or after it.
  [
    "Lab fri every monday",
    { title: "Lab", due: "2025-03-10T23:59:59.000-04:00", repeat: "Every week on Monday" },
  ],
  [
    "journal every day until yesterday",
    { title: "journal", due: null, warning: "The repeat ends before its first date" },
  ],
  // Only a date: the title is empty, and the form will ask for one.
  ["tomorrow", { title: "", due: "2025-03-06T23:59:59.000-05:00" }],
];

describe("quick add", () => {
  it("has a table of at least 40 phrases", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)("reads %j", (phrase, expected) => {
    const r = parseQuickAdd(phrase, NY);
    expect({
      title: r.title,
      due: r.dueDate,
      time: r.hasTime,
      course: r.course?.code ?? null,
      priority: r.priority,
      repeat: r.recurrence && describeRecurrence(r.recurrence),
    }).toEqual({
      title: expected.title,
      due: expected.due,
      time: expected.time ?? false,
      course: expected.course === undefined ? null : expected.course,
      priority: expected.priority ?? null,
      repeat: expected.repeat ?? null,
    });
    if (expected.warning) expect(r.warnings).toContain(expected.warning);
    else expect(r.warnings).toEqual([]);
  });

  it("matches a course with no code by its name", () => {
    const r = parseQuickAdd("Ethics essay #ethics", NY);
    expect(r.course).toEqual(COURSES[4]);
    expect(r.courseToken).toBe("ethics");
  });

  it("returns the spans it recognised, as typed, for the preview", () => {
    const text = "Lab report fri 5pm #BIO210 !high every week";
    const r = parseQuickAdd(text, NY);
    expect(r.spans).toEqual([
      { kind: "date", start: 11, end: 18, text: "fri 5pm" },
      { kind: "course", start: 19, end: 26, text: "#BIO210" },
      { kind: "priority", start: 27, end: 32, text: "!high" },
      { kind: "recurrence", start: 33, end: 43, text: "every week" },
    ]);
    for (const s of r.spans) expect(text.slice(s.start, s.end)).toBe(s.text);
    // A separate day and time are two spans; the lead-in "due" goes with the day.
    expect(parseQuickAdd("Essay due fri #CS330 5pm", NY).spans.map((s) => [s.kind, s.text])).toEqual([
      ["date", "due fri"],
      ["course", "#CS330"],
      ["time", "5pm"],
    ]);
  });

  it("keeps the typed course token when it matches nothing", () => {
    const r = parseQuickAdd("Poster #ART101", NY);
    expect(r.courseToken).toBe("ART101");
    expect(r.course).toBeNull();
    expect(r.spans).toEqual([]);
  });

  it("reads the day in the student's zone, not the machine's or UTC", () => {
    // 23:30 on Wednesday in New York is already Thursday in UTC.
    const late = { ...NY, now: new Date("2025-03-06T04:30:00Z") };
    expect(parseQuickAdd("Essay tomorrow", late).dueDate).toBe("2025-03-06T23:59:59.000-05:00");
    const berlin = { ...NY, timeZone: "Europe/Berlin" };
    // 16:00 in Berlin on Wednesday: 5pm is still today, and Berlin's DST starts on 30 March.
    expect(parseQuickAdd("Call 5pm", berlin).dueDate).toBe("2025-03-05T17:00:00.000+01:00");
    expect(parseQuickAdd("Seminar mar 31 10:00", berlin).dueDate).toBe("2025-03-31T10:00:00.000+02:00");
  });

  it("reads 12/3 as 12 March when the student writes day first", () => {
    expect(parseQuickAdd("Essay 12/3", { ...NY, dateOrder: "DMY" }).dueDate).toBe(
      "2025-03-12T23:59:59.000-04:00",
    );
  });

  it("returns a recurrence in the shared schema, starting on the due date", () => {
    const r = parseQuickAdd("Lab report fri 5pm every 2 weeks until dec 20", NY);
    expect(r.recurrence).toEqual({
      freq: "weekly",
      interval: 2,
      days: ["FR"],
      end: { type: "until", until: "2025-12-20" },
    });
    expect(r.title).toBe("Lab report");
  });

  it("never throws on odd input", () => {
    for (const text of [
      "",
      "   ",
      "#",
      "!",
      "every",
      "every every monday",
      "#!#!",
      "🙂 tomorrow 🙂",
      "a".repeat(2000),
    ]) {
      expect(() => parseQuickAdd(text, NY)).not.toThrow();
    }
    expect(parseQuickAdd("🙂 tomorrow 🙂", NY)).toMatchObject({
      title: "🙂 🙂",
      dueDate: "2025-03-06T23:59:59.000-05:00",
    });
  });
});
