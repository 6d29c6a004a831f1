import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";
import { READ_DOCUMENT_RETRY } from "../study/study.jobs.ts";

/**
 * Reads an uploaded course material's text, as study.read-document does for study documents (the same
 * rules: one file at a time per student, idempotent, unreadable is final, busy readers retried).
 */
export const readMaterialJob = defineJob({
  name: "materials.read-document",
  payload: z.object({ userId: z.int().positive(), documentId: z.int().positive() }),
  singleton: { key: ({ userId }) => `user:${userId}`, duplicates: "queue" },
  retry: READ_DOCUMENT_RETRY,
  timeoutSeconds: 5 * 60,
  concurrency: 2,
  handler: ({ userId, documentId }, { services, retryCount, log }) =>
    services.materials.readUpload(userId, documentId, {
      lastTry: retryCount >= READ_DOCUMENT_RETRY.limit,
      log,
    }),
});
