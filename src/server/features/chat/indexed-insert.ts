import type { Db, Tx } from "../../db/client.ts";
import type { IndexedDocument, RetrievalService } from "./retrieval.service.ts";

/**
 * Stores a document (a course material or a study-set document) and chunks it for the assistant in
 * the same transaction, so a stored document is always citable. Only chunks have a search vector: a
 * chunk's few hundred words are far from PostgreSQL's 1 MB limit on one, which a whole document's
 * vector could pass (migration 0035).
 */
export function insertIndexed<T extends { id: number }>(
  db: Db,
  retrieval: RetrievalService | undefined,
  userId: number,
  insert: (tx: Tx) => Promise<T>,
  indexed: Omit<IndexedDocument, "documentId">,
): Promise<T> {
  return db.transaction(async (tx) => {
    const doc = await insert(tx);
    await retrieval?.index(userId, { ...indexed, documentId: doc.id }, tx);
    return doc;
  });
}
