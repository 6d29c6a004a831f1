import { chunkDocument } from "#server/integrations/ai/builtin/chunk.ts";
import type { QuestionTerm } from "#server/integrations/ai/builtin/query.ts";
import { toTsQuery } from "#server/integrations/ai/builtin/query.ts";
import type { DocumentPage } from "#shared/study/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { type ChunkSource, type FoundChunk, type NewChunk, retrievalRepo } from "./retrieval.repo.ts";

export type { FoundChunk } from "./retrieval.repo.ts";

export interface IndexedDocument {
  source: ChunkSource;
  documentId: number;
  courseId: number | null;
  content: string;
  /** Page or slide ranges of `content`; null for a text without pages (one page). */
  pages: DocumentPage[] | null;
}

/**
 * Chunks of a document's pages with offsets into the whole `content` (the viewer highlights there),
 * never across a page.
 */
export function documentChunksOf(content: string, pages: DocumentPage[] | null): NewChunk[] {
  const ranges = pages?.length ? pages : [{ page: 1, start: 0, end: content.length }];
  const chunks: NewChunk[] = [];
  for (const range of ranges) {
    for (const c of chunkDocument([content.slice(range.start, range.end)])) {
      chunks.push({
        page: range.page,
        ordinal: chunks.length,
        text: c.text,
        charStart: range.start + c.charStart,
        charEnd: range.start + c.charEnd,
      });
    }
  }
  return chunks;
}

/**
 * Retrieval over the student's own text: materials and study-set documents are chunked when written,
 * and searched with PostgreSQL full-text search, always scoped by owner.
 */
export function createRetrievalService({ db }: { db: DbOrTx }) {
  return {
    async index(userId: number, doc: IndexedDocument, tx: DbOrTx = db): Promise<void> {
      const chunks = documentChunksOf(doc.content, doc.pages);
      await retrievalRepo.replaceChunks(tx, userId, doc, chunks);
    },
    async search(
      userId: number,
      terms: readonly QuestionTerm[],
      options: { courseId?: number | null; limit?: number } = {},
    ): Promise<FoundChunk[]> {
      const tsQuery = toTsQuery(terms);
      if (!tsQuery) return [];
      return retrievalRepo.search(db, userId, tsQuery, {
        courseId: options.courseId,
        limit: options.limit ?? 8,
      });
    },
    countChunks: (userId: number) => retrievalRepo.countChunks(db, userId),
  };
}
export type RetrievalService = ReturnType<typeof createRetrievalService>;
