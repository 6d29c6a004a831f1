import { z } from "zod";
import { FLASHCARD_MAX_LENGTH } from "../constants.ts";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbId, safeText } from "../schema-primitives.ts";

/** Bounds of a flashcard set's own fields (SPEC §5 only requires the title). */
export const FLASHCARD_SET_MAX_LENGTH = { title: 200, description: 2000 } as const;
/** Cards in one flashcard set: a quiz over them is one request, and a set this large is already unusual. */
export const FLASHCARD_SET_MAX_CARDS = 5000;

/** SPEC §3 FlashcardSet, plus its card count for 'N flashcard(s) in this set' and Start Quiz. */
export const flashcardSetSchema = z.object({
  id: z.number().int(),
  studySetId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  cardCount: z.number().int(),
  createdAt: z.string(),
});
export type FlashcardSet = z.infer<typeof flashcardSetSchema>;

/** SPEC §3 Flashcard. The FSRS scheduling fields stay on the server until the review issue shows them. */
export const flashcardSchema = z.object({
  id: z.number().int(),
  flashcardSetId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  hint: z.string().nullable(),
});
export type Flashcard = z.infer<typeof flashcardSchema>;

/** An optional text: blank is "none", stored as null. */
const optionalText = (max: number, tooLong: string) =>
  safeText()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

const requiredText = (required: string, max: number, tooLong: string) =>
  safeText(required).trim().min(1, required).max(max, tooLong);

export const createFlashcardSetSchema = z.object({
  title: requiredText(
    "Flashcard set title is required",
    FLASHCARD_SET_MAX_LENGTH.title,
    `Title must be at most ${FLASHCARD_SET_MAX_LENGTH.title} characters`,
  ),
  description: optionalText(
    FLASHCARD_SET_MAX_LENGTH.description,
    `Description must be at most ${FLASHCARD_SET_MAX_LENGTH.description} characters`,
  ),
});
export type CreateFlashcardSetInput = z.input<typeof createFlashcardSetSchema>;

const cardFields = {
  question: requiredText(
    "Question is required",
    FLASHCARD_MAX_LENGTH.question,
    `Question must be at most ${FLASHCARD_MAX_LENGTH.question} characters`,
  ),
  answer: requiredText(
    "Answer is required",
    FLASHCARD_MAX_LENGTH.answer,
    `Answer must be at most ${FLASHCARD_MAX_LENGTH.answer} characters`,
  ),
  hint: optionalText(
    FLASHCARD_MAX_LENGTH.hint,
    `Hint must be at most ${FLASHCARD_MAX_LENGTH.hint} characters`,
  ),
};

export const createFlashcardSchema = z.object(cardFields);
export type CreateFlashcardInput = z.input<typeof createFlashcardSchema>;

export const updateFlashcardSchema = z
  .object(cardFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one field to change");
export type UpdateFlashcardInput = z.input<typeof updateFlashcardSchema>;

/**
 * A finished quiz: the option the student chose for each card. The server scores it against the stored
 * answers, so an attempt that feeds achievements is not a number the browser made up.
 */
export const quizAttemptInputSchema = z.object({
  answers: z
    .array(
      z.object({
        cardId: dbId("Each answer needs a card id"),
        chosen: safeText("Each answer needs the chosen option").max(FLASHCARD_MAX_LENGTH.answer),
      }),
      "Send the quiz answers",
    )
    .min(1, "A quiz needs at least one answer")
    .max(FLASHCARD_SET_MAX_CARDS, `A quiz has at most ${FLASHCARD_SET_MAX_CARDS} answers`)
    .refine((a) => new Set(a.map((x) => x.cardId)).size === a.length, "Each card is answered once"),
});
export type QuizAttemptInput = z.input<typeof quizAttemptInputSchema>;

export const quizAttemptSchema = z.object({
  id: z.number().int(),
  flashcardSetId: z.number().int().nullable(),
  correct: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

const customSeparator = z.object({
  custom: z.string().min(1, "Enter a custom separator").max(20, "A separator is at most 20 characters"),
});

/** The import form's choices; Quizlet's names, plus dash. */
export const importOptionsSchema = z.discriminatedUnion("format", [
  z.object({
    format: z.literal("text"),
    termSeparator: z.union([z.enum(["tab", "comma", "dash"]), customSeparator]),
    rowSeparator: z.union([z.enum(["newline", "semicolon"]), customSeparator]),
  }),
  z.object({ format: z.literal("csv") }),
  z.object({ format: z.literal("anki") }),
]);
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/** Pasted or uploaded import text: 1,000 cards of full length fit with room to spare. */
export const IMPORT_TEXT_MAX = 2_000_000;

export const importBodySchema = z.object({
  text: safeText("Paste or upload the cards")
    .min(1, "Paste or upload the cards")
    .max(IMPORT_TEXT_MAX, "The text is too long to import at once"),
  options: importOptionsSchema,
});
export type ImportBody = z.input<typeof importBodySchema>;

const importedCardSchema = z.object({
  question: z.string(),
  answer: z.string(),
  hint: z.string().nullable(),
});
export const importPreviewSchema = z.object({
  cards: z.array(importedCardSchema),
  errors: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const exportQuerySchema = z.object({ format: z.enum(["csv", "anki"]).default("csv") });
export const exportFileSchema = z.object({ filename: z.string(), mimeType: z.string(), content: z.string() });
export type ExportFile = z.infer<typeof exportFileSchema>;

/** Accepting drafts: at most this many cards at once (a long glossary still fits). */
export const MAX_ACCEPTED_CARDS = 200;

export const acceptCardsSchema = z.object({
  cards: z
    .array(
      z.object({
        question: safeText("Question is required")
          .trim()
          .min(1, "Question is required")
          .max(
            FLASHCARD_MAX_LENGTH.question,
            `Question must be at most ${FLASHCARD_MAX_LENGTH.question} characters`,
          ),
        answer: safeText("Answer is required")
          .trim()
          .min(1, "Answer is required")
          .max(
            FLASHCARD_MAX_LENGTH.answer,
            `Answer must be at most ${FLASHCARD_MAX_LENGTH.answer} characters`,
          ),
        hint: safeText()
          .trim()
          .max(FLASHCARD_MAX_LENGTH.hint, `Hint must be at most ${FLASHCARD_MAX_LENGTH.hint} characters`)
          .nullish()
          .transform((h) => h || null),
      }),
    )
    .min(1, "Tick at least one card to add")
    .max(MAX_ACCEPTED_CARDS, `At most ${MAX_ACCEPTED_CARDS} cards can be added at once`),
});
export type AcceptCardsInput = z.input<typeof acceptCardsSchema>;

export const flashcardEndpoints = {
  /** SPEC §7: the flashcard sets of a study set. */
  listSets: endpoint({
    method: "GET",
    path: "/api/study/sets/:id/flashcards",
    params: idParamsSchema,
    response: z.array(flashcardSetSchema),
  }),
  createSet: endpoint({
    method: "POST",
    path: "/api/study/sets/:id/flashcard-sets",
    params: idParamsSchema,
    body: createFlashcardSetSchema,
    response: flashcardSetSchema,
    status: 201,
  }),
  removeSet: endpoint({
    method: "DELETE",
    path: "/api/study/flashcard-sets/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  /** Every card of a study set (all its flashcard sets) in one call, in set then card order. */
  studySetCards: endpoint({
    method: "GET",
    path: "/api/study/sets/:id/cards",
    params: idParamsSchema,
    response: z.array(flashcardSchema),
  }),
  /** SPEC §7: the cards of one flashcard set. */
  listCards: endpoint({
    method: "GET",
    path: "/api/study/flashcard-sets/:id/cards",
    params: idParamsSchema,
    response: z.array(flashcardSchema),
  }),
  createCard: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/cards",
    params: idParamsSchema,
    body: createFlashcardSchema,
    response: flashcardSchema,
    status: 201,
  }),
  updateCard: endpoint({
    method: "PATCH",
    path: "/api/study/flashcards/:id",
    params: idParamsSchema,
    body: updateFlashcardSchema,
    response: flashcardSchema,
  }),
  removeCard: endpoint({
    method: "DELETE",
    path: "/api/study/flashcards/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  saveQuizAttempt: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/quiz-attempts",
    params: idParamsSchema,
    body: quizAttemptInputSchema,
    response: quizAttemptSchema,
    status: 201,
  }),
  importPreview: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/import/preview",
    params: idParamsSchema,
    body: importBodySchema,
    response: importPreviewSchema,
  }),
  importCommit: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/import",
    params: idParamsSchema,
    body: importBodySchema,
    response: z.object({ imported: z.number().int() }),
    status: 201,
  }),
  export: endpoint({
    method: "GET",
    path: "/api/study/flashcard-sets/:id/export",
    params: idParamsSchema,
    query: exportQuerySchema,
    response: exportFileSchema,
  }),
  acceptCards: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/cards/batch",
    params: idParamsSchema,
    body: acceptCardsSchema,
    response: z.object({ created: z.number().int() }),
    status: 201,
  }),
};
