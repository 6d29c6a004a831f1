import { z } from "zod";
import { providerSchema } from "../chat/provider.ts";
import { QUIZ_MAX_OPTIONS, SUMMARY_STYLES } from "../constants.ts";
import { claimedUserId, endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbId, requiredText } from "../schema-primitives.ts";
import { studyDocumentSummarySchema } from "../study/document-summary.ts";

/** Issue 15: the summarizer, stored document summaries, and flashcard and quiz drafts from a document. */

export const summaryStyleSchema = z.enum(SUMMARY_STYLES, "Summary style must be brief, detailed or bullets");
export type SummaryStyle = z.infer<typeof summaryStyleSchema>;

/**
 * SPEC §7 POST /api/summarize. The text's bound is the JSON body limit (1 MB, a 413 body_too_large), so
 * no second, smaller limit is checked here: anything that arrives is summarized.
 */
export const summarizeSchema = z.object({
  userId: claimedUserId,
  text: requiredText("Text is required"),
  type: summaryStyleSchema.default("brief"),
});
export type SummarizeInput = z.input<typeof summarizeSchema>;

/** The text fields of the multipart PDF variant. */
export const summarizePdfFieldsSchema = z.object({
  userId: z.string().optional(),
  type: summaryStyleSchema.default("brief"),
});

export const summarizeReplySchema = z.object({
  summary: z.string(),
  provider: providerSchema,
  /** Set when the configured model failed and the built-in engine answered instead. */
  note: z.string().optional(),
});
export type SummarizeReply = z.infer<typeof summarizeReplySchema>;

export const documentSourceSchema = z.enum(["material", "study"]);

/** A document the summarizer offers in one click: a study-set document or a course material. */
export const recentDocumentSchema = z.object({
  source: documentSourceSchema,
  id: z.int(),
  title: z.string(),
  fileType: z.string(),
  /** The study set's title or the course's name, when it has one. */
  place: z.string().nullable(),
  createdAt: z.string(),
});
export type RecentDocument = z.infer<typeof recentDocumentSchema>;
export const RECENT_DOCUMENTS_SHOWN = 8;

export const summarizeDocumentSchema = z.object({
  source: documentSourceSchema,
  id: dbId("Document must be a document id"),
  type: summaryStyleSchema.default("brief"),
});

export const documentSummaryBodySchema = z.object({ type: summaryStyleSchema.default("brief") });

/**
 * A proposed flashcard: nothing is saved until the student accepts it. The fields after `page` are
 * optional so that a client or a model reply without them still reads: absent `kind` is "definition",
 * absent `selected` is true.
 */
export const cardDraftSchema = z.object({
  question: z.string(),
  answer: z.string(),
  /** The document page the card's fact is on (1 for a document without pages). */
  page: z.int(),
  /**
   * "definition": a question about a term ('What is X?') and its definition. "cloze": a sentence of the
   * document with its key term blanked out in `question` ('_____') and the term as `answer`.
   */
  kind: z.enum(["definition", "cloze"]).optional(),
  /** The sentence in Anki's cloze syntax ('... {{c1::term}} ...'), for a cloze card; cloze drafts only. */
  cloze: z.string().optional(),
  /** 0..1: how surely the built-in engine found a good card here. */
  quality: z.number().min(0).max(1).optional(),
  /** Whether the draft comes ticked; drafts below the engine's quality threshold come unticked. */
  selected: z.boolean().optional(),
});
export type CardDraft = z.infer<typeof cardDraftSchema>;

export const cardDraftsSchema = z.object({
  provider: providerSchema,
  note: z.string().optional(),
  cards: z.array(cardDraftSchema),
});

/** A proposed multiple-choice question; `options` hold the answer once, shuffled. */
export const quizDraftQuestionSchema = z.object({
  question: z.string(),
  options: z.array(z.string()).min(2).max(QUIZ_MAX_OPTIONS),
  answer: z.string(),
  page: z.int(),
});
export type QuizDraftQuestion = z.infer<typeof quizDraftQuestionSchema>;

export const quizDraftsSchema = z.object({
  provider: providerSchema,
  note: z.string().optional(),
  questions: z.array(quizDraftQuestionSchema),
});

export const summaryEndpoints = {
  summarize: endpoint({
    method: "POST",
    path: "/api/summarize",
    body: summarizeSchema,
    response: summarizeReplySchema,
  }),
  /** The same as `summarize`, answered as server-sent events (`delta`, then `done` with its reply). */
  summarizeStream: endpoint({
    method: "POST",
    path: "/api/summarize/stream",
    body: summarizeSchema,
    response: z.unknown(),
    stream: summarizeReplySchema,
  }),
  /** Multipart (file, type): read by readUpload, so no body schema here. */
  summarizePdf: endpoint({ method: "POST", path: "/api/summarize/pdf", response: summarizeReplySchema }),
  recent: endpoint({
    method: "GET",
    path: "/api/summarize/documents",
    response: z.array(recentDocumentSchema),
  }),
  summarizeDocument: endpoint({
    method: "POST",
    path: "/api/summarize/document",
    body: summarizeDocumentSchema,
    response: summarizeReplySchema,
  }),
  /** Summarizes a study-set document and stores the summary on it (its card's 'AI Summary' block). */
  storeSummary: endpoint({
    method: "POST",
    path: "/api/study/documents/:id/summary",
    params: idParamsSchema,
    body: documentSummaryBodySchema,
    response: studyDocumentSummarySchema.extend({ provider: providerSchema, note: z.string().optional() }),
  }),
  removeSummary: endpoint({
    method: "DELETE",
    path: "/api/study/documents/:id/summary",
    params: idParamsSchema,
    response: okSchema,
  }),
  cardDrafts: endpoint({
    method: "POST",
    path: "/api/study/documents/:id/flashcard-drafts",
    params: idParamsSchema,
    response: cardDraftsSchema,
  }),
  quizDrafts: endpoint({
    method: "POST",
    path: "/api/study/documents/:id/quiz-drafts",
    params: idParamsSchema,
    response: quizDraftsSchema,
  }),
  /** The same drafts from a course material (a PPTX's slides, a PDF's pages), by the same engine. */
  materialCardDrafts: endpoint({
    method: "POST",
    path: "/api/documents/:id/flashcard-drafts",
    params: idParamsSchema,
    response: cardDraftsSchema,
  }),
  materialQuizDrafts: endpoint({
    method: "POST",
    path: "/api/documents/:id/quiz-drafts",
    params: idParamsSchema,
    response: quizDraftsSchema,
  }),
};
