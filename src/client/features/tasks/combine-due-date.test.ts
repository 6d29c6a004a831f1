import { afterAll, describe, expect, it } from "vitest";
import { formatDueDate } from "#shared/tasks/task-rules.ts";
import { combineDueDate } from "./task-form.ts";

// The student's local time decides the due date: run in a zone that is not UTC, so a rule that quietly
// used UTC would fail here.
const originalTz = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  process.env.TZ = originalTz;
});

describe("combineDueDate (SPEC §5 task form)", () => {
  it("uses the given time on the given local day", () => {
    expect(combineDueDate("2025-01-05", "15:00")).toBe("2025-01-05T20:00:00.000Z");
  });

  it("sets a date without a time to 23:59:59 local time", () => {
    const iso = combineDueDate("2025-01-05", "")!;
    expect(iso).toBe("2025-01-06T04:59:59.000Z");
    expect(formatDueDate(iso)).toBe("Jan 5, 2025 - 11:59 PM");
  });

  it("keeps 23:59:59 local on the day clocks change", () => {
    expect(combineDueDate("2025-03-09", "")).toBe("2025-03-10T03:59:59.000Z");
  });

  it("leaves the due date empty without a date, even with a time", () => {
    expect(combineDueDate("", "")).toBeNull();
    expect(combineDueDate("", "10:00")).toBeNull();
  });

  it("ignores an impossible date", () => {
    expect(combineDueDate("2025-02-30", "")).toBeNull();
  });
});
