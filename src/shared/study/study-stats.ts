import { tz } from "@date-fns/tz";
import { startOfWeek } from "date-fns";

/** GET /api/study/stats answer (issue 10): hours and seconds as the server sums them. */
export type StudyStats = {
  totalHours: number;
  sessionsCount: number;
  avgSessionLength: number;
  weekSeconds: number;
};

/** The four SPEC §2.7 stat cards' values, ready to print under their titles. */
export type StudyStatCards = { totalHours: string; sessions: string; avgSession: string; thisWeek: string };

// A missing or corrupt number shows as zero rather than 'NaN' on a card.
const clean = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** Total Hours: one decimal. */
export const formatHours = (hours: number): string => clean(hours).toFixed(1);

/** Avg Session: whole minutes, rounded from the server's seconds. */
export const avgSessionMinutes = (seconds: number): number => Math.round(clean(seconds) / 60);

function clockParts(seconds: number) {
  const s = Math.floor(clean(seconds));
  return { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60), s: s % 60 };
}

const two = (n: number) => String(n).padStart(2, "0");

/** SPEC §9 time display: H:MM:SS from an hour on, M:SS below (the live session timer). */
export function formatClock(seconds: number): string {
  const { h, m, s } = clockParts(seconds);
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** SPEC §9's HH:MM:SS variant (This Week); hours keep growing past 99 rather than wrapping. */
export function formatClockPadded(seconds: number): string {
  const { h, m, s } = clockParts(seconds);
  return `${two(h)}:${two(m)}:${two(s)}`;
}

export function studyStatCards(stats: StudyStats): StudyStatCards {
  return {
    totalHours: formatHours(stats.totalHours),
    sessions: String(Math.floor(clean(stats.sessionsCount))),
    avgSession: `${avgSessionMinutes(stats.avgSessionLength)} min`,
    thisWeek: formatClockPadded(stats.weekSeconds),
  };
}

/**
 * Monday 00:00 of the student's week, in `timeZone` when given (the server, for a student's zone)
 * or else the runtime's local zone (the browser). The instant is the same whichever zone prints it.
 */
export function startOfStudyWeek(now: Date, timeZone?: string): Date {
  const start = startOfWeek(now, { weekStartsOn: 1, ...(timeZone ? { in: tz(timeZone) } : {}) });
  return new Date(start.getTime());
}
