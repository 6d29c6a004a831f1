import { chunkDocument } from "#server/integrations/ai/builtin/chunk.ts";
import type { QuestionTerm } from "#server/integrations/ai/builtin/query.ts";
import { toTsQuery } from "#server/integrations/ai/builtin/query.ts";
import { type Ranked, rankPassages } from "#server/integrations/ai/builtin/relevance.ts";
import type { DocumentPage } from "#shared/study/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { type ChunkSource, type FoundChunk, type NewChunk, retrievalRepo } from "./retrieval.repo.ts";

/** Candidates full-text search hands to re-ranking: enough that the right passage is among them. */
const CANDIDATES = 40;

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
      options: { courseId?: number | null; limit?: number; definition?: boolean } = {},
    ): Promise<Ranked<FoundChunk>[]> {
      const tsQuery = toTsQuery(terms);
      if (!tsQuery) return [];
      const limit = options.limit ?? 8;
      const [candidates, frequencies] = await Promise.all([
        retrievalRepo.search(db, userId, tsQuery, {
          courseId: options.courseId,
          limit: Math.max(limit, CANDIDATES),
        }),
        retrievalRepo.documentFrequencies(
          db,
          userId,
          terms.map((t) => toTsQuery([t])),
          { courseId: options.courseId },
        ),
      ]);
      const documentFrequency = new Map(terms.map((t, i) => [t.stem, frequencies.counts[i] ?? 0]));
      const stats = { passages: frequencies.total, documentFrequency };
      return rankPassages(terms, candidates, stats, { definition: options.definition }).slice(0, limit);
    },
    countChunks: (userId: number) => retrievalRepo.countChunks(db, userId),
  };
}
export type RetrievalService = ReturnType<typeof createRetrievalService>;
