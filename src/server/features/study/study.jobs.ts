import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

export const READ_DOCUMENT_RETRY = { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 10 * 60 };

/**
 * Reads an uploaded study document's text (issue 23): the upload answered at once with the document
 * 'processing'. One file at a time per student (the extraction pool runs one of theirs at a time anyway),
 * any number waiting. Idempotent: only a document still 'processing' is read (stored-upload.ts).
 * An unreadable file is final ('failed'); busy readers are retried with backoff, then dead-lettered.
 */
export const readStudyDocumentJob = defineJob({
  name: "study.read-document",
  payload: z.object({ userId: z.int().positive(), documentId: z.int().positive() }),
  singleton: { key: ({ userId }) => `user:${userId}`, duplicates: "queue" },
  retry: READ_DOCUMENT_RETRY,
  timeoutSeconds: 5 * 60,
  concurrency: 2,
  handler: ({ userId, documentId }, { services, retryCount, log }) =>
    services.study.readUpload(userId, documentId, { lastTry: retryCount >= READ_DOCUMENT_RETRY.limit, log }),
});
