import { afterAll, describe, expect, it } from "vitest";
import {
  avgSessionMinutes,
  formatClock,
  formatClockPadded,
  formatHours,
  startOfStudyWeek,
  studyStatCards,
} from "./study-stats.ts";

// Week boundaries are local: run in a zone that is not UTC, so code that quietly used UTC fails.
const originalTz = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  process.env.TZ = originalTz;
});

describe("stat cards (SPEC §2.7)", () => {
  it("shows Total Hours with one decimal", () => {
    expect(formatHours(0)).toBe("0.0");
    expect(formatHours(2)).toBe("2.0");
    expect(formatHours(12.345)).toBe("12.3");
    expect(formatHours(0.96)).toBe("1.0");
    expect(formatHours(Number.NaN)).toBe("0.0");
  });

  it("shows Avg Session in minutes rounded from seconds", () => {
    expect(avgSessionMinutes(0)).toBe(0);
    expect(avgSessionMinutes(89)).toBe(1);
    expect(avgSessionMinutes(90)).toBe(2);
    expect(avgSessionMinutes(1500)).toBe(25);
  });

  it("puts the four cards together", () => {
    expect(
      studyStatCards({ totalHours: 3.25, sessionsCount: 7, avgSessionLength: 1674, weekSeconds: 3723 }),
    ).toEqual({
      totalHours: "3.3",
      sessions: "7",
      avgSession: "28 min",
      thisWeek: "01:02:03",
    });
    expect(studyStatCards({ totalHours: 0, sessionsCount: 0, avgSessionLength: 0, weekSeconds: 0 })).toEqual({
      totalHours: "0.0",
      sessions: "0",
      avgSession: "0 min",
      thisWeek: "00:00:00",
    });
  });
});

describe("time displays (SPEC §9)", () => {
  it.each([
    [0, "0:00", "00:00:00"],
    [5, "0:05", "00:00:05"],
    [65, "1:05", "00:01:05"],
    [3599, "59:59", "00:59:59"],
    [3600, "1:00:00", "01:00:00"],
    [3723, "1:02:03", "01:02:03"],
    [36_000, "10:00:00", "10:00:00"],
    [360_000, "100:00:00", "100:00:00"],
    [59.9, "0:59", "00:00:59"],
    [-4, "0:00", "00:00:00"],
  ])("%s s is %s and %s", (seconds, clock, padded) => {
    expect(formatClock(seconds)).toBe(clock);
    expect(formatClockPadded(seconds)).toBe(padded);
  });
});

describe("startOfStudyWeek", () => {
  it("is Monday 00:00 local time", () => {
    // Sunday 2025-03-16 22:00 in New York is already Monday in UTC: the week must not have started.
    const sundayNight = new Date("2025-03-17T02:00:00Z");
    expect(startOfStudyWeek(sundayNight).toISOString()).toBe("2025-03-10T04:00:00.000Z");
    expect(startOfStudyWeek(new Date("2025-03-17T05:00:00Z")).toISOString()).toBe("2025-03-17T04:00:00.000Z");
  });

  it("uses the student's zone when given one", () => {
    const at = new Date("2025-03-17T02:00:00Z");
    expect(startOfStudyWeek(at, "Europe/Berlin").toISOString()).toBe("2025-03-16T23:00:00.000Z");
    expect(startOfStudyWeek(at, "America/Los_Angeles").toISOString()).toBe("2025-03-10T07:00:00.000Z");
  });

  it("starts a week that spans a DST change at local midnight", () => {
    // New York moved to daylight time on Sunday 2025-03-09; that week began Monday 2025-03-03 at 05:00Z.
    expect(startOfStudyWeek(new Date("2025-03-09T12:00:00Z")).toISOString()).toBe("2025-03-03T05:00:00.000Z");
  });
});
