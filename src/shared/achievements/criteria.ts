import { z } from "zod";

/** What an achievement can ask for; study_time is in hours, streak in days, the rest are counts. */
export const ACHIEVEMENT_CRITERIA_TYPES = [
  "study_time",
  "study_sessions",
  "streak",
  "tasks_completed",
  "flashcards_created",
  "cards_reviewed",
  "quizzes_perfect",
  "friends",
  "study_sets_created",
  "documents_uploaded",
] as const;
export const criteriaTypeSchema = z.enum(ACHIEVEMENT_CRITERIA_TYPES);
export type CriteriaType = z.infer<typeof criteriaTypeSchema>;
