export const STUDY_TABS = ["documents", "flashcards", "quizzes"] as const;
export type StudyTab = (typeof STUDY_TABS)[number];
