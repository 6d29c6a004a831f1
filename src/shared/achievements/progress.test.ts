import { TZDate } from "@date-fns/tz";
import { afterAll, describe, expect, it } from "vitest";
import {
  ACHIEVEMENT_CRITERIA_TYPES,
  achievementProgress,
  levelFor,
  levelThreshold,
  meetsCriteria,
  minutesPerDay,
  type ProgressFacts,
  progressFor,
  studyStreak,
} from "./progress.ts";

// The process runs in New York while most tests ask about other zones: code that used the runtime's
// local zone instead of the student's would fail here.
const originalTz = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  process.env.TZ = originalTz;
});

/** An instant from a wall-clock time in a zone: at("2025-03-03 23:30", "America/Los_Angeles"). */
function at(wall: string, timeZone: string): Date {
  const [date = "", time = "12:00"] = wall.split(" ");
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, timeZone).getTime());
}

/** Sessions at noon on the given days of March 2025 in a zone. */
const marchDays = (days: number[], timeZone = "UTC") =>
  days.map((d) => at(`2025-03-${String(d).padStart(2, "0")} 12:00`, timeZone));

describe("level curve", () => {
  it.each([
    [0, 1, 0, 100],
    [99, 1, 99, 100],
    [100, 2, 0, 200],
    [299, 2, 199, 200],
    [300, 3, 0, 300],
    [999, 4, 399, 400],
    [1000, 5, 0, 500],
  ])("%i points is level %i, %i into a level of %i", (points, level, into, span) => {
    expect(levelFor(points)).toEqual({ level, pointsIntoLevel: into, pointsForNextLevel: span });
  });

  it("starts at level 1 for nothing, negative or broken totals", () => {
    for (const p of [0, -50, Number.NaN, Number.POSITIVE_INFINITY]) expect(levelFor(p).level).toBe(1);
  });

  it("agrees with the thresholds at every boundary, even for huge totals", () => {
    for (const level of [2, 10, 100, 1000, 44_721]) {
      expect(levelFor(levelThreshold(level)).level).toBe(level);
      expect(levelFor(levelThreshold(level) - 1).level).toBe(level - 1);
    }
  });
});

describe("study streak", () => {
  it("counts 23:30 and 00:30 the next local day in Los Angeles as two days", () => {
    const la = "America/Los_Angeles";
    const sessions = [at("2025-03-03 23:30", la), at("2025-03-04 00:30", la)];
    // Both instants fall on 2025-03-04 in UTC: a UTC count would say one day.
    expect(sessions.map((s) => s.toISOString().slice(0, 10))).toEqual(["2025-03-04", "2025-03-04"]);
    expect(studyStreak(sessions, at("2025-03-04 18:00", la), la)).toEqual({ current: 2, longest: 2 });
  });

  it("counts a session at 23:30 for that local day, not the next", () => {
    const la = "America/Los_Angeles";
    // Studied at 23:30 on the 2nd and 3rd; on the 4th at 09:00 the streak is alive (today pending).
    const sessions = [at("2025-03-02 23:30", la), at("2025-03-03 23:30", la)];
    expect(studyStreak(sessions, at("2025-03-04 09:00", la), la)).toEqual({ current: 2, longest: 2 });
  });

  it.each([
    // New York springs forward on 2025-03-09 (a 23-hour day) and falls back on 2025-11-02 (25 hours).
    ["America/New_York", "2025-03-08", "2025-03-09", "2025-03-10"],
    ["America/New_York", "2025-11-01", "2025-11-02", "2025-11-03"],
    // Berlin: 2025-03-30 and 2025-10-26.
    ["Europe/Berlin", "2025-03-29", "2025-03-30", "2025-03-31"],
    ["Europe/Berlin", "2025-10-25", "2025-10-26", "2025-10-27"],
  ])("keeps local days right around the DST change in %s on %s-%s", (zone, before, change, after) => {
    const sessions = [
      at(`${before} 23:30`, zone),
      at(`${change} 00:30`, zone),
      at(`${change} 01:30`, zone),
      at(`${change} 23:30`, zone),
      at(`${after} 00:15`, zone),
    ];
    expect(studyStreak(sessions, at(`${after} 20:00`, zone), zone)).toEqual({ current: 3, longest: 3 });
    expect(
      minutesPerDay(
        sessions.map((endedAt) => ({ endedAt, durationSeconds: 600 })),
        zone,
      ),
    ).toEqual([
      { date: before, minutes: 10 },
      { date: change, minutes: 30 },
      { date: after, minutes: 10 },
    ]);
  });

  it("does not break for today when the student has not studied yet", () => {
    const now = at("2025-03-10 08:00", "UTC");
    expect(studyStreak(marchDays([7, 8, 9]), now, "UTC")).toEqual({ current: 3, longest: 3 });
    expect(studyStreak(marchDays([7, 8, 9, 10]), now, "UTC")).toEqual({ current: 4, longest: 4 });
  });

  it("forgives one rest day, which does not add to the count", () => {
    const now = at("2025-03-08 20:00", "UTC");
    expect(studyStreak(marchDays([1, 2, 3, 5, 6, 7, 8]), now, "UTC")).toEqual({ current: 7, longest: 7 });
  });

  it("keeps the streak through a rest day yesterday while today is still open", () => {
    expect(studyStreak(marchDays([4, 5, 6, 7, 8]), at("2025-03-10 07:00", "UTC"), "UTC")).toEqual({
      current: 5,
      longest: 5,
    });
  });

  it("breaks on two rest days in a row", () => {
    expect(studyStreak(marchDays([4, 5, 6, 7, 8]), at("2025-03-11 07:00", "UTC"), "UTC")).toEqual({
      current: 0,
      longest: 5,
    });
    expect(studyStreak(marchDays([1, 2, 3, 6, 7]), at("2025-03-07 21:00", "UTC"), "UTC")).toEqual({
      current: 2,
      longest: 3,
    });
  });

  it("forgives rest days 7 days apart but not 6", () => {
    const now = at("2025-03-20 21:00", "UTC");
    // Rest on the 4th and the 11th: every 7 consecutive days hold at most one.
    const sevenApart = [1, 2, 3, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20];
    expect(studyStreak(marchDays(sevenApart), now, "UTC")).toEqual({ current: 18, longest: 18 });
    // Rest on the 4th and the 10th: the 4th..10th holds two, so the run restarts after the 4th.
    const sixApart = [1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
    expect(studyStreak(marchDays(sixApart), now, "UTC")).toEqual({ current: 15, longest: 15 });
  });

  it("tells the longest streak from the current one", () => {
    const long = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const recent = [14, 15, 16];
    const now = at("2025-03-16 22:00", "UTC");
    expect(studyStreak(marchDays([...long, ...recent]), now, "UTC")).toEqual({ current: 3, longest: 10 });
    expect(studyStreak(marchDays(long), now, "UTC")).toEqual({ current: 0, longest: 10 });
  });

  it("counts several sessions on one day once and ignores sessions stamped in the future", () => {
    const sessions = [...marchDays([5, 5, 5, 6]), at("2025-03-09 12:00", "UTC")];
    expect(studyStreak(sessions, at("2025-03-06 23:00", "UTC"), "UTC")).toEqual({ current: 2, longest: 2 });
  });

  it("is zero with no sessions", () => {
    expect(studyStreak([], new Date(), "Europe/Berlin")).toEqual({ current: 0, longest: 0 });
  });
});

describe("minutes per day for the heatmap", () => {
  it("sums whole minutes per local day, in day order", () => {
    const la = "America/Los_Angeles";
    const sessions = [
      { endedAt: at("2025-03-04 00:30", la), durationSeconds: 1500 },
      { endedAt: at("2025-03-03 23:30", la), durationSeconds: 3600 },
      { endedAt: at("2025-03-03 09:00", la), durationSeconds: 89 },
      { endedAt: at("2025-03-04 10:00", la), durationSeconds: 30 },
    ];
    expect(minutesPerDay(sessions, la)).toEqual([
      { date: "2025-03-03", minutes: 61 },
      { date: "2025-03-04", minutes: 26 },
    ]);
    expect(minutesPerDay([], la)).toEqual([]);
  });
});

describe("achievement progress", () => {
  const facts: ProgressFacts = {
    study_time: 7.5,
    study_sessions: 12,
    streak: 3,
    tasks_completed: 40,
    flashcards_created: 0,
    cards_reviewed: 250,
    quizzes_perfect: 1,
    friends: 2,
    study_sets_created: 1,
    documents_uploaded: 5,
  };

  it.each([
    ["study_time", 10, 75],
    ["study_sessions", 10, 100],
    ["streak", 7, (3 / 7) * 100],
    ["tasks_completed", 50, 80],
    ["flashcards_created", 10, 0],
    ["cards_reviewed", 1000, 25],
    ["quizzes_perfect", 5, 20],
    ["friends", 1, 100],
    ["study_sets_created", 4, 25],
    ["documents_uploaded", 20, 25],
  ])("%s toward %i is %d%%", (type, target, expected) => {
    expect(progressFor({ type, target }, facts)).toBeCloseTo(expected, 10);
  });

  it("covers every criteria type", () => {
    expect(Object.keys(facts).sort()).toEqual([...ACHIEVEMENT_CRITERIA_TYPES].sort());
  });

  it("caps at 100 and gives 0 without a positive target or for a type it does not know", () => {
    expect(achievementProgress(500, 10)).toBe(100);
    expect(achievementProgress(5, 0)).toBe(0);
    expect(achievementProgress(5, -1)).toBe(0);
    expect(achievementProgress(-5, 10)).toBe(0);
    expect(progressFor({ type: "karma", target: 1 }, facts)).toBe(0);
  });

  it("is earned exactly when progress reaches 100", () => {
    expect(meetsCriteria({ type: "study_sessions", target: 12 }, facts)).toBe(true);
    expect(meetsCriteria({ type: "study_sessions", target: 13 }, facts)).toBe(false);
    expect(meetsCriteria({ type: "flashcards_created", target: 0 }, facts)).toBe(false);
  });
});
