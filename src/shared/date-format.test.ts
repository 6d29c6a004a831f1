import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { afterAll, describe, expect, it } from "vitest";
import { formatDate } from "./date-format.ts";

// A zone with DST and a non-zero offset, so a helper that used UTC fields would fail.
const originalTz = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  process.env.TZ = originalTz;
});

const PATTERNS = [
  "MMM d, yyyy - h:mm a",
  "MMM d",
  "h:mm a",
  "MMM d, yyyy",
  "EEEE, MMMM d, yyyy",
  "EEE, MMM d - h:mm a",
  "EEE d MMM yyyy, h:mm a",
  "EEE d MMM",
  "yyyy-MM-dd",
  "HH:mm",
  "HH:mm:ss",
];
const INSTANTS = [
  "2025-01-05T15:00:00Z", // 10:00 AM in New York
  "2025-03-09T06:59:59Z", // a second before New York springs forward
  "2025-03-09T07:00:00Z", // 3:00 AM EDT, the skipped hour
  "2025-11-02T05:30:00Z", // 1:30 AM EDT, the repeated hour
  "2025-11-02T06:30:00Z", // 1:30 AM EST
  "2025-12-31T04:59:59Z", // 11:59:59 PM on New Year's Eve
  "2024-02-29T17:00:00Z", // noon on a leap day
  "2026-07-04T04:00:00Z", // midnight
  "0999-06-15T12:00:00Z", // a year under 1000 is still four digits
];

describe("formatDate", () => {
  it("writes every pattern the app uses as date-fns does, in the viewer's zone", () => {
    for (const iso of INSTANTS) {
      for (const pattern of PATTERNS) {
        const at = new Date(iso);
        expect(formatDate(at, pattern), `${iso} ${pattern}`).toBe(format(at, pattern));
      }
    }
  });

  it("writes them in a named zone as date-fns with @date-fns/tz does, across DST and the date line", () => {
    for (const zone of [
      "UTC",
      "Europe/Berlin",
      "Asia/Kolkata",
      "Pacific/Kiritimati",
      "America/Los_Angeles",
    ]) {
      for (const iso of INSTANTS) {
        for (const pattern of PATTERNS) {
          const at = new Date(iso);
          expect(formatDate(at, pattern, zone), `${zone} ${iso} ${pattern}`).toBe(
            format(at, pattern, { in: tz(zone) }),
          );
        }
      }
    }
  });

  it("names the hours around noon and midnight as 12", () => {
    expect(formatDate(new Date(2025, 0, 1, 0, 5), "h:mm a")).toBe("12:05 AM");
    expect(formatDate(new Date(2025, 0, 1, 12, 5), "h:mm a")).toBe("12:05 PM");
    expect(formatDate(new Date(2025, 0, 1, 23, 59), "h:mm a")).toBe("11:59 PM");
  });
});
