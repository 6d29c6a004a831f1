import { describe, expect, it } from "vitest";
import { DUE_FORMAT, dueText, dueTextsKept, MAX_DUE_TEXTS } from "./due-text.ts";

/** The composition from the formatter's parts that dueText replaced: what it must still write. */
function fromParts(iso: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat("en-US", { ...DUE_FORMAT, timeZone });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(Date.parse(iso))) part[type] = value;
  return `${part.weekday}, ${part.month} ${part.day}, ${part.year} at ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

describe("dueText", () => {
  it("writes the date and time in the student's zone", () => {
    expect(dueText("2026-11-24T07:02:00.000Z", "UTC")).toBe("Tue, Nov 24, 2026 at 7:02 AM");
    expect(dueText("2026-11-24T07:02:00.000Z", "America/New_York")).toBe("Tue, Nov 24, 2026 at 2:02 AM");
    expect(dueText("2026-03-08T06:59:00.000Z", "America/New_York")).toBe("Sun, Mar 8, 2026 at 1:59 AM");
    expect(dueText("2026-03-08T07:00:00.000Z", "America/New_York")).toBe("Sun, Mar 8, 2026 at 3:00 AM");
    expect(dueText("2026-12-31T23:30:00.000Z", "Asia/Kolkata")).toBe("Fri, Jan 1, 2027 at 5:00 AM");
  });

  it("writes exactly what the formatter's parts give, around the year and in odd zones", () => {
    for (const timeZone of ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Europe/London"]) {
      for (let i = 0; i < 300; i++) {
        const iso = new Date(Date.UTC(2026, 0, 1) + i * 29.3 * 3_600_000).toISOString();
        expect(dueText(iso, timeZone)).toBe(fromParts(iso, timeZone));
      }
    }
  });

  it("keeps a bounded number of texts", () => {
    for (let i = 0; i < MAX_DUE_TEXTS + 500; i++) dueText(new Date(i * 60_000).toISOString(), "UTC");
    expect(dueTextsKept()).toBe(MAX_DUE_TEXTS);
    expect(dueText(new Date(0).toISOString(), "UTC")).toBe("Thu, Jan 1, 1970 at 12:00 AM");
  });
});
