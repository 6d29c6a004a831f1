import { and, desc, eq, sql } from "drizzle-orm";
import { DOCUMENT_PREVIEW_LENGTH } from "#shared/constants.ts";
import type { DocumentText, Material, MaterialType } from "#shared/materials/contract.ts";
import type { DocumentPage } from "#shared/study/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { processingRows } from "../../db/processing-rows.ts";
import { courseDocuments } from "../../db/schema/materials.ts";

// A list reads only the §9 preview of each text, never whole documents.
const listColumns = {
  id: courseDocuments.id,
  userId: courseDocuments.userId,
  courseId: courseDocuments.courseId,
  title: courseDocuments.title,
  type: courseDocuments.type,
  content: sql<string>`left(${courseDocuments.content}, ${DOCUMENT_PREVIEW_LENGTH})`,
  fileType: courseDocuments.fileType,
  createdAt: courseDocuments.createdAt,
  status: courseDocuments.status,
  progressDone: courseDocuments.progressDone,
  progressTotal: courseDocuments.progressTotal,
  error: courseDocuments.error,
};
type Row = Omit<Material, "createdAt" | "type" | "progress"> & {
  type: string;
  createdAt: Date;
  progressDone: number | null;
  progressTotal: number | null;
};
const toMaterial = ({ progressDone, progressTotal, ...row }: Row): Material => ({
  ...row,
  type: row.type as MaterialType,
  createdAt: row.createdAt.toISOString(),
  progress:
    row.status === "processing" && progressTotal !== null
      ? { done: progressDone ?? 0, total: progressTotal }
      : null,
});

const uploads = processingRows(courseDocuments);
const { processing } = uploads;

export interface NewMaterial {
  courseId: number | null;
  title: string;
  type: MaterialType;
  content: string;
  fileType: string;
  pages: DocumentPage[] | null;
  /** An upload a job reads later (status 'processing'). */
  status?: "processing";
  upload?: Uint8Array;
  uploadName?: string;
}

export const materialsRepo = {
  async list(db: DbOrTx, userId: number, courseId?: number): Promise<Material[]> {
    const rows = await db
      .select(listColumns)
      .from(courseDocuments)
      .where(
        and(
          eq(courseDocuments.userId, userId),
          courseId ? eq(courseDocuments.courseId, courseId) : undefined,
        ),
      )
      .orderBy(desc(courseDocuments.createdAt), desc(courseDocuments.id));
    return rows.map(toMaterial);
  },
  async insert(db: DbOrTx, userId: number, values: NewMaterial): Promise<Material> {
    const [row] = await db
      .insert(courseDocuments)
      .values({ userId, ...values })
      .returning(listColumns);
    return toMaterial(row!);
  },
  /** A material still waiting for its job: the stored file, or nothing once ready, failed or gone. */
  async pendingUpload(db: DbOrTx, userId: number, id: number) {
    const [row] = await db
      .select({
        upload: courseDocuments.upload,
        uploadName: courseDocuments.uploadName,
        courseId: courseDocuments.courseId,
      })
      .from(courseDocuments)
      .where(processing(userId, id));
    return row?.upload && row.uploadName
      ? { bytes: row.upload, fileName: row.uploadName, courseId: row.courseId }
      : undefined;
  },
  setProgress: uploads.setProgress,
  finishUpload: uploads.finish,
  failUpload: uploads.fail,
  async remove(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(courseDocuments)
      .where(and(eq(courseDocuments.userId, userId), eq(courseDocuments.id, id)))
      .returning({ id: courseDocuments.id });
    return rows.length > 0;
  },
  async text(
    db: DbOrTx,
    userId: number,
    id: number,
  ): Promise<(DocumentText & { status: string }) | undefined> {
    const [row] = await db
      .select({
        id: courseDocuments.id,
        title: courseDocuments.title,
        fileType: courseDocuments.fileType,
        content: courseDocuments.content,
        pages: courseDocuments.pages,
        status: courseDocuments.status,
      })
      .from(courseDocuments)
      .where(and(eq(courseDocuments.userId, userId), eq(courseDocuments.id, id)));
    return row ? { source: "material", ...row, pages: row.pages ?? null } : undefined;
  },
};
