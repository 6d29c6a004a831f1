import { z } from "zod";
import { endpoint, idParamsSchema } from "../http.ts";
import { boundedJsonObject } from "../schema-primitives.ts";

/** Every way to study a flashcard set; each keeps one session per student per set (issue 25 §2). */
export const STUDY_MODES = ["flip", "quiz", "write", "learn", "test", "match"] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

/**
 * A session's state as JSON: room for the id lists of a few thousand cards, and small enough that a
 * save on every answer stays cheap. A mode whose state would not fit keeps it on the device only.
 */
export const STUDY_STATE_MAX_BYTES = 96 * 1024;

export const studyModeParamsSchema = idParamsSchema.extend({
  mode: z.enum(STUDY_MODES, `Mode must be one of ${STUDY_MODES.join(", ")}`),
});

/**
 * A save: the whole state and the version it was made from (0 for the first save). A save made from a
 * version that is no longer the stored one is a 409: another device went on in between.
 */
export const saveStudySessionSchema = z.object({
  state: boundedJsonObject(STUDY_STATE_MAX_BYTES),
  version: z
    .number("Send the version the state was made from")
    .int("Version is a whole number")
    .min(0, "Version is a whole number")
    .max(2_147_483_647, "Version is too large"),
});
export type SaveStudySessionInput = z.input<typeof saveStudySessionSchema>;

/** A session as stored; `state` null and `version` 0 when the student has none for this set and mode. */
export const studySessionSchema = z.object({
  mode: z.enum(STUDY_MODES),
  state: z.record(z.string(), z.unknown()).nullable(),
  version: z.int(),
  updatedAt: z.string().nullable(),
});
export type StudySession = z.infer<typeof studySessionSchema>;

/** The student's starred cards of a set (stars are per student: a group member stars a shared set too). */
export const starredCardsSchema = z.object({ cardIds: z.array(z.int()) });
export type StarredCards = z.infer<typeof starredCardsSchema>;

export const setStarSchema = z.object({ starred: z.boolean("Send starred: true or false") });
export const starSchema = z.object({ cardId: z.int(), starred: z.boolean() });

export const studyModeEndpoints = {
  getSession: endpoint({
    method: "GET",
    path: "/api/study/flashcard-sets/:id/sessions/:mode",
    params: studyModeParamsSchema,
    response: studySessionSchema,
  }),
  saveSession: endpoint({
    method: "PUT",
    path: "/api/study/flashcard-sets/:id/sessions/:mode",
    params: studyModeParamsSchema,
    body: saveStudySessionSchema,
    response: studySessionSchema,
  }),
  stars: endpoint({
    method: "GET",
    path: "/api/study/flashcard-sets/:id/stars",
    params: idParamsSchema,
    response: starredCardsSchema,
  }),
  setStar: endpoint({
    method: "PUT",
    path: "/api/study/flashcards/:id/star",
    params: idParamsSchema,
    body: setStarSchema,
    response: starSchema,
  }),
};
