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

export interface FoundChunk {
  id: number;
  source: ChunkSource;
  documentId: number;
  title: string;
  courseId: number | null;
  page: number;
  text: string;
  charStart: number;
  charEnd: number;
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

/** A chunk as `ranked` reads it: id, source, material_id, study_document_id, course_id, page, char_start, char_end, rank, title. */
type RankedRow = [
  number,
  ChunkSource,
  number | null,
  number | null,
  number | null,
  number,
  number,
  number,
  number,
  string | null,
];

export type RankedChunk = Omit<FoundChunk, "text">;

export interface RankedChunks {
  chunks: RankedChunk[];
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
   * ts_rank_cd with normalisation 32, rank/(rank+1)), how many chunks in scope hold each term (`termQueries`,
   * the IDF of each) and how many chunks are in scope. The counts are window aggregates over the rows
   * the GIN index matched, which the ranking visits anyway: the OR query matches every chunk holding any
   * term, so a term's matches are all among them. They were a statement of their own that ran one index
   * scan per term and counted every chunk of the student, the most expensive part of an answer. The total
   * is a sum of the documents' stored chunk counts (a count over the chunks only with a course in scope,
   * whose chunks keep the course they were indexed with). The chunks' text is not read here: it never
   * changes under a chunk's id, so the caller keeps it (retrieval.service.ts) and asks `texts` for
   * the ones it has not seen; sending 100 texts through the driver per answer cost more than ranking
   * them. Only the top rows look up their document's title. The rows come back as one JSON array in one
   * row: a hundred rows of eight columns cost the driver more to decode than one JSON.parse. Written as
   * SQL sent to the driver itself (db/raw.ts): building it with the query builder cost more JavaScript
   * per answer than the bare ranked query costs PGlite, and Drizzle's execute added a third again.
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
        json_agg(json_build_array(top.id, top.source, top.material_id, top.study_document_id, top.course_id,
          top.page, top.char_start, top.char_end, top.rank,
          case when top.source = 'material'
            then (select title from course_documents d where d.id = top.material_id)
            else (select title from study_documents s where s.id = top.study_document_id)
          end) order by top.rank desc, top.id) as rows,
        ${totalIn(userId, options)} as total${minima}
      from (
        select id, source, material_id, study_document_id, course_id, page, char_start, char_end,
          ts_rank_cd(search, to_tsquery('english', $1), 32) as rank${counts}
        from document_chunks
        where ${scopeText(userId, options)} and search @@ to_tsquery('english', $1)
        order by rank desc, id
        limit $2
      ) top`,
      [tsQuery, options.limit, ...termQueries],
    );
    const json = row.rows;
    const rows = ((typeof json === "string" ? JSON.parse(json) : json) ?? []) as RankedRow[];
    return {
      // No chunk matched: no term is in any of them, and nothing is ranked with the total.
      total: rows.length ? Number(row.total) : null,
      counts: termQueries.map((_, i) => Number(row[`d${i}`] ?? 0)),
      chunks: rows.map(
        ([id, source, materialId, studyDocumentId, courseId, page, charStart, charEnd, rank, title]) => ({
          id,
          source,
          documentId: (source === "material" ? materialId : studyDocumentId) ?? 0,
          title: title ?? "Untitled document",
          courseId,
          page,
          charStart,
          charEnd,
          rank: Number(rank),
        }),
      ),
    };
  },

  /** The text of the student's chunks with these ids. */
  async texts(db: DbOrTx, userId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await rawRows<{ id: number; text: string }>(
      db,
      "select id, text from document_chunks where user_id = $1 and id = any($2::int[])",
      [userId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.text]));
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

  async countChunks(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentChunks)
      .where(eq(documentChunks.userId, userId));
    return row?.n ?? 0;
  },
};
