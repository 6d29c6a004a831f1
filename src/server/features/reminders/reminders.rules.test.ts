import { describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_SETTINGS } from "#shared/settings/contract.ts";
import { dailyOccurrence, inQuietRange, isQuiet, localClock, taskReminder } from "./reminders.rules.ts";

const quietOff = { ...DEFAULT_REMINDER_SETTINGS, quietHours: false };
const at = (iso: string) => new Date(iso);

describe("quiet hours", () => {
  it("spans midnight, is empty when start equals end, and ends exclusive", () => {
    expect(inQuietRange(23 * 60, 22 * 60, 7 * 60)).toBe(true);
    expect(inQuietRange(6 * 60 + 59, 22 * 60, 7 * 60)).toBe(true);
    expect(inQuietRange(7 * 60, 22 * 60, 7 * 60)).toBe(false);
    expect(inQuietRange(13 * 60, 12 * 60, 14 * 60)).toBe(true);
    expect(inQuietRange(13 * 60, 9 * 60, 9 * 60)).toBe(false);
  });
  it("reads the student's wall clock (Tokyo 23:30 is 14:30Z)", () => {
    expect(isQuiet(at("2026-03-02T14:30:00Z"), "Asia/Tokyo", DEFAULT_REMINDER_SETTINGS)).toBe(true);
    expect(isQuiet(at("2026-03-02T14:30:00Z"), "UTC", DEFAULT_REMINDER_SETTINGS)).toBe(false);
  });
});

describe("task reminder", () => {
  const due = at("2026-03-03T12:00:00Z");
  const task = { id: 7, dueDate: due, completed: false };
  it("is none before 24 h, 24h until the last hour, 1h then, none once due or completed", () => {
    expect(taskReminder(at("2026-03-02T11:59:00Z"), task)).toBeNull();
    expect(taskReminder(at("2026-03-02T12:00:00Z"), task)?.key).toBe("task:7:2026-03-03T12:00:00.000Z:24h");
    expect(taskReminder(at("2026-03-03T11:00:00Z"), task)?.kind).toBe("1h");
    expect(taskReminder(at("2026-03-03T12:00:00Z"), task)).toBeNull();
    expect(taskReminder(at("2026-03-03T11:30:00Z"), { ...task, completed: true })).toBeNull();
    expect(taskReminder(at("2026-03-03T11:30:00Z"), { ...task, dueDate: null })).toBeNull();
  });
});

describe("daily occurrence", () => {
  it("is pending for 2 h after the chosen local time, keyed by that local day", () => {
    expect(dailyOccurrence(at("2026-03-02T17:59:00Z"), "UTC", "18:00", quietOff)).toBeNull();
    expect(dailyOccurrence(at("2026-03-02T18:00:00Z"), "UTC", "18:00", quietOff)?.day).toBe("2026-03-02");
    expect(dailyOccurrence(at("2026-03-02T20:00:00Z"), "UTC", "18:00", quietOff)).toBeNull();
  });
  it("inside quiet hours waits for their end, even past midnight (key: the day it was due)", () => {
    const s = { ...DEFAULT_REMINDER_SETTINGS, quietStart: "22:00", quietEnd: "07:00" };
    expect(dailyOccurrence(at("2026-03-02T23:00:00Z"), "UTC", "23:00", s)).toBeNull();
    const late = dailyOccurrence(at("2026-03-03T07:10:00Z"), "UTC", "23:00", s);
    expect(late?.day).toBe("2026-03-02");
    expect(late?.dueAt.toISOString()).toBe("2026-03-02T23:00:00.000Z");
    expect(dailyOccurrence(at("2026-03-03T09:10:00Z"), "UTC", "23:00", s)).toBeNull();
  });
  it("keeps local time across DST (New York, 8 March 2026: 08:00 is 13:00Z then 12:00Z)", () => {
    expect(localClock(at("2026-03-07T13:00:00Z"), "America/New_York")).toEqual({
      day: "2026-03-07",
      minutes: 480,
    });
    expect(dailyOccurrence(at("2026-03-08T12:01:00Z"), "America/New_York", "08:00", quietOff)?.day).toBe(
      "2026-03-08",
    );
    expect(dailyOccurrence(at("2026-03-08T11:59:00Z"), "America/New_York", "08:00", quietOff)).toBeNull();
  });
});
