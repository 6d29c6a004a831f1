import { afterAll, describe, expect, it } from "vitest";
import {
  addLocalDays,
  isTimeZone,
  localDay,
  localDaysBetween,
  startOfLocalDay,
  wallClock,
} from "./local-day.ts";

// The runtime's zone differs from the zones asked about, so a helper that used it would fail.
const originalTz = process.env.TZ;
process.env.TZ = "Asia/Tokyo";
afterAll(() => {
  process.env.TZ = originalTz;
});

describe("local days", () => {
  it("names the day an instant falls on in the given zone", () => {
    const instant = new Date("2025-03-04T07:30:00Z");
    expect(localDay(instant, "America/Los_Angeles")).toBe("2025-03-03");
    expect(localDay(instant, "UTC")).toBe("2025-03-04");
    expect(localDay(instant, "Pacific/Kiritimati")).toBe("2025-03-04");
  });

  it("finds local midnight on DST days", () => {
    // New York's 23-hour day: midnight is still EST (-05:00).
    expect(startOfLocalDay(new Date("2025-03-09T20:00:00Z"), "America/New_York").toISOString()).toBe(
      "2025-03-09T05:00:00.000Z",
    );
    // Berlin's 25-hour day: midnight is still CEST (+02:00).
    expect(startOfLocalDay(new Date("2025-10-26T20:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2025-10-25T22:00:00.000Z",
    );
  });

  it("steps from midnight to midnight across a DST change", () => {
    const midnight = new Date("2025-03-08T05:00:00Z");
    expect(addLocalDays(midnight, 1, "America/New_York").toISOString()).toBe("2025-03-09T05:00:00.000Z");
    expect(addLocalDays(midnight, 2, "America/New_York").toISOString()).toBe("2025-03-10T04:00:00.000Z");
  });

  it("counts calendar days, not 24-hour spans", () => {
    const zone = "America/New_York";
    expect(localDaysBetween(new Date("2025-03-09T04:59:00Z"), new Date("2025-03-09T05:00:00Z"), zone)).toBe(
      1,
    );
    expect(localDaysBetween(new Date("2025-03-08T17:00:00Z"), new Date("2025-03-10T03:00:00Z"), zone)).toBe(
      1,
    );
    expect(localDaysBetween(new Date("2025-03-10T03:00:00Z"), new Date("2025-03-08T17:00:00Z"), zone)).toBe(
      -1,
    );
  });

  it("knows IANA zones and refuses made-up ones", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("gives an instant's wall-clock time in a zone as the UTC instant showing it, DST included", () => {
    expect(wallClock(new Date("2025-01-11T04:59:30.250Z"), "America/New_York")).toEqual(
      new Date("2025-01-10T23:59:30.250Z"),
    );
    expect(wallClock(new Date("2025-07-11T04:59:00Z"), "America/New_York")).toEqual(
      new Date("2025-07-11T00:59:00Z"),
    );
    expect(wallClock(new Date("2025-01-11T04:59:00Z"), "Asia/Kolkata")).toEqual(
      new Date("2025-01-11T10:29:00Z"),
    );
  });
});
