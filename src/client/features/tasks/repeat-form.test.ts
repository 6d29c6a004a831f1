import { describe, expect, it } from "vitest";
import { buildTask } from "#tests/factories.ts";
import { emptyRepeat, repeatToRule, seriesProblem, taskToRepeat } from "./repeat-form.ts";

// A Wednesday, the 2nd Wednesday of its month.
const due = new Date(2031, 2, 12, 17, 0);

describe("repeat fields to a rule", () => {
  it("none is no rule; a repeat without a due date asks for one", () => {
    expect(repeatToRule(emptyRepeat, due)).toEqual({ rule: null });
    expect(repeatToRule({ ...emptyRepeat, repeat: "daily" }, null).error).toMatch(/due date/);
  });
  it("weekly without chosen days repeats on the due date's weekday; chosen days are sorted", () => {
    expect(repeatToRule({ ...emptyRepeat, repeat: "weekly" }, due).rule).toMatchObject({ days: ["WE"] });
    const monday = new Date(2031, 2, 10, 17, 0);
    expect(
      repeatToRule({ ...emptyRepeat, repeat: "weekly", days: ["FR", "MO"], interval: "2" }, monday).rule,
    ).toMatchObject({ freq: "weekly", interval: 2, days: ["MO", "FR"] });
  });
  it("a due date that is not one of the chosen days is refused here, naming both days", () => {
    // Sent as it was, the server answered "The first date is not one of the series' dates: it would start
    // 2031-03-14" under the form, far from the Repeat fields.
    const { rule } = repeatToRule({ ...emptyRepeat, repeat: "weekly", days: ["MO", "FR"] }, due);
    expect(seriesProblem(rule!, due)).toBe(
      "The due date (Wed, Mar 12, 2031) is not a day this repeats on: the first would be Fri, Mar 14, 2031. Move the due date, or change the repeat.",
    );
  });
  it("monthly by date or by nth weekday of the due date", () => {
    expect(seriesProblem(repeatToRule({ ...emptyRepeat, repeat: "weekly" }, due).rule!, due)).toBeNull();
    expect(repeatToRule({ ...emptyRepeat, repeat: "monthly" }, due).rule).toMatchObject({
      on: { type: "day", day: 12 },
    });
    expect(repeatToRule({ ...emptyRepeat, repeat: "monthly", monthlyOn: "weekday" }, due).rule).toMatchObject(
      {
        on: { type: "weekday", weekday: "WE", nth: 2 },
      },
    );
  });
  it("ends after a count or on a date; out-of-range values give the shared module's message", () => {
    expect(
      repeatToRule({ ...emptyRepeat, repeat: "daily", end: "count", count: "5" }, due).rule?.end,
    ).toEqual({
      type: "count",
      count: 5,
    });
    expect(repeatToRule({ ...emptyRepeat, repeat: "daily", end: "count", count: "9999" }, due).error).toMatch(
      /at most 500/,
    );
    expect(repeatToRule({ ...emptyRepeat, repeat: "daily", end: "until", until: "soon" }, due).error).toMatch(
      /yyyy-MM-dd/,
    );
  });
  it("reads a task's series back into the fields", () => {
    const task = buildTask({
      dueDate: "2031-03-03T22:00:00.000Z",
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=6",
      recurrenceTimeZone: "America/New_York",
      seriesStart: "2031-03-03T22:00:00.000Z",
      seriesId: 1,
    });
    expect(taskToRepeat(task)).toMatchObject({
      repeat: "weekly",
      interval: "2",
      days: ["MO", "WE"],
      end: "count",
      count: "6",
    });
  });
});
