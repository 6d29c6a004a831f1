import { describe, expect, it } from "vitest";
import { examDayBounds, examMomentOf } from "./exam-day.ts";

const local = (s: string) => new Date(s);

describe("examMomentOf", () => {
  it("is the morning of a day still ahead", () => {
    expect(examMomentOf("2026-12-20", local("2026-11-29T15:00"))).toBe(
      local("2026-12-20T09:00").toISOString(),
    );
    expect(examMomentOf("2026-11-29", local("2026-11-29T07:30"))).toBe(
      local("2026-11-29T09:00").toISOString(),
    );
  });

  it("is later today, not this morning, when today is picked after the morning", () => {
    const moment = examMomentOf("2026-11-29", local("2026-11-29T13:00"));
    expect(new Date(moment).getTime()).toBeGreaterThan(local("2026-11-29T13:00").getTime());
    expect(moment).toBe(local("2026-11-29T23:59").toISOString());
  });

  it("stays in the past for a day that is past, so the server refuses it", () => {
    expect(examMomentOf("2026-11-28", local("2026-11-29T13:00"))).toBe(
      local("2026-11-28T09:00").toISOString(),
    );
  });
});

describe("examDayBounds", () => {
  it("runs from today (the student's local day) to the last day whose morning the server takes", () => {
    // The server takes up to 730 days ahead to the millisecond: 2028-11-28 09:00 is within it only
    // before 09:00 today, so the last day offered is the one before.
    expect(examDayBounds(local("2026-11-29T23:30"))).toEqual({ min: "2026-11-29", max: "2028-11-27" });
    expect(examDayBounds(local("2026-01-01T00:10"))).toEqual({ min: "2026-01-01", max: "2027-12-31" });
  });
});
