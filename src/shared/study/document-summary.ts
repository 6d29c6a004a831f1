import { z } from "zod";

/**
 * A study-set document as lists show it. Its own module, so the summarizer's contract (in /summarize's
 * first load, for its stored-summary endpoint) takes this schema and not the whole study contract.
 */

/**
 * An uploaded file read in the background (issue 23): 'processing' until a job has its text (`progress`:
 * pages read of all, once known), then 'ready', or 'failed' with the message to show (`error`).
 * Pasted text and text files are 'ready' at once.
 */
export const DOCUMENT_STATUSES = ["processing", "ready", "failed"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const documentProcessingFields = {
  status: z.enum(DOCUMENT_STATUSES),
  progress: z.object({ done: z.int(), total: z.int() }).nullable(),
  error: z.string().nullable(),
};

/** SPEC §3 study-set document; in a list, `content` is a preview and `truncated` says so. */
export const studyDocumentSummarySchema = z.object({
  id: z.int(),
  studySetId: z.int(),
  title: z.string(),
  content: z.string(),
  truncated: z.boolean(),
  fileType: z.string(),
  summary: z.string().nullable(),
  createdAt: z.string(),
  ...documentProcessingFields,
});
export type StudyDocumentSummary = z.infer<typeof studyDocumentSummarySchema>;
