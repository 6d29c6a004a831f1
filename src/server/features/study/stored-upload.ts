import type { FastifyBaseLogger } from "fastify";
import type { ExtractedDocument } from "#server/integrations/documents/index.ts";
import { forSurface, type UploadSurface } from "#server/integrations/documents/types.ts";
import { extractStoredUpload, isTransientFailure } from "#server/integrations/documents/upload.ts";
import type { DocumentPage } from "#shared/study/contract.ts";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { conflict } from "../../lib/errors.ts";
import type { RetrievalService } from "../chat/retrieval.service.ts";
import { pageRanges } from "./study-text.ts";

/** Progress is written at most this often: a 2,000-page PDF reads a page every few ms. */
const PROGRESS_EVERY_MS = 500;

/** Shown when a file could not be read because the readers stayed busy through every retry. */
export const GAVE_UP_MESSAGE =
  "We could not read this file in time because many files are being read. Remove it and upload it again.";

/** How a feature's table keeps a document whose upload a job reads (study documents, course materials). */
export interface StoredUploads {
  pending(
    db: DbOrTx,
    userId: number,
    id: number,
  ): Promise<{ bytes: Uint8Array; fileName: string; courseId: number | null } | undefined>;
  setProgress(db: DbOrTx, userId: number, id: number, done: number, total: number): Promise<void>;
  finish(
    db: DbOrTx,
    userId: number,
    id: number,
    values: { content: string; fileType: string; pages: DocumentPage[] | null },
  ): Promise<boolean>;
  fail(db: DbOrTx, userId: number, id: number, error: string): Promise<boolean>;
}

export type StoredUploadOutcome =
  | { status: "ready"; fileType: string }
  | { status: "failed"; reason: string }
  | { status: "skipped" };

/**
 * A background job's reading of one stored upload (issue 23). Idempotent: only a document still
 * 'processing' is read and changed, so a rerun after it is ready, failed or removed does nothing. A file
 * that cannot be read is final ('failed' with the student's message); busy readers throw, so the queue
 * retries with backoff, and on the last try the document fails with GAVE_UP_MESSAGE before the job is
 * dead-lettered. The text is chunked for the assistant in the transaction that marks it ready.
 */
export async function readStoredUpload(opts: {
  db: Db;
  retrieval: RetrievalService | undefined;
  store: StoredUploads;
  source: "study" | "material";
  userId: number;
  documentId: number;
  accept: readonly string[];
  /** Whether the student could paste the text instead where they uploaded (the failure's advice). */
  surface: UploadSurface;
  lastTry: boolean;
  log: FastifyBaseLogger;
}): Promise<StoredUploadOutcome> {
  const { db, store, userId, documentId: id, log } = opts;
  const upload = await store.pending(db, userId, id);
  if (!upload) return { status: "skipped" };

  let lastWrite = 0;
  let writes = Promise.resolve();
  const result = await extractStoredUpload({
    bytes: upload.bytes,
    fileName: upload.fileName,
    accept: opts.accept,
    owner: String(userId),
    onProgress: ({ done, total }) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS && done < total) return;
      lastWrite = now;
      // One write at a time, in order; a lost progress write is not worth failing the document for.
      writes = writes
        .then(() => store.setProgress(db, userId, id, done, total))
        .catch((err) => log.warn({ err }, "progress not stored"));
    },
  });
  await writes;

  if (!result.ok) {
    const { reason, cause, message } = forSurface(result.failure, opts.surface);
    if (isTransientFailure(result.failure)) {
      if (opts.lastTry) await store.fail(db, userId, id, GAVE_UP_MESSAGE);
      throw new Error(`the document readers are busy (${reason})`);
    }
    log.info({ reason, cause }, "upload not readable");
    await store.fail(db, userId, id, message);
    return { status: "failed", reason };
  }
  await db.transaction(async (tx: Tx) => {
    const values = textOf(result.document);
    if (!(await store.finish(tx, userId, id, values))) return;
    await opts.retrieval?.index(
      userId,
      { source: opts.source, documentId: id, courseId: upload.courseId, ...values },
      tx,
    );
  });
  return { status: "ready", fileType: result.document.kind };
}

/** A document whose text is asked for (viewer, summary, drafts): 409 while it is read or if it failed. */
export function assertReadable<T extends { status: string }>(doc: T): T {
  if (doc.status === "processing")
    throw conflict("This document is still being read. Try again when it is ready.");
  if (doc.status === "failed")
    throw conflict("This document could not be read. Remove it and upload it again.");
  return doc;
}

/** The stored shape of an extracted document: PDF pages and PPTX slides keep their ranges. */
export function textOf(document: ExtractedDocument) {
  const paged = document.kind === "pdf" || document.kind === "pptx";
  return {
    content: document.text,
    fileType: document.kind,
    pages: paged ? pageRanges(document.pages) : null,
  };
}
