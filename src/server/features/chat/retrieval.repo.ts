import { and, eq, sql } from "drizzle-orm";
import { arrayOf, chunks as bulkChunks } from "../../db/bulk.ts";
import type { DbOrTx } from "../../db/client.ts";
import { rawRows } from "../../db/raw.ts";
import { documentChunks } from "../../db/schema/chat.ts";
import { courseDocuments } from "../../db/schema/materials.ts";
import { studyDocuments } from "../../db/schema/study.ts";

export type ChunkSource = "material" | "study";

export interface NewChunk {
  page: number;
  ordinal: number;
  text: string;
  charStart: number;
  charEnd: number;
}

/**
 * A chunk as it was written: never updated (re-indexing a document deletes its chunks and inserts new
 * ones, with new ids), so it can be kept by id (retrieval.service.ts).
 */
export interface StoredChunk {
  id: number;
  source: ChunkSource;
  documentId: number;
  page: number;
  text: string;
  charStart: number;
  charEnd: number;
}

/** A chunk found by a search, with its document's title as it is now and its full-text rank. */
export interface FoundChunk extends StoredChunk {
  title: string;
  rank: number;
}

/**
 * Where a search looks besides the owner: a course's chunks, a study set's documents, one study document.
 * The ids are checked as the student's by the caller; the owner filter holds regardless.
 */
export interface SearchScope {
  courseId?: number | null;
  studySetId?: number;
  studyDocumentId?: number;
}

/**
 * The filter every query of the search applies, as SQL text: ts_stat takes its query as a string, so
 * this is written out, and only integers go in (nothing can be injected through them).
 */
function scopeText(userId: number, scope: SearchScope): string {
  const int = (n: number) => String(Math.trunc(n));
  const parts = [`user_id = ${int(userId)}`];
  if (scope.courseId) parts.push(`course_id = ${int(scope.courseId)}`);
  if (scope.studyDocumentId) parts.push(`study_document_id = ${int(scope.studyDocumentId)}`);
  if (scope.studySetId)
    parts.push(
      `study_document_id in (select id from study_documents where user_id = ${int(userId)} and study_set_id = ${int(scope.studySetId)})`,
    );
  return parts.join(" and ");
}

/** A document's title by source and id: `${source}:${documentId}`. */
export const titleKey = (source: ChunkSource, documentId: number) => `${source}:${documentId}`;

export interface RankedChunks {
  /** Chunk ids with their full-text rank, best first. */
  chunks: { id: number; rank: number }[];
  /** The titles of the documents the chunks belong to, by titleKey. */
  titles: Map<string, string>;
  /** Chunks in scope; null when none matched (it was not read). */
  total: number | null;
  /** Chunks in scope holding each term query, in order. */
  counts: number[];
}

/**
 * How many chunks are in scope, as SQL: the stored chunk counts of the documents in scope, or a count of
 * the chunks with a course in scope. Only integers go in, as in `scopeText`.
 */
function totalIn(userId: number, scope: SearchScope): string {
  const int = (n: number) => String(Math.trunc(n));
  if (scope.courseId) return `(select count(*)::int from document_chunks where ${scopeText(userId, scope)})`;
  const study = scope.studyDocumentId
    ? `and id = ${int(scope.studyDocumentId)}${scope.studySetId ? ` and study_set_id = ${int(scope.studySetId)}` : ""}`
    : scope.studySetId
      ? `and study_set_id = ${int(scope.studySetId)}`
      : "";
  const studyTotal = `(select coalesce(sum(chunk_count), 0) from study_documents where user_id = ${int(userId)} ${study})`;
  if (scope.studyDocumentId || scope.studySetId) return `${studyTotal}::int`;
  return `(${studyTotal} + (select coalesce(sum(chunk_count), 0) from course_documents where user_id = ${int(userId)}))::int`;
}

const documentColumn = (source: ChunkSource) =>
  source === "material" ? documentChunks.materialId : documentChunks.studyDocumentId;

/** Every query names the owner: another student's chunks cannot be reached by construction. */
export const retrievalRepo = {
  async replaceChunks(
    db: DbOrTx,
    userId: number,
    doc: { source: ChunkSource; documentId: number; courseId: number | null },
    chunks: NewChunk[],
  ): Promise<void> {
    await db
      .delete(documentChunks)
      .where(and(eq(documentChunks.userId, userId), eq(documentColumn(doc.source), doc.documentId)));
    // One array parameter per column (db/bulk.ts): a 2,000-page PDF's chunks were 4 statements of 500
    // rows x 9 parameters, each built by Drizzle and planned by PGlite on the event loop that every other
    // student's request waits on (bench:fairness).
    for (const b of bulkChunks(chunks)) {
      const col = (f: (c: NewChunk) => unknown, type: string) => arrayOf(b.map(f), type);
      await db.execute(sql`insert into ${documentChunks} (user_id, source, material_id, study_document_id,
          course_id, page, ordinal, text, char_start, char_end)
        select ${userId}::int, ${doc.source}::text, ${doc.source === "material" ? doc.documentId : null}::int,
          ${doc.source === "study" ? doc.documentId : null}::int, ${doc.courseId}::int, * from unnest(
          ${col((c) => c.page, "int")}, ${col((c) => c.ordinal, "int")}, ${col((c) => c.text, "text")},
          ${col((c) => c.charStart, "int")}, ${col((c) => c.charEnd, "int")})`);
    }
    const table = doc.source === "material" ? courseDocuments : studyDocuments;
    await db
      .update(table)
      .set({ chunkCount: chunks.length })
      .where(and(eq(table.userId, userId), eq(table.id, doc.documentId)));
  },

  /**
   * One statement for what re-ranking needs: the best `limit` chunks for an OR-of-stems tsquery (ranked by
   * ts_rank with normalisation 32, rank/(rank+1)), how many chunks in scope hold each term (`termQueries`,
   * the IDF of each) and how many chunks are in scope. The counts are window aggregates over the rows
   * the GIN index matched, which the ranking visits anyway: the OR query matches every chunk holding any
   * term, so a term's matches are all among them. They were a statement of their own that ran one index
   * scan per term and counted every chunk of the student, the most expensive part of an answer. The total
   * is a sum of the documents' stored chunk counts (a count over the chunks only with a course in scope,
   * whose chunks keep the course they were indexed with). Only ids and ranks come back for the chunks:
   * a chunk never changes under its id, so the caller keeps the rest (retrieval.service.ts) and asks
   * `stored` for the ones it has not seen. Nine columns and a title lookup for each of a hundred
   * candidates, most of them kept already, made the statement about a fifth slower (1.3-1.9 against
   * 1.1-1.7 ms on PGlite at 60 documents). Titles can change (a rename), so they are read every time, once
   * per document: an aggregate in the subquery's condition is the outer query's, so `array_agg` there is
   * the candidates' documents.
   * The rows come back as JSON in one row: a hundred rows cost the driver more to decode than one
   * JSON.parse. Written as SQL sent to the driver itself (db/raw.ts): building it with the query builder
   * cost more JavaScript per answer than the bare ranked query costs PGlite.
   * ts_rank, not ts_rank_cd: this rank only picks the candidates and orders ties, and re-ranking
   * (relevance.ts) weighs proximity itself. ts_rank_cd's cover search was most of the statement's time
   * (PGlite, 60 documents, summed over a question's ~80-300 matches: 0.90 ms against ts_rank's 0.30 and
   * 0.27 for the match alone), and the dev questions of `eval:ai` lost nothing (first 63 -> 64 of 73).
   */
  async ranked(
    db: DbOrTx,
    userId: number,
    tsQuery: string,
    termQueries: readonly string[],
    options: SearchScope & { limit: number },
  ): Promise<RankedChunks> {
    // $1 the OR query, $2 the limit, $3... each term's query.
    const counts = termQueries
      .map((_, i) => `, count(*) filter (where search @@ to_tsquery('english', $${i + 3})) over () as d${i}`)
      .join("");
    const minima = termQueries.map((_, i) => `, min(top.d${i}) as d${i}`).join("");
    const [row = {}] = await rawRows<Record<string, unknown>>(
      db,
      `select
        json_agg(json_build_array(top.id, top.rank) order by top.rank desc, top.id) as rows,
        (select json_agg(json_build_array(d.id, d.title)) from course_documents d
          where d.id = any(array_agg(distinct top.material_id))) as materials,
        (select json_agg(json_build_array(d.id, d.title)) from study_documents d
          where d.id = any(array_agg(distinct top.study_document_id))) as studies,
        ${totalIn(userId, options)} as total${minima}
      from (
        select id, material_id, study_document_id,
          ts_rank(search, to_tsquery('english', $1), 32) as rank${counts}
        from document_chunks
        where ${scopeText(userId, options)} and search @@ to_tsquery('english', $1)
        order by rank desc, id
        limit $2
      ) top`,
      [tsQuery, options.limit, ...termQueries],
    );
    const json = <T>(value: unknown): T[] =>
      ((typeof value === "string" ? JSON.parse(value) : value) ?? []) as T[];
    const rows = json<[number, number]>(row.rows);
    const titles = new Map<string, string>();
    for (const source of ["material", "study"] as const)
      for (const [id, title] of json<[number, string]>(source === "material" ? row.materials : row.studies))
        titles.set(titleKey(source, id), title);
    return {
      // No chunk matched: no term is in any of them, and nothing is ranked with the total.
      total: rows.length ? Number(row.total) : null,
      counts: termQueries.map((_, i) => Number(row[`d${i}`] ?? 0)),
      chunks: rows.map(([id, rank]) => ({ id, rank: Number(rank) })),
      titles,
    };
  },

  /** The student's chunks with these ids, as they were written. */
  async stored(db: DbOrTx, userId: number, ids: readonly number[]): Promise<StoredChunk[]> {
    if (!ids.length) return [];
    const rows = await rawRows<{
      id: number;
      source: ChunkSource;
      material_id: number | null;
      study_document_id: number | null;
      page: number;
      text: string;
      char_start: number;
      char_end: number;
    }>(
      db,
      `select id, source, material_id, study_document_id, page, text, char_start, char_end
        from document_chunks where user_id = $1 and id = any($2::int[])`,
      [userId, ids],
    );
    return rows.map((r) => ({
      id: r.id,
      source: r.source,
      documentId: (r.source === "material" ? r.material_id : r.study_document_id) ?? 0,
      page: r.page,
      text: r.text,
      charStart: r.char_start,
      charEnd: r.char_end,
    }));
  },

  /**
   * For each stem, the most similar word (trigram similarity, pg_trgm) among the lexemes of the student's
   * chunks (in the course, when one is chosen), if one is at least `threshold` alike; null otherwise.
   * ts_stat reads every chunk's vector in scope: asked only for terms that matched nothing. Only plain
   * words (letters and digits) are offered: the answer goes into a tsquery as it is.
   */
  async closestWords(
    db: DbOrTx,
    userId: number,
    stems: readonly string[],
    options: SearchScope & { threshold: number },
  ): Promise<(string | null)[]> {
    if (!stems.length) return [];
    const stat = `select search from document_chunks where ${scopeText(userId, options)}`;
    const result = await db.execute(sql`
      with vocab as materialized (select word, ndoc from ts_stat(${stat}))
      select t.i, (
        select v.word from vocab v
        where similarity(v.word, t.stem) >= ${options.threshold} and v.word ~ '^[a-z0-9]+$'
        order by similarity(v.word, t.stem) desc, v.ndoc desc, v.word
        limit 1
      ) as word
      from unnest(array[${sql.join(
        stems.map((stem) => sql`${stem}`),
        sql`, `,
      )}]::text[]) with ordinality as t(stem, i)
      order by t.i`);
    return (result as unknown as { rows: { word: string | null }[] }).rows.map((r) => r.word ?? null);
  },

  /** How many chunks the scope holds (the documents' stored counts, as `ranked` totals them). */
  async countInScope(db: DbOrTx, userId: number, scope: SearchScope): Promise<number> {
    const [row] = await rawRows<{ total: number }>(db, `select ${totalIn(userId, scope)} as total`, []);
    return Number(row?.total ?? 0);
  },

  async countChunks(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentChunks)
      .where(eq(documentChunks.userId, userId));
    return row?.n ?? 0;
  },
};
