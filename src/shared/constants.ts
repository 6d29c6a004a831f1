// Business constants of SPEC §9, in one place for server and client.
export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;

export const PRIORITIES = ["high", "medium", "low"] as const;
export const DEFAULT_PRIORITY = "medium";

export const THEMES = ["light", "dark", "system"] as const;
export const DEFAULT_THEME = "light";
export const AI_MODELS = ["gpt-4o", "gpt-3.5-turbo"] as const;
export const DEFAULT_AI_MODEL = "gpt-4o";

export const DEFAULT_COURSE = { name: "Web Development", code: "CS 330" } as const;
export const DEFAULT_STUDY_SET_COLOR = "#3B82F6";

export const MATERIAL_TYPES = [
  "reading",
  "lecture",
  "presentation",
  "assignment",
  "study_guide",
  "other",
] as const;
export const SUMMARY_STYLES = ["brief", "detailed", "bullets"] as const;

export const DESCRIPTION_PREVIEW_LENGTH = 100;
export const DOCUMENT_PREVIEW_LENGTH = 100;
export const UPCOMING_EVENTS_SHOWN = 3;
export const DEFAULT_EVENT_TIME = "09:00";

export const STUDY_TIMER = { tickMs: 1000, idleTimeoutMs: 30_000, minRecordableSeconds: 60 } as const;
export const SHARE_LINK_DAYS = 7;
export const CALENDAR_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const CREDIT_HOURS = { default: 3, min: 1, max: 6 } as const;
export const SCORE_THRESHOLDS = { green: 90, blue: 80, yellow: 70 } as const;
export const QUIZ_MAX_OPTIONS = 4;

export const TOAST = { limit: 1, durationMs: 5000, removeDelayMs: 1_000_000, swipeThresholdPx: 50 } as const;

/** Session tokens live 30 days (foundation issue). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a password-reset link works (issue 27): single use, 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** The server's bound on one recorded study session (issue 10); the timer rolls over at it. */
export const MAX_SESSION_SECONDS = 12 * 60 * 60;

/** Flashcard field bounds, shared by the card forms, the API schema and the import preview. */
export const FLASHCARD_MAX_LENGTH = { question: 1000, answer: 2000, hint: 500 } as const;

/** Spaced review (issue 11): FSRS desired retention and the daily limit of new cards. */
export const REVIEW = {
  defaultRetention: 0.9,
  minRetention: 0.7,
  maxRetention: 0.97,
  defaultNewCardsPerDay: 20,
  maxNewCardsPerDay: 1000,
  /** Anki's default Maximum reviews/day, and the most one may set (Anki's own fields stop at 9999). */
  defaultMaxReviewsPerDay: 200,
  maxReviewsPerDay: 9999,
} as const;

/** Level curve (issue 12): reaching level n takes LEVEL_POINTS_STEP * n * (n - 1) points in total. */
export const LEVEL_POINTS_STEP = 50;

/** Largest file a student may upload (study documents, course materials, summarizer PDFs). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Photos and screenshots of slides or notes, read by OCR (issue 24). */
export const IMAGE_UPLOAD_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;
/** File types the study-set 'Upload File' dialog accepts (SPEC §9); client pickers join them for `accept`. */
export const STUDY_UPLOAD_EXTENSIONS = [".pdf", ".txt", ".docx", ".md", ...IMAGE_UPLOAD_EXTENSIONS] as const;
/** Course-material types (SPEC §9, plus .md and images). A .ppt is offered but refused with a hint to save as .pptx. */
export const MATERIAL_UPLOAD_EXTENSIONS = [
  ".txt",
  ".pdf",
  ".doc",
  ".docx",
  ".ppt",
  ".pptx",
  ".md",
  ...IMAGE_UPLOAD_EXTENSIONS,
] as const;

/** A task's checklist bounds, and how many tasks one bulk request may name (issue 26). */
export const SUBTASK_LIMITS = { perTask: 100, titleLength: 500 } as const;
export const BULK_TASK_LIMIT = 500;
