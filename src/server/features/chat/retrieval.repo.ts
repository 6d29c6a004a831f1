import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
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

/** A row of `search`, as the driver gives it. */
interface SearchRow {
  id: number;
  source: ChunkSource;
  material_id: number | null;
  study_document_id: number | null;
  course_id: number | null;
  page: number;
  text: string;
  char_start: number;
  char_end: number;
  rank: number | string;
  title: string | null;
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
    // Batches keep each statement's parameters well under the protocol's 65,535.
    for (let i = 0; i < chunks.length; i += 500) {
      await db.insert(documentChunks).values(
        chunks.slice(i, i + 500).map((c) => ({
          userId,
          source: doc.source,
          materialId: doc.source === "material" ? doc.documentId : null,
          studyDocumentId: doc.source === "study" ? doc.documentId : null,
          courseId: doc.courseId,
          ...c,
        })),
      );
    }
  },

  /**
   * The best chunks for an OR-of-stems tsquery, ranked by ts_rank_cd with normalisation 32 (rank/(rank+1)).
   * With a course, set or document in scope only its chunks are searched. The ranking runs on the chunk table
   * alone (the GIN index finds the matches, only they are ranked) and only the top `limit` rows then
   * look up their document's title: joining first made every match carry its title through the sort
   * and tripled the query's time. Written as SQL rather than with the query builder: building the
   * nested select cost more JavaScript per answer than the bare ranked query costs PGlite, and left
   * joins to both document tables cost planning time that two scalar lookups on the 8 rows do not.
   */
  async search(
    db: DbOrTx,
    userId: number,
    tsQuery: string,
    options: SearchScope & { limit: number },
  ): Promise<FoundChunk[]> {
    const query = sql`to_tsquery('english', ${tsQuery})`;
    const result = await db.execute(sql`
      select top.*,
        case when top.source = 'material'
          then (select title from ${courseDocuments} d where d.id = top.material_id)
          else (select title from ${studyDocuments} s where s.id = top.study_document_id)
        end as title
      from (
        select id, source, material_id, study_document_id, course_id, page, text, char_start, char_end,
          ts_rank_cd(search, ${query}, 32) as rank
        from ${documentChunks}
        where ${sql.raw(scopeText(userId, options))} and search @@ ${query}
        order by rank desc, id
        limit ${options.limit}
      ) top
      order by top.rank desc, top.id`);
    return (result as unknown as { rows: SearchRow[] }).rows.map((r) => ({
      id: r.id,
      source: r.source,
      documentId: (r.source === "material" ? r.material_id : r.study_document_id) ?? 0,
      title: r.title ?? "Untitled document",
      courseId: r.course_id,
      page: r.page,
      text: r.text,
      charStart: r.char_start,
      charEnd: r.char_end,
      rank: Number(r.rank),
    }));
  },

  /**
   * How many of the student's chunks (in the course, when one is chosen) match each tsquery, and how many
   * there are: the IDF of each question term. Each count is a GIN index lookup, not a scan.
   */
  async documentFrequencies(
    db: DbOrTx,
    userId: number,
    tsQueries: readonly string[],
    options: SearchScope,
  ): Promise<{ total: number; counts: number[] }> {
    const scope = sql.raw(scopeText(userId, options));
    const counts = tsQueries.map(
      (q, i) =>
        sql`(select count(*)::int from ${documentChunks} where ${scope} and search @@ to_tsquery('english', ${q})) as ${sql.raw(`d${i}`)}`,
    );
    const result = await db.execute(
      sql`select (select count(*)::int from ${documentChunks} where ${scope}) as total${counts.length ? sql`, ${sql.join(counts, sql`, `)}` : sql``}`,
    );
    const row = (result as unknown as { rows: Record<string, number | string>[] }).rows[0] ?? {};
    return {
      total: Number(row.total ?? 0),
      counts: tsQueries.map((_, i) => Number(row[`d${i}`] ?? 0)),
    };
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
