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
