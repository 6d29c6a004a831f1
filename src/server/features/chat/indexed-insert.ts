import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { IndexedDocument, RetrievalService } from "./retrieval.service.ts";

/** PostgreSQL program_limit_exceeded (54000), e.g. a text whose search vector passes its 1 MB limit. */
export function isProgramLimit(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  while (e && e.code !== "54000" && e.cause) e = e.cause as typeof e;
  return e?.code === "54000";
}

/**
 * Stores a document (a course material or a study-set document) and chunks it for the assistant in
 * the same transaction, so a stored document is always citable. A text too varied to index (its search
 * vector over PostgreSQL's 1 MB limit: long lists of codes or ids rather than prose) is the student's
 * 422, never a 500; `upload` picks the code an uploaded file's failure uses.
 */
export async function insertIndexed<T extends { id: number }>(
  db: Db,
  retrieval: RetrievalService | undefined,
  userId: number,
  insert: (tx: Tx) => Promise<T>,
  indexed: Omit<IndexedDocument, "documentId">,
  upload: boolean,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const doc = await insert(tx);
      await retrieval?.index(userId, { ...indexed, documentId: doc.id }, tx);
      return doc;
    });
  } catch (err) {
    if (!isProgramLimit(err)) throw err;
    throw new AppError(
      422,
      upload ? "file_too_complex" : "unprocessable",
      "This text is too long to keep as one document. Split it into smaller parts and add them one by one.",
    );
  }
}
