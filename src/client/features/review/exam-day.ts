import { EXAM_MAX_DAYS_AHEAD } from "#shared/review/exam-contract.ts";

/**
 * The moment a picked exam day stands for, in the student's zone: the morning (09:00) of that day, or,
 * for today once its morning has passed, the end of today. An exam this afternoon picked at noon was
 * sent as this morning and refused as 'in the past'; a day that is really past still is.
 */
export function examMomentOf(day: string, now: Date = new Date()): string {
  const morning = new Date(`${day}T09:00`);
  if (morning.getTime() > now.getTime()) return morning.toISOString();
  const endOfDay = new Date(`${day}T23:59`);
  return (endOfDay.getTime() > now.getTime() ? endOfDay : morning).toISOString();
}

const dayName = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * The `min` and `max` of an exam date input: today, and the last day whose morning is within the
 * EXAM_MAX_DAYS_AHEAD the server takes (counted to the millisecond, so a day short). The picker then
 * offers no day the server would refuse; the server still checks, for any other client.
 */
export function examDayBounds(now: Date = new Date()): { min: string; max: string } {
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate() + EXAM_MAX_DAYS_AHEAD - 1);
  return { min: dayName(now), max: dayName(last) };
}
