import { and, eq } from "drizzle-orm";
import type { DocumentPage } from "#shared/study/contract.ts";
import type { DbOrTx } from "./client.ts";
import type { courseDocuments } from "./schema/materials.ts";
import type { studyDocuments } from "./schema/study.ts";

/** The tables of documents that arrive as an upload a background job reads (processingColumns). */
export type ProcessingTable = typeof studyDocuments | typeof courseDocuments;

/**
 * A processing document's writes, the same for every such table: progress, then its text once ('ready'),
 * or the student's message ('failed'). Each changes only a row of `userId` still 'processing', so a job's
 * rerun after the document is ready, failed or removed changes nothing, and answers whether it did.
 */
export function processingRows(table: ProcessingTable) {
  // Both tables declare these columns alike (id, userId, content, fileType, pages and processingColumns):
  // one of the two types stands for both, as drizzle's builders take a single table type.
  const t = table as typeof studyDocuments;
  const processing = (userId: number, id: number) =>
    and(eq(t.userId, userId), eq(t.id, id), eq(t.status, "processing"));
  const done = { upload: null, progressDone: null, progressTotal: null };
  return {
    processing,
    async setProgress(db: DbOrTx, userId: number, id: number, doneCount: number, total: number) {
      await db.update(t).set({ progressDone: doneCount, progressTotal: total }).where(processing(userId, id));
    },
    async finish(
      db: DbOrTx,
      userId: number,
      id: number,
      values: { content: string; fileType: string; pages: DocumentPage[] | null },
    ): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({ ...values, status: "ready", ...done })
        .where(processing(userId, id))
        .returning({ id: t.id });
      return rows.length > 0;
    },
    async fail(db: DbOrTx, userId: number, id: number, error: string): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({ status: "failed", error, ...done })
        .where(processing(userId, id))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
