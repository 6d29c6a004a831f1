import { type Grade, normalizeGrade } from "#shared/courses/grades.ts";
import { type CourseGrades, MAX_WHAT_IF_SCORE } from "#shared/courses/grades-contract.ts";

/**
 * The What-If form's values: one text per assignment under `a<id>` (react-hook-form reads a dotted path
 * with a numeric key as an array index, and Canvas ids are numbers of 17 digits).
 */
export type WhatIfInputs = { scores: Record<string, string> };

export const fieldKey = (assignmentId: string) => `a${assignmentId}`;

export function initialInputs(grades: CourseGrades): WhatIfInputs {
  const scores: Record<string, string> = {};
  for (const [id, score] of Object.entries(grades.whatIf)) scores[fieldKey(id)] = String(score);
  return { scores };
}

/** A typed score, or null when the field is empty; NaN marks an entry that is not a usable score. */
export function readScore(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= MAX_WHAT_IF_SCORE ? value : Number.NaN;
}

/** The usable What-If scores by assignment id; empty and invalid fields count as not typed. */
export function whatIfScores(inputs: Record<string, string> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, text] of Object.entries(inputs ?? {})) {
    const value = readScore(text);
    if (value !== null && !Number.isNaN(value)) out[key.slice(1)] = value;
  }
  return out;
}

/** "87.5%" or an em dash when there is nothing to grade. */
export const percentText = (p: number | null) => (p === null ? "—" : `${p}%`);

/** "B+", "85" or "85%": a letter of the SPEC scale or a percentage 0..200; null for anything else. */
export function parseTarget(text: string): Grade | number | null {
  const letter = normalizeGrade(text);
  if (letter) return letter;
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value <= 200 ? value : null;
}
