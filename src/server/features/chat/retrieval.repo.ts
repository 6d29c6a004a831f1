import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { courseDocuments, documentChunks } from "../../db/schema/ai.ts";
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
   * With a course chosen only that course's materials are searched. The ranking runs on the chunk table
   * alone (the GIN index finds the matches, only they are ranked) and only the top `limit` rows are
   * then joined to their documents' titles: joining first made every match carry its title through the
   * sort and tripled the query's time.
   */
  async search(
    db: DbOrTx,
    userId: number,
    tsQuery: string,
    options: { courseId?: number | null; limit: number },
  ): Promise<FoundChunk[]> {
    const query = sql`to_tsquery('english', ${tsQuery})`;
    const rank = sql<number>`ts_rank_cd(${documentChunks.search}, ${query}, 32)`.as("rank");
    const top = db
      .select({ id: documentChunks.id, rank })
      .from(documentChunks)
      .where(
        and(
          eq(documentChunks.userId, userId),
          sql`${documentChunks.search} @@ ${query}`,
          options.courseId ? eq(documentChunks.courseId, options.courseId) : undefined,
        ),
      )
      .orderBy(desc(sql`rank`), documentChunks.id)
      .limit(options.limit)
      .as("top");
    const rows = await db
      .select({
        id: documentChunks.id,
        source: documentChunks.source,
        materialId: documentChunks.materialId,
        studyDocumentId: documentChunks.studyDocumentId,
        materialTitle: courseDocuments.title,
        studyTitle: studyDocuments.title,
        courseId: documentChunks.courseId,
        page: documentChunks.page,
        text: documentChunks.text,
        charStart: documentChunks.charStart,
        charEnd: documentChunks.charEnd,
        rank: top.rank,
      })
      .from(top)
      .innerJoin(documentChunks, eq(documentChunks.id, top.id))
      .leftJoin(courseDocuments, eq(courseDocuments.id, documentChunks.materialId))
      .leftJoin(studyDocuments, eq(studyDocuments.id, documentChunks.studyDocumentId))
      .orderBy(desc(top.rank), documentChunks.id);
    return rows.map((r) => ({
      id: r.id,
      source: r.source,
      documentId: (r.source === "material" ? r.materialId : r.studyDocumentId) ?? 0,
      title: (r.source === "material" ? r.materialTitle : r.studyTitle) ?? "Untitled document",
      courseId: r.courseId,
      page: r.page,
      text: r.text,
      charStart: r.charStart,
      charEnd: r.charEnd,
      rank: Number(r.rank),
    }));
  },

  async countChunks(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentChunks)
      .where(eq(documentChunks.userId, userId));
    return row?.n ?? 0;
  },
};
