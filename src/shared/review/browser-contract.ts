import { z } from "zod";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbId, dbIdParam, safeText, timeZoneQuery } from "../schema-primitives.ts";
import { BROWSER_DUE, BROWSER_SORTS, BROWSER_STATES } from "./browser-options.ts";

/**
 * The card browser, suspend/bury, review preferences and personal FSRS (issue 25 §3-4): their own
 * contract file, so the review queue's (loaded on Home and the Study Center) stays small.
 */

// ---- Suspend, bury and the card browser (issue 25 §3) ----

/** Anki's default: a card's 8th lapse makes it a leech (tagged 'leech' and suspended), then every 4th. */
export const LEECH_THRESHOLD = 8;
export const LEECH_REPEAT = 4;
export const LEECH_TAG = "leech";

/** Take one card out of review (the review page's Suspend and Bury) or put it back, for this student. */
export const holdBodySchema = z.object({
  action: z.enum(
    ["suspend", "unsuspend", "bury", "unbury"],
    "Action must be suspend, unsuspend, bury or unbury",
  ),
  /** The browser's zone: a buried card returns at the student's next midnight. */
  timeZone: timeZoneQuery,
});

export { BROWSER_DUE, BROWSER_SORTS, BROWSER_STATES } from "./browser-options.ts";
export const BROWSER_PAGE_MAX = 200;

export const browserQuerySchema = z.object({
  q: safeText().trim().max(200, "Search at most 200 characters").optional(),
  setId: dbIdParam("Set must be a flashcard set id").optional(),
  state: z.enum(BROWSER_STATES, `State must be one of ${BROWSER_STATES.join(", ")}`).optional(),
  tag: safeText().trim().min(1).max(100, "A tag has at most 100 characters").optional(),
  due: z.enum(BROWSER_DUE, `Due must be one of ${BROWSER_DUE.join(", ")}`).optional(),
  sort: z.enum(BROWSER_SORTS, `Sort must be one of ${BROWSER_SORTS.join(", ")}`).default("added"),
  dir: z.enum(["asc", "desc"], "Direction must be asc or desc").default("asc"),
  /** The page after the one that answered it (opaque). */
  cursor: z
    .string()
    .regex(/^\d{1,7}$/, "cursor must come from a previous answer")
    .optional(),
  limit: z.coerce.number("limit must be a number").int().min(1).max(BROWSER_PAGE_MAX).default(100),
  timeZone: timeZoneQuery,
});
export type BrowserQuery = z.infer<typeof browserQuerySchema>;

export const browserCardSchema = z.object({
  id: z.int(),
  flashcardSetId: z.int(),
  setTitle: z.string(),
  question: z.string(),
  answer: z.string(),
  tags: z.array(z.string()),
  state: z.enum(["new", "learning", "review", "relearning"]),
  due: z.string().nullable(),
  lapses: z.int(),
  suspended: z.boolean(),
  buriedUntil: z.string().nullable(),
  leech: z.boolean(),
});
export type BrowserCard = z.infer<typeof browserCardSchema>;

export const browserPageSchema = z.object({
  cards: z.array(browserCardSchema),
  /** Cards matching the filters, over all pages. */
  total: z.int(),
  nextCursor: z.string().nullable(),
  /** The student's flashcard sets, for the set filter and 'Move to' (sent with the first page only). */
  sets: z.array(z.object({ id: z.int(), title: z.string() })).nullable(),
});
export type BrowserPage = z.infer<typeof browserPageSchema>;

export const BULK_MAX = 500;
const bulkIds = z
  .array(dbId("Each id must be a card id"), "Send the cards' ids")
  .min(1, "Pick at least one card")
  .max(BULK_MAX, `At most ${BULK_MAX} cards at once`)
  .refine((ids) => new Set(ids).size === ids.length, "Each card once");
const bulkTag = safeText()
  .trim()
  .min(1, "Name the tag")
  .max(100, "A tag has at most 100 characters")
  .refine((t) => !/\s/.test(t), "A tag has no spaces");

export const bulkBodySchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.enum(["suspend", "unsuspend", "unbury", "delete"]), ids: bulkIds }),
    z.object({ action: z.literal("move"), ids: bulkIds, flashcardSetId: dbId("Pick a flashcard set") }),
    z.object({ action: z.enum(["addTag", "removeTag"]), ids: bulkIds, tag: bulkTag }),
  ],
  "Action must be suspend, unsuspend, unbury, delete, move, addTag or removeTag",
);
export type BulkBody = z.infer<typeof bulkBodySchema>;

export const browserEndpoints = {
  /** The student's own flashcard sets (id and title), for the exam plans page's picker. */
  sets: endpoint({
    method: "GET",
    path: "/api/review/sets",
    response: z.array(z.object({ id: z.int(), title: z.string() })),
  }),
  hold: endpoint({
    method: "POST",
    path: "/api/review/cards/:id/hold",
    params: idParamsSchema,
    body: holdBodySchema,
    response: okSchema,
  }),
  list: endpoint({
    method: "GET",
    path: "/api/review/browser",
    query: browserQuerySchema,
    response: browserPageSchema,
  }),
  bulk: endpoint({
    method: "POST",
    path: "/api/review/browser/bulk",
    body: bulkBodySchema,
    response: z.object({ updated: z.int() }),
  }),
};

/** The review feature's own preferences (issue 25 §3): Anki's 'bury siblings' and Easy Days. */
export const reviewPreferencesSchema = z.object({
  /** After rating a card, hide the other cards of its note (same guid) until tomorrow. */
  burySiblings: z.boolean("burySiblings must be true or false"),
  /** Days of the week (0 Sunday .. 6 Saturday) that get fewer reviews. */
  easyDays: z
    .array(z.int().min(0, "A weekday is 0 (Sunday) to 6").max(6, "A weekday is 0 (Sunday) to 6"))
    .max(6, "Keep at least one ordinary day")
    .refine((d) => new Set(d).size === d.length, "Each day once"),
});
export type ReviewPreferences = z.infer<typeof reviewPreferencesSchema>;
export const DEFAULT_REVIEW_PREFERENCES: ReviewPreferences = { burySiblings: false, easyDays: [] };

export const preferenceEndpoints = {
  get: endpoint({ method: "GET", path: "/api/review/preferences", response: reviewPreferencesSchema }),
  save: endpoint({
    method: "PUT",
    path: "/api/review/preferences",
    body: reviewPreferencesSchema,
    response: reviewPreferencesSchema,
  }),
};

/** Reviews before a personal FSRS fit is made (issue 25 §4). */
export const FSRS_FIT_MIN_REVIEWS = 400;

export const fsrsStatusSchema = z.object({
  reviews: z.int(),
  /** Whether scheduling uses the student's fitted parameters (false: the defaults). */
  personal: z.boolean(),
  /** The last fit: the same log scored with the defaults (before) and the fitted parameters (after). */
  fit: z
    .object({
      reviews: z.int(),
      logLossBefore: z.number(),
      logLossAfter: z.number(),
      rmseBefore: z.number(),
      rmseAfter: z.number(),
      fittedAt: z.string(),
    })
    .nullable(),
});
export type FsrsStatus = z.infer<typeof fsrsStatusSchema>;

export const fsrsEndpoints = {
  status: endpoint({ method: "GET", path: "/api/review/fsrs", response: fsrsStatusSchema }),
  /** Fit now, in the background (202); 409 below FSRS_FIT_MIN_REVIEWS. */
  fit: endpoint({
    method: "POST",
    path: "/api/review/fsrs/fit",
    response: z.object({ queued: z.boolean() }),
    status: 202,
  }),
  /** Back to the default parameters (the fit's scores are kept for the record). */
  reset: endpoint({ method: "DELETE", path: "/api/review/fsrs", response: fsrsStatusSchema }),
};
