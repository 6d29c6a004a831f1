import { z } from "zod";
import { FLASHCARD_MAX_LENGTH } from "../constants.ts";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbId, safeText } from "../schema-primitives.ts";
import { CARD_TYPES, hasCloze, MAX_TAGS, normaliseTags, TAG_MAX_LENGTH } from "./card-model.ts";

/** Bounds of a flashcard set's own fields (SPEC §5 only requires the title). */
export const FLASHCARD_SET_MAX_LENGTH = { title: 200, description: 2000 } as const;
/** Cards in one flashcard set: a quiz over them is one request, and a set this large is already unusual. */
export const FLASHCARD_SET_MAX_CARDS = 5000;

/** SPEC §3 FlashcardSet, plus its card count for 'N flashcard(s) in this set' and Start Quiz. */
export const flashcardSetSchema = z.object({
  id: z.int(),
  studySetId: z.int(),
  title: z.string(),
  description: z.string().nullable(),
  /** Its own colour, or null for its study set's. */
  color: z.string().nullable(),
  /**
   * Review cards: one per way a note is asked (a reversed note is 2, a cloze with c1..c3 is 3). What a quiz
   * asks and what the per-set limit counts.
   */
  cardCount: z.int(),
  /** Flashcards as the student made them and the card list shows them ('N flashcard(s)'): notes. */
  noteCount: z.int(),
  createdAt: z.string(),
});
export type FlashcardSet = z.infer<typeof flashcardSetSchema>;

/** SPEC §3 Flashcard. The FSRS scheduling fields stay on the server until the review issue shows them. */
export const flashcardSchema = z.object({
  id: z.int(),
  flashcardSetId: z.int(),
  question: z.string(),
  answer: z.string(),
  hint: z.string().nullable(),
  tags: z.array(z.string()),
  /**
   * How the note is reviewed (decision 015): 'basic', 'reversed', 'cloze' or 'occlusion'; `ord` says which
   * way this row reviews it, and siblings share `guid`. What it shows comes from cardSides (card-sides.ts).
   */
  type: z.string(),
  ord: z.int(),
  guid: z.string().nullable(),
});
export type Flashcard = z.infer<typeof flashcardSchema>;

export { MAX_TAGS, TAG_MAX_LENGTH } from "./card-model.ts";

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

const hexColor = z
  .string("Colour must be a hex colour like #3B82F6")
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour like #3B82F6")
  .transform((c) => c.toUpperCase());

/** Rename, describe or colour a flashcard set (issue 25 §6): any of them; a null colour shows the study set's. */
export const updateFlashcardSetSchema = z
  .object({
    title: createFlashcardSetSchema.shape.title,
    description: createFlashcardSetSchema.shape.description,
    color: hexColor.nullable(),
  })
  .partial()
  .refine(
    (v) => v.title !== undefined || v.description !== undefined || v.color !== undefined,
    "Send a title, description or colour to change",
  );
export type UpdateFlashcardSetInput = z.input<typeof updateFlashcardSetSchema>;

/** Tags as Anki keeps them: white space separates tags, so a tag has none; each once. */
const tagsSchema = z
  .array(
    safeText("Each tag is text")
      .trim()
      .min(1, "A tag cannot be empty")
      .max(TAG_MAX_LENGTH, `A tag is at most ${TAG_MAX_LENGTH} characters`)
      .refine((t) => !/\s/.test(t), "A tag has no spaces (Anki's rule: a space separates tags)"),
    "Tags are a list of words",
  )
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags per card`)
  .transform((tags) => normaliseTags(tags));

const cardFields = {
  question: requiredText(
    "Question is required",
    FLASHCARD_MAX_LENGTH.question,
    `Question must be at most ${FLASHCARD_MAX_LENGTH.question} characters`,
  ),
  /** Required but for a cloze card, whose back is Anki's optional 'Back Extra'. */
  answer: safeText("Answer is required")
    .trim()
    .max(FLASHCARD_MAX_LENGTH.answer, `Answer must be at most ${FLASHCARD_MAX_LENGTH.answer} characters`)
    .optional(),
  hint: optionalText(
    FLASHCARD_MAX_LENGTH.hint,
    `Hint must be at most ${FLASHCARD_MAX_LENGTH.hint} characters`,
  ),
  tags: tagsSchema.optional(),
  /** Basic, Basic + reverse ('also create the reverse': two reviews) or Cloze (one review per cN). */
  type: z.enum(CARD_TYPES, "Card type must be basic, reversed or cloze").optional(),
};

/** Said when a cloze card has nothing to hide: the editor's Cloze button writes the markup. */
export const NO_CLOZE_MESSAGE =
  "A cloze card needs at least one cloze: wrap the words to hide in {{c1::...}} (the Cloze button does it)";

export const ANSWER_REQUIRED_MESSAGE = "Answer is required";

export const createFlashcardSchema = z
  .object(cardFields)
  .refine((v) => v.type === "cloze" || !!v.answer, { message: ANSWER_REQUIRED_MESSAGE, path: ["answer"] })
  .refine((v) => v.type !== "cloze" || hasCloze(v.question), {
    message: NO_CLOZE_MESSAGE,
    path: ["question"],
  })
  .transform((v) => ({ ...v, answer: v.answer ?? "" }));
export type CreateFlashcardInput = z.input<typeof createFlashcardSchema>;

/** Editing a card edits its note: every sibling row (decision 015); a cloze note's rows follow its numbers. */
export const updateFlashcardSchema = z
  .object(cardFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one field to change");
export type UpdateFlashcardInput = z.input<typeof updateFlashcardSchema>;

export const QUIZ_ANSWER_KINDS = ["choice", "written", "truefalse"] as const;

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
        /**
         * How the card was asked (Test mode, issue 25 §2): `choice` (an option or a matched tile: the
         * default), `written` (graded leniently, a typo counts), `truefalse` (`chosen` is "true" or
         * "false" about the pairing with `shown`).
         */
        kind: z.enum(QUIZ_ANSWER_KINDS, "Kind is choice, written or truefalse").optional(),
        shown: safeText().max(FLASHCARD_MAX_LENGTH.answer).optional(),
      }),
      "Send the quiz answers",
    )
    .min(1, "A quiz needs at least one answer")
    .max(FLASHCARD_SET_MAX_CARDS, `A quiz has at most ${FLASHCARD_SET_MAX_CARDS} answers`)
    .refine((a) => new Set(a.map((x) => x.cardId)).size === a.length, "Each card is answered once")
    .refine(
      (a) =>
        a.every((x) => x.kind !== "truefalse" || (x.shown !== undefined && /^(true|false)$/.test(x.chosen))),
      "A true/false answer is 'true' or 'false' and names the answer it was shown",
    ),
});
export type QuizAttemptInput = z.input<typeof quizAttemptInputSchema>;

export const quizAttemptSchema = z.object({
  id: z.int(),
  flashcardSetId: z.int().nullable(),
  correct: z.int(),
  total: z.int(),
  createdAt: z.string(),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

const customSeparator = z.object({
  custom: z.string().min(1, "Enter a custom separator").max(20, "A separator is at most 20 characters"),
});

/** A delimiter: one character other than a quote or a line break (RFC 4180 allows any such). */
export const delimiterSchema = z
  .string("Choose a delimiter")
  .refine(
    (d) => d.length === 1 && !/["\r\n]/.test(d),
    "A delimiter is one character other than a quote or a line break",
  );

export const BAD_LINE_POLICIES = ["refuse", "skip"] as const;
export const DUPLICATE_POLICIES = ["skip", "update", "keep"] as const;
export type DuplicatePolicyName = (typeof DUPLICATE_POLICIES)[number];

/**
 * What the student chose besides the format (issue 25 §5): whether lines that cannot be read stop the
 * import (`refuse`, nothing imported, every line named) or are skipped with a report (`skip`); and what
 * a card whose front is already in the set does: `skip` it, `update` the card in the set, or `keep` both.
 */
const importChoices = {
  badLines: z.enum(BAD_LINE_POLICIES, "Choose whether bad lines stop the import").default("refuse"),
  duplicates: z.enum(DUPLICATE_POLICIES, "Choose skip, update or keep for duplicates").default("skip"),
};

/**
 * What a column of a CSV import can hold: the parser's `ColumnRole`s. The dialog offers the first five;
 * the others come from a header row (our own export's Type column) and are kept as read.
 */
export const IMPORT_COLUMN_ROLES = [
  "front",
  "back",
  "hint",
  "tags",
  "ignore",
  "type",
  "guid",
  "deck",
] as const;
export type ImportColumnRole = (typeof IMPORT_COLUMN_ROLES)[number];
export const ONE_FRONT_ONE_BACK_MESSAGE = "Choose exactly one Front column and one Back column";

export const importColumnsSchema = z
  .array(z.enum(IMPORT_COLUMN_ROLES, "Choose Front, Back, Hint, Tags or Ignore for each column"))
  .min(2, ONE_FRONT_ONE_BACK_MESSAGE)
  .max(50, "A file can have at most 50 columns")
  .refine(
    (roles) =>
      roles.filter((r) => r === "front").length === 1 && roles.filter((r) => r === "back").length === 1,
    ONE_FRONT_ONE_BACK_MESSAGE,
  );

/**
 * The import form's choices. `text`: Quizlet's export and paste box (a term separator and a row
 * separator, Quizlet's names plus dash). `csv`: RFC 4180 with the delimiter the student chose, else the
 * file type's (.csv comma, .tsv tab), else comma for pasted text; never guessed from the content.
 * `anki`: Anki's "Notes in Plain Text" with its own headers; `delimiter` is used only when the file has
 * no `#separator:` header (default tab).
 */
export const importOptionsSchema = z.discriminatedUnion("format", [
  z.object({
    format: z.literal("text"),
    termSeparator: z.union([z.enum(["tab", "comma", "dash"]), customSeparator]),
    rowSeparator: z.union([z.enum(["newline", "semicolon"]), customSeparator]),
    ...importChoices,
  }),
  z.object({
    format: z.literal("csv"),
    delimiter: delimiterSchema.optional(),
    /**
     * Whether the first row names the columns; by default it does when it names a front and a back
     * column (other names it does not know are ignored columns) or every cell is a known name.
     */
    header: z.boolean().optional(),
    /** What each column holds, chosen by the student; without it the header row's names or the defaults. */
    columns: importColumnsSchema.optional(),
    ...importChoices,
  }),
  z.object({ format: z.literal("anki"), delimiter: delimiterSchema.optional(), ...importChoices }),
]);
export type ImportOptions = z.infer<typeof importOptionsSchema>;
export type ImportOptionsInput = z.input<typeof importOptionsSchema>;

/** Pasted import text (JSON, under the server's 1 MB body limit); files go through `importFile`. */
export const IMPORT_TEXT_MAX = 2_000_000;
/** An import file (multipart, not bound by the JSON limit): room for a full set of long cards. */
export const IMPORT_FILE_MAX_BYTES = 16 * 1024 * 1024;
/** Extensions the import file picker offers (Anki and Quizlet write .txt; spreadsheets .csv/.tsv). */
export const IMPORT_FILE_EXTENSIONS = [".csv", ".tsv", ".tab", ".txt"] as const;

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
  tags: z.array(z.string()),
});
export type ImportedCard = z.infer<typeof importedCardSchema>;

/** A line that could not become a card: where, why, and at most a short excerpt of it. */
export const importProblemSchema = z.object({
  line: z.int(),
  text: z.string(),
  reason: z.string(),
  /** The parser's ProblemCode (text-formats.ts), so the dialog can say what to change, e.g. the separator. */
  code: z.string().optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importPreviewSchema = z.object({
  cards: z.array(importedCardSchema),
  errors: z.array(importProblemSchema),
  /** Cards whose front is already in the set, or repeats an earlier card of the import. */
  duplicates: z.int(),
  /**
   * What importing would do with the duplicates policy asked for (the commit's own counts), so the
   * dialog can say that a skipped duplicate is not added instead of counting it among the cards.
   */
  planned: z.object({ imported: z.int(), updated: z.int(), skipped: z.int() }),
  /**
   * CSV: what each column was read as (the student's choice, the header row's names or the defaults),
   * one more "ignore" per column the rows have beyond them, so the dialog can offer a choice per column.
   */
  columns: z.array(z.enum(IMPORT_COLUMN_ROLES)).optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  /** Cards added. */
  imported: z.int(),
  /** Cards in the set rewritten from the import (duplicates: update). */
  updated: z.int(),
  /** Duplicates skipped (duplicates: skip). */
  skipped: z.int(),
  /** Lines skipped as unreadable (badLines: skip), each named. */
  errors: z.array(importProblemSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * `csv`: for spreadsheets (formula cells neutralised with a leading apostrophe, which our import
 * removes again); `anki`: Anki's "Notes in Plain Text", exact.
 */
export const EXPORT_FORMATS = ["csv", "anki", "quizlet"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, "Choose csv, anki or quizlet").default("csv"),
});
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
  /** Rename, describe or colour a set (issue 25 §6); PUT takes the same body. */
  updateSet: endpoint({
    method: "PATCH",
    path: "/api/study/flashcard-sets/:id",
    params: idParamsSchema,
    body: updateFlashcardSetSchema,
    response: flashcardSetSchema,
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
    response: importResultSchema,
    status: 201,
  }),
  /** Multipart: `file` and `options` (JSON of importOptionsSchema). Read by the route, so no body schema. */
  importFilePreview: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/import/file/preview",
    params: idParamsSchema,
    response: importPreviewSchema,
  }),
  /** Multipart, as importFilePreview: large imports (thousands of cards, megabytes) without the JSON limit. */
  importFile: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/import/file",
    params: idParamsSchema,
    response: importResultSchema,
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
    response: z.object({ created: z.int() }),
    status: 201,
  }),
};
