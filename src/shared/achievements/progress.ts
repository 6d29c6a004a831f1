import { LEVEL_POINTS_STEP } from "../constants.ts";
import { localDay } from "../local-day.ts";
import type { CriteriaType } from "./criteria.ts";

/**
 * Progress rules (issue 12): levels from points, the study streak in the student's own time zone, the
 * heatmap's minutes per day and achievement progress. The server computes them from recorded facts;
 * the client may use them to show the same numbers.
 */

/** Total points that reaching `level` takes: 0, 100, 300, 600, 1000, ... (each level 100 more than the last). */
export const levelThreshold = (level: number): number => LEVEL_POINTS_STEP * level * (level - 1);

export type Level = {
  level: number;
  /** points earned since this level was reached */
  pointsIntoLevel: number;
  /** points this level spans, so the bar is pointsIntoLevel / pointsForNextLevel */
  pointsForNextLevel: number;
};

/** Level 1 at 0 points (SPEC §9's default); a quadratic curve keeps early levels quick and later ones earned. */
export function levelFor(points: number): Level {
  const p = Number.isFinite(points) ? Math.max(0, Math.floor(points)) : 0;
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + (4 * p) / LEVEL_POINTS_STEP)) / 2));
  // The square root can land a hair off for large totals; the thresholds decide.
  while (levelThreshold(level + 1) <= p) level++;
  while (level > 1 && levelThreshold(level) > p) level--;
  return {
    level,
    pointsIntoLevel: p - levelThreshold(level),
    pointsForNextLevel: levelThreshold(level + 1) - levelThreshold(level),
  };
}

/** The streak rule in words, for the UI to quote next to the streak. */
export const STREAK_RULE =
  "Your streak counts the days you study. One rest day in any 7 days keeps it going (rest days don't add to it), and today counts once you study.";

/** Rest days closer together than this break the streak: any 7 consecutive days hold at most one. */
const REST_DAY_SPACING = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A 'yyyy-MM-dd' calendar day as a day count, for stepping through days (no time zone involved). */
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;

export type Streak = { current: number; longest: number };

/**
 * Study streak from the end times of recorded sessions (timer or review), counted in the student's
 * IANA time zone. A streak is a run of local days, each with a session or forgiven as a rest day, where
 * any 7 consecutive days contain at most one rest day; its length is the number of days studied.
 * Today without a session yet is neither counted nor a rest day. `current` is the run that reaches
 * today (or yesterday); `longest` the longest run ever.
 */
export function studyStreak(sessionEnds: readonly Date[], now: Date, timeZone: string): Streak {
  const today = dayNumber(localDay(now, timeZone));
  const studied = new Set(
    sessionEnds.map((at) => dayNumber(localDay(at, timeZone))).filter((d) => d <= today),
  );
  if (studied.size === 0) return { current: 0, longest: 0 };

  const first = Math.min(...studied);
  // studiedBefore[i]: days studied in [first, first + i)
  const studiedBefore = [0];
  for (let d = first; d <= today; d++) studiedBefore.push(studiedBefore.at(-1)! + (studied.has(d) ? 1 : 0));
  const studiedIn = (from: number, to: number) =>
    studiedBefore[to - first + 1]! - studiedBefore[from - first]!;

  let start = first;
  let lastRest = Number.NEGATIVE_INFINITY;
  let current = 0;
  let longest = 0;
  for (let d = first; d <= today; d++) {
    if (d === today && !studied.has(d)) break;
    if (!studied.has(d)) {
      // The earlier rest day can no longer be forgiven with this one: the run restarts after it.
      if (d - lastRest < REST_DAY_SPACING) start = lastRest + 1;
      lastRest = d;
    }
    current = studiedIn(start, d);
    longest = Math.max(longest, current);
  }
  return { current, longest };
}

export type SessionFact = { endedAt: Date; durationSeconds: number };

/** Heatmap data: whole minutes studied per local day (by each session's end), days with study only, in order. */
export function minutesPerDay(
  sessions: readonly SessionFact[],
  timeZone: string,
): { date: string; minutes: number }[] {
  const seconds = new Map<string, number>();
  for (const s of sessions) {
    const day = localDay(s.endedAt, timeZone);
    seconds.set(day, (seconds.get(day) ?? 0) + Math.max(0, s.durationSeconds));
  }
  return [...seconds.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, total]) => ({ date, minutes: Math.round(total / 60) }));
}

// In a file of their own: the achievements contract needs them, and through it the signed-in shell
// (the unlock watcher), which must not bring this module's date arithmetic along.
export {
  ACHIEVEMENT_CRITERIA_TYPES,
  type CriteriaType,
  criteriaTypeSchema,
} from "./criteria.ts";

/** A student's recorded facts, one number per criteria type (study_time in hours, streak = current streak). */
export type ProgressFacts = Record<CriteriaType, number>;

/** SPEC §4: value / target as a percentage, capped at 100; 0 when there is no positive target. */
export function achievementProgress(value: number, target: number): number {
  if (!(target > 0) || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, (value / target) * 100));
}

/** Progress towards one achievement's criteria; a type this version does not know gives 0 (SPEC §4). */
export function progressFor(criteria: { type: string; target: number }, facts: ProgressFacts): number {
  const value = (facts as Record<string, number>)[criteria.type];
  return value === undefined ? 0 : achievementProgress(value, criteria.target);
}

/** Whether the facts earn the achievement: progress has reached 100. */
export const meetsCriteria = (criteria: { type: string; target: number }, facts: ProgressFacts): boolean =>
  progressFor(criteria, facts) >= 100;
