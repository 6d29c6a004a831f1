import { chunkDocument } from "#server/integrations/ai/builtin/chunk.ts";
import type { QuestionTerm } from "#server/integrations/ai/builtin/query.ts";
import { toTsQuery } from "#server/integrations/ai/builtin/query.ts";
import { type AnswerKind, type Ranked, rankPassages } from "#server/integrations/ai/builtin/relevance.ts";
import type { DocumentPage } from "#shared/study/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  type ChunkSource,
  type FoundChunk,
  type NewChunk,
  type RankedChunks,
  retrievalRepo,
  type SearchScope,
  type StoredChunk,
  titleKey,
} from "./retrieval.repo.ts";

/** Candidates full-text search hands to re-ranking: enough that the right passage is among them. */
const CANDIDATES = 100;
/**
 * How alike (pg_trgm similarity, 0-1) a misspelt term and a word of the student's documents must be for
 * the one to stand for the other: 'photosinthesis' and 'photosynthesis' are 0.65 alike as stems,
 * 'chloroplast' and 'chlorophyll' 0.44 (different words, left alone).
 */
const TYPO_SIMILARITY = 0.5;
/** Shorter terms have too few trigrams for a correction to mean anything. */
const TYPO_MIN_LENGTH = 5;

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
 * Chunks by id. A chunk is never updated (re-indexing a document deletes its chunks and inserts new
 * ones, with new ids), so a chunk once read is the chunk for good, whatever process reads it: candidates
 * that come back question after question are not sent through the driver again. Least recently used
 * out; about 1.5 KB a chunk. Titles are not kept: a rename changes them.
 */
const KEPT_CHUNKS = 4_000;
const keptChunks = new Map<number, StoredChunk>();

function keptChunk(id: number): StoredChunk | undefined {
  const chunk = keptChunks.get(id);
  if (chunk !== undefined) {
    keptChunks.delete(id);
    keptChunks.set(id, chunk);
  }
  return chunk;
}

/**
 * Retrieval over the student's own text: materials and study-set documents are chunked when written,
 * and searched with PostgreSQL full-text search, always scoped by owner.
 */
export function createRetrievalService({ db }: { db: DbOrTx }) {
  /** The ranked chunks in full, read for the ones not kept yet (in one statement). */
  async function inFull(userId: number, { chunks, titles }: RankedChunks): Promise<FoundChunk[]> {
    const read = await retrievalRepo.stored(
      db,
      userId,
      chunks.filter((c) => !keptChunks.has(c.id)).map((c) => c.id),
    );
    const fresh = new Map(read.map((c) => [c.id, c]));
    for (const chunk of read) {
      keptChunks.set(chunk.id, chunk);
      if (keptChunks.size > KEPT_CHUNKS) keptChunks.delete(keptChunks.keys().next().value!);
    }
    // A chunk deleted between the two statements (its document re-indexed) is left out.
    return chunks.flatMap(({ id, rank }) => {
      const chunk = fresh.get(id) ?? keptChunk(id);
      if (!chunk) return [];
      const title = titles.get(titleKey(chunk.source, chunk.documentId)) ?? "Untitled document";
      return [{ ...chunk, title, rank }];
    });
  }

  return {
    async index(userId: number, doc: IndexedDocument, tx: DbOrTx = db): Promise<void> {
      const chunks = documentChunksOf(doc.content, doc.pages);
      await retrievalRepo.replaceChunks(tx, userId, doc, chunks);
    },
    async search(
      userId: number,
      terms: readonly QuestionTerm[],
      options: SearchScope & {
        limit?: number;
        definition?: boolean;
        kind?: AnswerKind | null;
        abbreviation?: string | null;
      } = {},
    ): Promise<Ranked<FoundChunk>[]> {
      // The rest is the scope, as the caller gave it (chat.service.ts searchScope builds it).
      const { limit = 8, definition, kind, abbreviation, ...scope } = options;
      const lookup = (ts: readonly QuestionTerm[]) =>
        retrievalRepo.ranked(
          db,
          userId,
          toTsQuery(ts),
          ts.map((t) => toTsQuery([t])),
          { ...scope, limit: Math.max(limit, CANDIDATES) },
        );
      if (!toTsQuery(terms)) return [];
      let ranked = await lookup(terms);
      // A term no chunk has may be a typo: the closest word of the student's own documents stands in.
      const missing = terms.filter(
        (t, i) => !ranked.counts[i] && !t.number && t.stem.length >= TYPO_MIN_LENGTH,
      );
      if (missing.length && ranked.total !== 0) {
        const words = await retrievalRepo.closestWords(
          db,
          userId,
          missing.map((t) => t.stem),
          { ...scope, threshold: TYPO_SIMILARITY },
        );
        const corrected = new Map(missing.flatMap((t, i) => (words[i] ? [[t, words[i]] as const] : [])));
        if (corrected.size) {
          // The lexeme is already a stem: it is both the word searched and the stem ranked.
          terms = terms.map((t) => {
            const word = corrected.get(t);
            return word ? { word, stem: word } : t;
          });
          ranked = await lookup(terms);
        }
      }
      const candidates = await inFull(userId, ranked);
      const frequencies = { total: ranked.total ?? 0, counts: ranked.counts };
      const documentFrequency = new Map(terms.map((t, i) => [t.stem, frequencies.counts[i] ?? 0]));
      const stats = { passages: frequencies.total, documentFrequency };
      return rankPassages(terms, candidates, stats, { definition, kind, abbreviation, limit });
    },
    countChunks: (userId: number) => retrievalRepo.countChunks(db, userId),
    countInScope: (userId: number, scope: SearchScope) => retrievalRepo.countInScope(db, userId, scope),
  };
}
export type RetrievalService = ReturnType<typeof createRetrievalService>;
