import { CREDIT_HOURS, SCORE_THRESHOLDS } from "../constants.ts";

/** SPEC §9 GPA scale: the lowest percent score that earns each letter; below 60 is F. */
export const GPA_SCALE = [
  { grade: "A+", min: 97 },
  { grade: "A", min: 93 },
  { grade: "A-", min: 90 },
  { grade: "B+", min: 87 },
  { grade: "B", min: 83 },
  { grade: "B-", min: 80 },
  { grade: "C+", min: 77 },
  { grade: "C", min: 73 },
  { grade: "C-", min: 70 },
  { grade: "D+", min: 67 },
  { grade: "D", min: 63 },
  { grade: "D-", min: 60 },
] as const;

export const GRADE_POINTS = {
  "A+": 4.0,
  A: 4.0,
  "A-": 3.7,
  "B+": 3.3,
  B: 3.0,
  "B-": 2.7,
  "C+": 2.3,
  C: 2.0,
  "C-": 1.7,
  "D+": 1.3,
  D: 1.0,
  "D-": 0.7,
  F: 0,
} as const;

export type Grade = keyof typeof GRADE_POINTS;
export const GRADES = Object.keys(GRADE_POINTS) as Grade[];

const isScore = (score: number | null | undefined): score is number =>
  typeof score === "number" && Number.isFinite(score);

/** The letter a percent score earns; null when there is no score. */
export function gradeFromScore(score: number | null | undefined): Grade | null {
  if (!isScore(score)) return null;
  return GPA_SCALE.find((step) => score >= step.min)?.grade ?? "F";
}

/**
 * A letter as Canvas writes it ('A-', 'b+', 'A−' with a typographic minus) mapped onto the scale;
 * anything else ('Pass', 'complete', '92%') is not a letter grade.
 */
export function normalizeGrade(letter: string | null | undefined): Grade | null {
  if (!letter) return null;
  const cleaned = letter
    .trim()
    .toUpperCase()
    .replace(/[\u2212\u2013\u2010]/g, "-");
  return cleaned in GRADE_POINTS ? (cleaned as Grade) : null;
}

/** SPEC §9: the course's own grade, else one derived from its current score, else from its final score. */
export function initialGrade(course: {
  grade: string | null;
  current_score: number | null;
  final_score: number | null;
}): Grade | null {
  return (
    normalizeGrade(course.grade) ?? gradeFromScore(course.current_score) ?? gradeFromScore(course.final_score)
  );
}

/** SPEC §5: credits are 1 to 6; a non-numeric entry falls back to 3. */
export function parseCredits(input: string | number | null | undefined): number {
  const value = typeof input === "number" ? input : Number.parseFloat(String(input ?? "").trim());
  if (!Number.isFinite(value)) return CREDIT_HOURS.default;
  return Math.min(CREDIT_HOURS.max, Math.max(CREDIT_HOURS.min, Math.round(value)));
}

/**
 * Why the credits field's entry is not what the calculation counts (issue 9 §3), or null when it is:
 * the field then shows the counted value, and this message says why it changed.
 */
export function creditsNote(input: string): string | null {
  const text = input.trim();
  const value = Number.parseFloat(text);
  const used = parseCredits(text);
  if (text === "" || !Number.isFinite(value)) return `Enter a number of credits; counting ${used}.`;
  if (!Number.isInteger(value)) return `Whole credits only; counting ${used}.`;
  if (value < CREDIT_HOURS.min) return `At least ${CREDIT_HOURS.min} credit; counting ${used}.`;
  if (value > CREDIT_HOURS.max) return `At most ${CREDIT_HOURS.max} credits; counting ${used}.`;
  return null;
}

export interface GpaCourse {
  grade: Grade | null;
  credits: number;
  included: boolean;
}

export interface GpaSummary {
  gpa: number;
  totalCredits: number;
  coursesIncluded: number;
}

/** Credit-weighted average over included courses that have a grade; 0 when there are no credits. */
export function calculateGpa(courses: readonly GpaCourse[]): GpaSummary {
  let points = 0;
  let totalCredits = 0;
  let coursesIncluded = 0;
  for (const c of courses) {
    if (!c.included || !c.grade) continue;
    coursesIncluded += 1;
    totalCredits += c.credits;
    points += GRADE_POINTS[c.grade] * c.credits;
  }
  return { gpa: totalCredits > 0 ? points / totalCredits : 0, totalCredits, coursesIncluded };
}

/** Two decimals, rounding halves up: 3.075 is 3.08 even when binary floating point makes it 3.07499... */
export const formatGpa = (gpa: number) => (Math.round(gpa * 100 + 1e-9) / 100).toFixed(2);

export type ScoreTone = "green" | "blue" | "yellow" | "red" | "gray";

/** SPEC §2.5/§9 score colours: >= 90 green, >= 80 blue, >= 70 yellow, below red, missing gray. */
export function scoreTone(score: number | null | undefined): ScoreTone {
  if (!isScore(score)) return "gray";
  if (score >= SCORE_THRESHOLDS.green) return "green";
  if (score >= SCORE_THRESHOLDS.blue) return "blue";
  if (score >= SCORE_THRESHOLDS.yellow) return "yellow";
  return "red";
}

const letterFloor = (grade: Grade) => GPA_SCALE.find((s) => s.grade === grade)?.min ?? 0;

export interface CourseScore {
  label: "Current" | "Final";
  text: string;
  tone: ScoreTone;
}

const percent = (score: number) => `${Number.isInteger(score) ? score : score.toFixed(1)}%`;

/**
 * What a My Courses card shows (SPEC §2.5): the current score for an active course; the grade, else the
 * final score, for a completed one. A letter without a score is coloured by the lowest score that earns it.
 */
export function courseScore(course: {
  enrollment_state: "active" | "completed";
  current_score: number | null;
  final_score: number | null;
  grade: string | null;
}): CourseScore {
  if (course.enrollment_state === "active") {
    const s = course.current_score;
    return { label: "Current", text: isScore(s) ? percent(s) : "N/A", tone: scoreTone(s) };
  }
  const letter = course.grade?.trim() || null;
  const score = course.final_score;
  if (letter) {
    const known = normalizeGrade(letter);
    const tone = isScore(score) ? scoreTone(score) : known ? scoreTone(letterFloor(known)) : "gray";
    return { label: "Final", text: letter, tone };
  }
  return { label: "Final", text: isScore(score) ? percent(score) : "N/A", tone: scoreTone(score) };
}
