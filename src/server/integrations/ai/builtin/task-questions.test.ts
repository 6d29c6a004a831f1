import { afterEach, describe, expect, it } from "vitest";
import {
  describeTaskFilter,
  mayBeTaskQuestion,
  parseTaskQuestion,
  type TaskCourse,
} from "./task-questions.ts";

const COURSES: TaskCourse[] = [
  { id: 1, name: "Introduction to Biology", code: "BIO 101" },
  { id: 2, name: "Web Development", code: "CS 330" },
  { id: 3, name: "World History", code: "HIST 210" },
];
const NEW_YORK = "America/New_York";
const TOKYO = "Asia/Tokyo";
const at = (iso: string) => new Date(iso);

/** Wednesday 5 March 2025, 10:00 in New York; DST starts there on Sunday 9 March. */
const WEDNESDAY_NY = at("2025-03-05T10:00:00-05:00");

function parse(question: string, now = WEDNESDAY_NY, timeZone = NEW_YORK) {
  return parseTaskQuestion(question, { now, timeZone, courses: COURSES });
}

const open = (range: { from?: string; to?: string }) => ({
  kind: "tasks",
  completed: false,
  range: {
    ...(range.from ? { from: at(range.from) } : {}),
    ...(range.to ? { to: at(range.to) } : {}),
  },
});

describe("parseTaskQuestion: dates in America/New_York", () => {
  it.each([
    ["What is due today?", "2025-03-05T00:00:00-05:00", "2025-03-06T00:00:00-05:00"],
    ["what's due tomorrow", "2025-03-06T00:00:00-05:00", "2025-03-07T00:00:00-05:00"],
    ["What do I have this week?", "2025-03-05T10:00:00-05:00", "2025-03-10T00:00:00-04:00"],
    ["Anything due next week?", "2025-03-10T00:00:00-04:00", "2025-03-17T00:00:00-04:00"],
    ["What is due in 3 days?", "2025-03-08T00:00:00-05:00", "2025-03-09T00:00:00-05:00"],
    ["What's due within 5 days?", "2025-03-05T10:00:00-05:00", "2025-03-11T00:00:00-04:00"],
    ["anything due in the next two weeks?", "2025-03-05T10:00:00-05:00", "2025-03-20T00:00:00-04:00"],
    ["What is due before Friday?", "2025-03-05T10:00:00-05:00", "2025-03-07T00:00:00-05:00"],
    ["What's due by Friday?", "2025-03-05T10:00:00-05:00", "2025-03-08T00:00:00-05:00"],
    ["What is due on March 14?", "2025-03-14T00:00:00-04:00", "2025-03-15T00:00:00-04:00"],
    ["what's due 3/20", "2025-03-20T00:00:00-04:00", "2025-03-21T00:00:00-04:00"],
    ["What is due next Tuesday?", "2025-03-11T00:00:00-04:00", "2025-03-12T00:00:00-04:00"],
    ["What's due this weekend?", "2025-03-08T00:00:00-05:00", "2025-03-10T00:00:00-04:00"],
    ["What is due this month?", "2025-03-05T10:00:00-05:00", "2025-04-01T00:00:00-04:00"],
    ["What do I still need to get done today?", "2025-03-05T00:00:00-05:00", "2025-03-06T00:00:00-05:00"],
  ])("%s", (question, from, to) => {
    expect(parse(question)).toEqual(open({ from, to }));
  });

  it("gives the 23-hour local day when DST starts ('in 4 days' is Sunday 9 March)", () => {
    const filter = parse("What is due in 4 days?");
    expect(filter?.range).toEqual({
      from: at("2025-03-09T00:00:00-05:00"),
      to: at("2025-03-10T00:00:00-04:00"),
    });
    expect(filter!.range!.to!.getTime() - filter!.range!.from!.getTime()).toBe(23 * 3600_000);
  });

  it("gives the 25-hour local day when DST ends", () => {
    const saturday = at("2025-11-01T12:00:00-04:00");
    const filter = parse("What's due tomorrow?", saturday);
    expect(filter?.range).toEqual({
      from: at("2025-11-02T00:00:00-04:00"),
      to: at("2025-11-03T00:00:00-05:00"),
    });
    expect(filter!.range!.to!.getTime() - filter!.range!.from!.getTime()).toBe(25 * 3600_000);
  });

  it("reads 'after' a date as from the next day on, with no end", () => {
    expect(parse("What is due after March 10?")).toEqual(open({ from: "2025-03-11T00:00:00-04:00" }));
  });
});

describe("parseTaskQuestion: dates in Asia/Tokyo", () => {
  it("uses the student's day, not the server's or New York's", () => {
    const instant = at("2025-03-07T16:00:00Z"); // Saturday 01:00 in Tokyo, Friday 11:00 in New York
    expect(parse("What is due today?", instant, TOKYO)).toEqual(
      open({ from: "2025-03-08T00:00:00+09:00", to: "2025-03-09T00:00:00+09:00" }),
    );
    expect(parse("What is due today?", instant, NEW_YORK)).toEqual(
      open({ from: "2025-03-07T00:00:00-05:00", to: "2025-03-08T00:00:00-05:00" }),
    );
  });

  it("starts weeks on Monday in the student's zone", () => {
    const instant = at("2025-03-09T16:00:00Z"); // Monday 01:00 in Tokyo, Sunday 12:00 in New York
    expect(parse("What is due this week?", instant, TOKYO)).toEqual(
      open({ from: "2025-03-09T16:00:00Z", to: "2025-03-17T00:00:00+09:00" }),
    );
    // Sunday in New York: the week ahead, not the rest of today; the week looked back on ends today.
    expect(parse("What is due this week?", instant, NEW_YORK)).toEqual(
      open({ from: "2025-03-09T16:00:00Z", to: "2025-03-17T00:00:00-04:00" }),
    );
    expect(parse("What did I finish this week?", instant, NEW_YORK)?.range).toEqual({
      from: at("2025-03-03T00:00:00-05:00"),
      to: at("2025-03-10T00:00:00-04:00"),
    });
    expect(parse("What's due next week?", instant, TOKYO)).toEqual(
      open({ from: "2025-03-17T00:00:00+09:00", to: "2025-03-24T00:00:00+09:00" }),
    );
  });

  it("reads a weekday for chrono in the student's zone", () => {
    const instant = at("2025-03-06T20:00:00Z"); // Friday 05:00 in Tokyo, Thursday 15:00 in New York
    expect(parse("What is due Friday?", instant, TOKYO)).toEqual(
      open({ from: "2025-03-07T00:00:00+09:00", to: "2025-03-08T00:00:00+09:00" }),
    );
    expect(parse("What is due Friday?", instant, NEW_YORK)).toEqual(
      open({ from: "2025-03-07T00:00:00-05:00", to: "2025-03-08T00:00:00-05:00" }),
    );
  });

  describe("whatever the server's own zone", () => {
    const saved = process.env.TZ;
    afterEach(() => {
      process.env.TZ = saved;
    });

    it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"])("server in %s", (serverZone) => {
      process.env.TZ = serverZone;
      // Friday 05:00 in Tokyo is still Thursday in Pago Pago and UTC: 'Thursday' must be next week's.
      expect(parse("What is due Thursday?", at("2025-03-06T20:00:00Z"), TOKYO)?.range).toEqual({
        from: at("2025-03-13T00:00:00+09:00"),
        to: at("2025-03-14T00:00:00+09:00"),
      });
    });
  });
});

describe("parseTaskQuestion: status, courses, exams and next steps", () => {
  it("overdue", () => {
    expect(parse("What is overdue?")).toEqual({ kind: "tasks", overdue: true, completed: false });
    expect(parse("Am I late on any assignments in CS 330?")).toEqual({
      kind: "tasks",
      overdue: true,
      completed: false,
      courseIds: [2],
    });
  });

  it("completed, over the whole week when a week is named", () => {
    expect(parse("Which assignments have I completed?")).toEqual({ kind: "tasks", completed: true });
    expect(parse("What did I finish this week?")).toEqual({
      kind: "tasks",
      completed: true,
      range: { from: at("2025-03-03T00:00:00-05:00"), to: at("2025-03-10T00:00:00-04:00") },
    });
    expect(parse("What tasks are not done yet?")).toEqual({ kind: "tasks", completed: false });
    expect(parse("What's done?")).toEqual({ kind: "tasks", completed: true });
    expect(parse("what is finished")).toEqual({ kind: "tasks", completed: true });
    // About the material, not the student's list.
    expect(parse("What is done to the sample after titration is finished?")).toBeNull();
  });

  it("by course name, a distinctive word of it, or its code in any spacing", () => {
    expect(parse("What is due in Biology?")).toEqual({ kind: "tasks", completed: false, courseIds: [1] });
    expect(parse("what's due for web development")?.courseIds).toEqual([2]);
    expect(parse("CS 330")).toEqual({ kind: "tasks", completed: false, courseIds: [2] });
    // 'homework' is a kind of work (issue 24 item 4): only tasks whose title says so.
    expect(parse("cs330 homework next week")).toEqual({
      ...open({ from: "2025-03-10T00:00:00-04:00", to: "2025-03-17T00:00:00-04:00" }),
      courseIds: [2],
      keywords: ["homework", "hw", "problem set", "pset", "exercise"],
    });
    expect(parse("Any deadlines in HIST-210 or BIO 101?")?.courseIds).toEqual([1, 3]);
  });

  it("next exam, quiz or midterm by title keyword", () => {
    expect(parse("When is my next exam?")).toEqual({
      kind: "tasks",
      completed: false,
      keywords: ["exam", "midterm", "final", "test"],
      range: { from: WEDNESDAY_NY },
      limit: 1,
    });
    expect(parse("next quiz?")).toEqual({
      kind: "tasks",
      completed: false,
      keywords: ["quiz"],
      range: { from: WEDNESDAY_NY },
      limit: 1,
    });
    expect(parse("Do I have any midterms next week?")).toEqual({
      ...open({ from: "2025-03-10T00:00:00-04:00", to: "2025-03-17T00:00:00-04:00" }),
      keywords: ["midterm"],
    });
  });

  it("what an exam covers or where it is: the material, with the next such exam beside it", () => {
    for (const question of [
      "What's on the midterm?",
      "Which chapters does the midterm cover?",
      "Which room is the exam in?",
      "What should I study for the final exam?",
    ]) {
      expect(parse(question), question).toMatchObject({
        kind: "tasks",
        completed: false,
        range: { from: WEDNESDAY_NY },
        limit: 1,
        withMaterial: true,
      });
    }
    expect(parse("When is the midterm?")?.withMaterial).toBeUndefined();
    expect(parse("What day is the final exam?")?.withMaterial).toBeUndefined();
  });

  it("mayBeTaskQuestion: false only when no course named in it could make it one", () => {
    const context = { now: WEDNESDAY_NY, timeZone: NEW_YORK };
    for (const question of [
      "What is due today?",
      "BIO 101?",
      "What do I have in CS 330 on Friday?",
      "What's on the midterm?",
    ]) {
      expect(parse(question), question).not.toBeNull();
      expect(mayBeTaskQuestion(question, context), question).toBe(true);
    }
    for (const question of ["Where does photosynthesis take place?", "What is the Calvin cycle in plants?"]) {
      expect(mayBeTaskQuestion(question, context), question).toBe(false);
    }
  });

  it("a task named in the question", () => {
    expect(parse("When is the lab report due?")).toEqual({
      kind: "tasks",
      completed: false,
      keywords: ["lab report"],
    });
    expect(parse("What's the deadline for the CS 330 final project?")).toEqual({
      kind: "tasks",
      completed: false,
      courseIds: [2],
      keywords: ["final project"],
    });
  });

  it("what should I do next: open tasks in task order, overdue first", () => {
    expect(parse("What should I do next?")).toEqual({ kind: "tasks", completed: false, limit: 5 });
    expect(parse("What should I work on?")).toEqual({ kind: "tasks", completed: false, limit: 5 });
  });

  it.each([
    "What is photosynthesis?",
    "When did the French Revolution start?",
    "What happened on July 14, 1789?",
    "Why was the decline of Rome due to inflation?",
    "Explain due process in constitutional law",
    "What is a t-test used for?",
    "Summarize chapter 3 for me",
    "What's the difference between mitosis and meiosis?",
    "How did the biology of viruses change this week's lecture topic?",
  ])("not a task question: %s", (question) => {
    expect(parse(question)).toBeNull();
  });

  it("rejects a time zone the runtime does not know", () => {
    expect(() => parse("What is due today?", WEDNESDAY_NY, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

describe("parseTaskQuestion: a course by any part of its name or code, and a kind of work", () => {
  const courses: TaskCourse[] = [
    { id: 4, name: "MATH 151: Calculus I", code: "MATH 151" },
    { id: 5, name: "General Chemistry", code: "CHEM 101" },
  ];
  const ask = (question: string) =>
    parseTaskQuestion(question, { now: WEDNESDAY_NY, timeZone: NEW_YORK, courses });
  const homework = ["homework", "hw", "problem set", "pset", "exercise"];

  it.each([
    ["When is my calculus homework due?", [4], homework],
    ["What homework is due in MATH 151?", [4], homework],
    ["any math151 hw left?", [4], homework],
    ["When is the calc 1 homework due?", [4], homework],
    ["When are my chemistry labs due?", [5], ["lab"]],
    ["Which calculus quizzes are coming up?", [4], ["quiz"]],
  ])("%s", (question, courseIds, keywords) => {
    expect(ask(question)).toMatchObject({ kind: "tasks", completed: false, courseIds, keywords });
  });

  it("reads a course name with accents, typed with or without them", () => {
    const spanish: TaskCourse[] = [
      { id: 6, name: "Cálculo Diferencial", code: "MAT 101" },
      { id: 7, name: "Química General", code: "QUÍ 110" },
    ];
    const asked = (question: string) =>
      parseTaskQuestion(question, { now: WEDNESDAY_NY, timeZone: NEW_YORK, courses: spanish });
    expect(asked("When is my calculo homework due?")).toMatchObject({ courseIds: [6], keywords: homework });
    expect(asked("When is my cálculo homework due?")).toMatchObject({ courseIds: [6], keywords: homework });
    expect(asked("Any QUI 110 labs this week?")).toMatchObject({ courseIds: [7], keywords: ["lab"] });
    expect(asked("When is the quimica general informe due?")).toMatchObject({
      courseIds: [7],
      keywords: ["informe"],
    });
  });

  it("a kind of work asked about as the student's own, not what the kind is", () => {
    const labs = { kind: "tasks", completed: false, keywords: ["lab"] };
    expect(parse("What labs do I have?")).toEqual(labs);
    expect(parse("which essays are left")?.keywords).toEqual(["essay", "paper"]);
    expect(parse("How many projects do I still have to finish?")?.keywords).toEqual(["project"]);
    expect(parse("my labs")).toEqual(labs);
    expect(parse("labs this week?")).toEqual({
      ...open({ from: "2025-03-05T10:00:00-05:00", to: "2025-03-10T00:00:00-04:00" }),
      keywords: ["lab"],
    });
    for (const question of [
      "What is a lab report?",
      "Do I have to wear goggles in the lab?",
      "papers on climate change",
      "readings about the French revolution",
    ]) {
      expect(parse(question), question).toBeNull();
    }
  });

  it("keeps a real title as the title ('lab report' is not just the kind)", () => {
    expect(ask("When is the chemistry lab report due?")).toMatchObject({
      courseIds: [5],
      keywords: ["lab report"],
    });
  });

  it("says what was searched, in the student's zone", () => {
    const filter = ask("What calculus homework is due next week?")!;
    expect(describeTaskFilter(filter, courses, NEW_YORK)).toBe(
      "open homework in MATH 151 due Mon, Mar 10 to Sun, Mar 16",
    );
    expect(describeTaskFilter(ask("anything overdue?")!, courses, NEW_YORK)).toBe("overdue tasks");
    expect(describeTaskFilter(ask("When is the chemistry lab report due?")!, courses, NEW_YORK)).toBe(
      'open tasks matching "lab report" in CHEM 101',
    );
  });
});
