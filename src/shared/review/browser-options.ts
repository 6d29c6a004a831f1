// The card browser's filter and sort choices, zod-free so its screen can import them without the schemas.
export const BROWSER_STATES = ["new", "learning", "review", "suspended", "buried"] as const;
export const BROWSER_DUE = ["overdue", "today", "week"] as const;
export const BROWSER_SORTS = ["added", "due", "question", "set", "lapses"] as const;
