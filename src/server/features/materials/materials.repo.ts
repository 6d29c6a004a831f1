import { and, desc, eq, sql } from "drizzle-orm";
import { DOCUMENT_PREVIEW_LENGTH } from "#shared/constants.ts";
import type { DocumentText, Material, MaterialType } from "#shared/materials/contract.ts";
import type { DocumentPage } from "#shared/study/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
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
};
type Row = Omit<Material, "createdAt" | "type"> & { type: string; createdAt: Date };
const toMaterial = (row: Row): Material => ({
  ...row,
  type: row.type as MaterialType,
  createdAt: row.createdAt.toISOString(),
});

export interface NewMaterial {
  courseId: number | null;
  title: string;
  type: MaterialType;
  content: string;
  fileType: string;
  pages: DocumentPage[] | null;
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
  async remove(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(courseDocuments)
      .where(and(eq(courseDocuments.userId, userId), eq(courseDocuments.id, id)))
      .returning({ id: courseDocuments.id });
    return rows.length > 0;
  },
  async text(db: DbOrTx, userId: number, id: number): Promise<DocumentText | undefined> {
    const [row] = await db
      .select({
        id: courseDocuments.id,
        title: courseDocuments.title,
        fileType: courseDocuments.fileType,
        content: courseDocuments.content,
        pages: courseDocuments.pages,
      })
      .from(courseDocuments)
      .where(and(eq(courseDocuments.userId, userId), eq(courseDocuments.id, id)));
    return row ? { source: "material", ...row, pages: row.pages ?? null } : undefined;
  },
};
