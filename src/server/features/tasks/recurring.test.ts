import { beforeAll, describe, expect, it } from "vitest";
import type { Task } from "#shared/tasks/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

// Recurring tasks (issue 26 item 1): an RRULE on the task contract, checked by src/shared/tasks/recurrence.ts.

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const req = t.req;
const list = async (who: TestUser) => (await req(who, "GET", "/api/tasks")).json() as Task[];
const ofSeries = async (who: TestUser, seriesId: number) =>
  (await list(who)).filter((x) => x.seriesId === seriesId).sort((a, b) => (a.dueDate! < b.dueDate! ? -1 : 1));

// Monday 2031-03-03 17:00 in New York (EST, UTC-5); US DST starts Sunday 2031-03-09.
const MONDAY_5PM = "2031-03-03T22:00:00.000Z";
const ZONE = "America/New_York";

async function weekly(who: TestUser, body: object = {}) {
  const res = await req(who, "POST", "/api/tasks", {
    title: "Problem set",
    dueDate: MONDAY_5PM,
    recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
    timeZone: ZONE,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Task;
}

describe("creating a recurring task", () => {
  it("saves the rule as the shared module writes it, the zone and the series' start; the first task is the series", async () => {
    const task = await weekly(ada, { recurrence: "RRULE:freq=weekly;byday=MO;count=3" });
    expect(task).toMatchObject({
      rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
      recurrenceTimeZone: ZONE,
      seriesStart: MONDAY_5PM,
      seriesId: task.id,
      dueDate: MONDAY_5PM,
    });
    // The list (built as JSON by the database) carries the same fields.
    expect((await list(ada)).find((x) => x.id === task.id)).toEqual(task);
  });

  it("uses the student's settings zone when none is sent", async () => {
    const u = await createUser(t.app);
    const res = await req(u, "POST", "/api/tasks", {
      title: "Daily reading",
      dueDate: "2031-03-03T09:00:00.000Z",
      recurrence: "FREQ=DAILY;COUNT=5",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().recurrenceTimeZone).toBe("UTC");
  });

  it.each([
    ["a malformed RRULE", { recurrence: "FREQ=SOMETIMES" }, /FREQ must be DAILY, WEEKLY or MONTHLY/],
    ["an unknown part", { recurrence: "FREQ=WEEKLY;COLOUR=RED" }, /unknown part 'COLOUR'/],
    ["a yearly rule", { recurrence: "FREQ=YEARLY" }, /not supported/],
    ["DTSTART lines", { recurrence: "DTSTART:20310303T170000\nRRULE:FREQ=DAILY" }, /Invalid RRULE/],
    ["a count above the limit", { recurrence: "FREQ=DAILY;COUNT=100000" }, /at most 500 times/],
    [
      "an end date beyond five years (an unbounded series)",
      { recurrence: "FREQ=DAILY;UNTIL=20990101" },
      /at most 5 years/,
    ],
    ["an end before the start", { recurrence: "FREQ=DAILY;UNTIL=20300101" }, /before its first date/],
    [
      "a start that is not one of its dates",
      { recurrence: "FREQ=WEEKLY;BYDAY=TU" },
      /is not a day this repeats on/,
    ],
    ["no due date", { recurrence: "FREQ=DAILY", dueDate: null }, /needs a due date/],
    ["an unknown zone", { recurrence: "FREQ=DAILY", timeZone: "Mars/Olympus" }, /IANA time zone/],
    ["a rule too long", { recurrence: `FREQ=DAILY;${"X".repeat(400)}` }, /at most 300 characters/],
    ["a rule that is not text", { recurrence: 42 }, /./],
  ])("refuses %s with 400 and a message", async (_name, body, message) => {
    const res = await req(ada, "POST", "/api/tasks", {
      title: "Bad series",
      dueDate: MONDAY_5PM,
      timeZone: ZONE,
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });
});

describe("completing an occurrence", () => {
  it("creates the next one at the same local time across DST, once, and none after the count is used", async () => {
    const first = await weekly(ada);
    const done = await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    expect(done.statusCode).toBe(200);
    let series = await ofSeries(ada, first.id);
    expect(series.map((x) => [x.dueDate, x.completed])).toEqual([
      [MONDAY_5PM, true],
      // 17:00 in New York after the DST change is 21:00 UTC.
      ["2031-03-10T21:00:00.000Z", false],
    ]);
    expect(series[1]).toMatchObject({ title: "Problem set", rrule: first.rrule, seriesStart: MONDAY_5PM });

    // Reopened and completed again: the next one is not created twice.
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: false });
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    expect(await ofSeries(ada, first.id)).toHaveLength(2);
    const second = (await ofSeries(ada, first.id))[1]!;

    await req(ada, "PUT", `/api/tasks/${second.id}`, { completed: true });
    series = await ofSeries(ada, first.id);
    expect(series.map((x) => x.dueDate)).toEqual([
      MONDAY_5PM,
      "2031-03-10T21:00:00.000Z",
      "2031-03-17T21:00:00.000Z",
    ]);
    // COUNT=3: the third is the last.
    await req(ada, "PUT", `/api/tasks/${series[2]!.id}`, { completed: true });
    expect(await ofSeries(ada, first.id)).toHaveLength(3);
  });

  it("a monthly 'last Friday' series skips to the right day", async () => {
    const res = await req(ada, "POST", "/api/tasks", {
      title: "Lab notebook check",
      dueDate: "2031-01-31T15:00:00.000Z",
      recurrence: "FREQ=MONTHLY;BYDAY=-1FR",
      timeZone: "UTC",
    });
    expect(res.statusCode, res.body).toBe(201);
    await req(ada, "PUT", `/api/tasks/${res.json().id}`, { completed: true });
    const series = await ofSeries(ada, res.json().id);
    expect(series.map((x) => x.dueDate)).toEqual(["2031-01-31T15:00:00.000Z", "2031-02-28T15:00:00.000Z"]);
  });
});

describe("reopening a completed occurrence", () => {
  const due = (tasks: Task[]) => tasks.map((x) => [x.dueDate, x.completed]);
  const NEXT = "2031-03-10T21:00:00.000Z";

  it("removes the next occurrence its completion created while the student has not touched it", async () => {
    const first = await weekly(ada);
    await req(ada, "POST", `/api/tasks/${first.id}/subtasks`, { title: "Read chapter" });
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    expect(await ofSeries(ada, first.id)).toHaveLength(2);

    const reopened = await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: false });
    expect(reopened.statusCode).toBe(200);
    expect(due(await ofSeries(ada, first.id))).toEqual([[MONDAY_5PM, false]]);

    // Completing it again creates the next one afresh, with the checklist.
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    const series = await ofSeries(ada, first.id);
    expect(due(series)).toEqual([
      [MONDAY_5PM, true],
      [NEXT, false],
    ]);
    expect(series[1]!.subtasks.map((s) => [s.title, s.done])).toEqual([["Read chapter", false]]);
  });

  it.each([
    ["edited", (id: number) => req(ada, "PUT", `/api/tasks/${id}`, { notes: "Started on question 2" })],
    [
      "completed and reopened",
      async (id: number) => {
        await req(ada, "PUT", `/api/tasks/${id}`, { completed: true });
        await req(ada, "PUT", `/api/tasks/${id}`, { completed: false });
      },
    ],
    [
      "given a checklist item",
      (id: number) => req(ada, "POST", `/api/tasks/${id}/subtasks`, { title: "Q1" }),
    ],
  ])("keeps the next occurrence the student has %s", async (_name, touch) => {
    const first = await weekly(ada);
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    const next = (await ofSeries(ada, first.id))[1]!;
    await touch(next.id);
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: false });
    const series = await ofSeries(ada, first.id);
    expect(series.map((x) => x.id)).toEqual([first.id, next.id]);
    expect(series[0]!.completed).toBe(false);
  });

  it("keeps a ticked checklist item's occurrence, and reopening an older occurrence leaves a completed later one", async () => {
    const first = await weekly(ada);
    await req(ada, "POST", `/api/tasks/${first.id}/subtasks`, { title: "Read chapter" });
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    const next = (await ofSeries(ada, first.id))[1]!;
    const ticked = await req(ada, "PATCH", `/api/tasks/${next.id}/subtasks/${next.subtasks[0]!.id}`, {
      done: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: false });
    expect(await ofSeries(ada, first.id)).toHaveLength(2);

    // First and second done (the third created), then the first reopened: the second stays done.
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    await req(ada, "PUT", `/api/tasks/${next.id}`, { completed: true });
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: false });
    expect(due(await ofSeries(ada, first.id))).toEqual([
      [MONDAY_5PM, false],
      [NEXT, true],
      ["2031-03-17T21:00:00.000Z", false],
    ]);
  });

  it("a bulk reopen undoes the same, and never reaches another student's series", async () => {
    const first = await weekly(ada);
    const bobs = await weekly(bob);
    await req(ada, "PATCH", "/api/tasks", { ids: [first.id], completed: true });
    await req(bob, "PUT", `/api/tasks/${bobs.id}`, { completed: true });
    expect(await ofSeries(ada, first.id)).toHaveLength(2);
    const res = await req(ada, "PATCH", "/api/tasks", { ids: [first.id], completed: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(due(await ofSeries(ada, first.id))).toEqual([[MONDAY_5PM, false]]);
    expect(await ofSeries(bob, bobs.id)).toHaveLength(2);
  });
});

describe("editing a series", () => {
  it("'this one' changes only the occurrence; 'future' changes this and later ones, not earlier", async () => {
    const first = await weekly(ada, { title: "Reading", recurrence: "FREQ=WEEKLY;BYDAY=MO" });
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    const [, second] = await ofSeries(ada, first.id);
    await req(ada, "PUT", `/api/tasks/${second!.id}`, { completed: true });
    const [, , third] = await ofSeries(ada, first.id);

    const one = await req(ada, "PUT", `/api/tasks/${second!.id}`, { title: "Reading (ch. 4)" });
    expect(one.statusCode).toBe(200);
    let series = await ofSeries(ada, first.id);
    expect(series.map((x) => x.title)).toEqual(["Reading", "Reading (ch. 4)", "Reading"]);

    const future = await req(ada, "PUT", `/api/tasks/${second!.id}`, {
      title: "Reading notes",
      priority: "high",
      scope: "future",
    });
    expect(future.statusCode).toBe(200);
    series = await ofSeries(ada, first.id);
    expect(series.map((x) => [x.title, x.priority])).toEqual([
      ["Reading", "medium"],
      ["Reading notes", "high"],
      ["Reading notes", "high"],
    ]);
    expect(series[2]!.id).toBe(third!.id);
  });

  it("a new rule from an occurrence on ends the earlier ones before it; null stops the repeat", async () => {
    const first = await weekly(ada, { title: "Lab", recurrence: "FREQ=WEEKLY;BYDAY=MO" });
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    const [, second] = await ofSeries(ada, first.id);

    const changed = await req(ada, "PUT", `/api/tasks/${second!.id}`, {
      recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=4",
      scope: "future",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=4",
      seriesId: second!.id,
      seriesStart: second!.dueDate,
    });
    const earlier = (await list(ada)).find((x) => x.id === first.id)!;
    // The first occurrence keeps the old rule, ended the day before the second.
    expect(earlier.rrule).toBe("FREQ=WEEKLY;BYDAY=MO;UNTIL=20310310T035959Z");
    await req(ada, "PUT", `/api/tasks/${second!.id}`, { completed: true });
    const next = await ofSeries(ada, second!.id);
    expect(next.map((x) => x.dueDate)).toEqual([second!.dueDate, "2031-03-24T21:00:00.000Z"]);

    const stopped = await req(ada, "PUT", `/api/tasks/${next[1]!.id}`, { recurrence: null });
    expect(stopped.json()).toMatchObject({ rrule: null, seriesId: null, seriesStart: null });
    await req(ada, "PUT", `/api/tasks/${next[1]!.id}`, { completed: true });
    expect((await list(ada)).filter((x) => x.title === "Lab")).toHaveLength(3);
  });

  it("'future' with a new due time moves the series: the next occurrence keeps the new time, the remaining count too", async () => {
    const first = await weekly(ada, { title: "Quiz", recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=3" });
    await req(ada, "PUT", `/api/tasks/${first.id}`, { completed: true });
    const [, second] = await ofSeries(ada, first.id);
    // The edit dialog sends the whole form: 6 PM instead of 5 PM, for this and all future quizzes.
    const moved = await req(ada, "PUT", `/api/tasks/${second!.id}`, {
      title: "Quiz",
      dueDate: "2031-03-10T22:00:00.000Z", // 6 PM EDT
      scope: "future",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=2",
      seriesId: second!.id,
      seriesStart: "2031-03-10T22:00:00.000Z",
    });
    await req(ada, "PUT", `/api/tasks/${second!.id}`, { completed: true });
    // Before, the next quiz came at 5 PM again: the series kept its old start.
    expect((await ofSeries(ada, second!.id)).map((x) => x.dueDate)).toEqual([
      "2031-03-10T22:00:00.000Z",
      "2031-03-17T22:00:00.000Z",
    ]);
    // 'This one' moves only this occurrence.
    const [, third] = await ofSeries(ada, second!.id);
    const one = await req(ada, "PUT", `/api/tasks/${third!.id}`, { dueDate: "2031-03-17T23:00:00.000Z" });
    expect(one.json()).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=2", seriesId: second!.id });
  });

  it("'future' with a due date off the repeat's days is a 400 that says so", async () => {
    const first = await weekly(ada, { title: "Seminar", recurrence: "FREQ=WEEKLY;BYDAY=MO" });
    const res = await req(ada, "PUT", `/api/tasks/${first.id}`, {
      dueDate: "2031-03-04T22:00:00.000Z", // a Tuesday
      scope: "future",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/is not a day this repeats on/);
  });

  it("refuses a bad rule, a date removed from a series, a rule on a Canvas assignment, and another student's task", async () => {
    const first = await weekly(ada, { title: "Quiz prep" });
    const bad = await req(ada, "PUT", `/api/tasks/${first.id}`, { recurrence: "FREQ=HOURLY" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/not supported/);
    const noDate = await req(ada, "PUT", `/api/tasks/${first.id}`, { dueDate: null });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error).toMatch(/needs a due date/);
    const badScope = await req(ada, "PUT", `/api/tasks/${first.id}`, { title: "x", scope: "all" });
    expect(badScope.statusCode).toBe(400);
    const onlyScope = await req(ada, "PUT", `/api/tasks/${first.id}`, { scope: "future" });
    expect(onlyScope.statusCode).toBe(400);
    expect(onlyScope.json().error).toBe("Send at least one field to change");
    const others = await req(bob, "PUT", `/api/tasks/${first.id}`, { recurrence: "FREQ=DAILY" });
    expect(others.statusCode).toBe(404);

    // A Canvas assignment, as sync imports it.
    const imported = await t.app.services.tasks.importSome(bob.user.id, [
      {
        canvasId: "canvas-1",
        courseId: null,
        title: "Essay",
        description: "",
        dueDate: new Date(MONDAY_5PM),
        htmlUrl: null,
        completed: false,
      },
    ]);
    const canvas = await req(bob, "PUT", `/api/tasks/${imported[0]!.id}`, {
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
      timeZone: ZONE,
    });
    expect(canvas.statusCode).toBe(400);
    expect(canvas.json().error).toMatch(/Canvas assignment cannot repeat/);
  });
});

describe("the iCal feed", () => {
  it("gives the series' latest task its RRULE (remaining count) with a TZID start; earlier ones are single entries", async () => {
    const u = await createUser(t.app);
    const res = await req(u, "POST", "/api/tasks", {
      title: "Weekly lab",
      dueDate: MONDAY_5PM,
      recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
      timeZone: ZONE,
    });
    await req(u, "PUT", `/api/tasks/${res.json().id}`, { completed: true });
    const feed = await req(u, "POST", "/api/calendar-feed");
    expect(feed.statusCode, feed.body).toBeLessThan(300);
    const path = new URL(feed.json().url).pathname;
    const ics = (await t.app.inject({ url: path })).body.replace(/\r\n /g, "");
    const events = ics.split("BEGIN:VEVENT").slice(1);
    const lab = events.filter((e) => e.includes("Weekly lab"));
    expect(lab).toHaveLength(2);
    const withRule = lab.filter((e) => e.includes("RRULE:"));
    expect(withRule).toHaveLength(1);
    expect(withRule[0]).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2");
    expect(withRule[0]).toContain("DTSTART;TZID=America/New_York:20310310T170000");
    expect(lab.find((e) => !e.includes("RRULE:"))).toContain("DTSTART:20310303T220000Z");
  });
});
