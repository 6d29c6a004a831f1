import type { ExtractedDocument } from "#server/integrations/documents/index.ts";
import type { Infer } from "#shared/http.ts";
import type { DocumentText, MaterialType, materialEndpoints } from "#shared/materials.ts";
import { DOCUMENT_TITLE_MAX } from "#shared/study.ts";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { RetrievalService } from "../chat/retrieval.service.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import type { StudyService } from "../study/study.service.ts";
import { pageRanges } from "../study/study-text.ts";
import { materialsRepo, type NewMaterial } from "./materials.repo.ts";

type CreateMaterial = Infer<(typeof materialEndpoints.create)["body"]>;

/** PostgreSQL program_limit_exceeded (54000): a search vector over its 1 MB limit. */
function isProgramLimit(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  while (e && e.code !== "54000" && e.cause) e = e.cause as typeof e;
  return e?.code === "54000";
}

const stripExtension = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, "").trim();

/**
 * Course materials (SPEC §2.14), per student: each one is chunked for retrieval in the same
 * transaction, so a listed material is always one the assistant can cite.
 */
export function createMaterialsService(deps: {
  db: Db;
  courses: CoursesService;
  retrieval: RetrievalService;
  study: StudyService;
}) {
  const { db, courses, retrieval, study } = deps;

  async function insert(userId: number, values: NewMaterial, upload: boolean) {
    try {
      return await db.transaction(async (tx) => {
        const material = await materialsRepo.insert(tx, userId, values);
        await retrieval.index(
          userId,
          {
            source: "material",
            documentId: material.id,
            courseId: values.courseId,
            content: values.content,
            pages: values.pages,
          },
          tx,
        );
        return material;
      });
    } catch (err) {
      if (!isProgramLimit(err)) throw err;
      throw new AppError(
        422,
        upload ? "file_too_complex" : "unprocessable",
        "This text is too long to keep as one document. Split it into smaller parts and add them one by one.",
      );
    }
  }

  return {
    async list(userId: number, courseId?: number) {
      if (courseId) await courses.assertOwn(userId, courseId);
      return materialsRepo.list(db, userId, courseId);
    },
    async create(userId: number, input: CreateMaterial) {
      await courses.assertOwn(userId, input.courseId ?? null);
      return insert(
        userId,
        {
          courseId: input.courseId ?? null,
          title: (stripExtension(input.fileName) || input.fileName).slice(0, DOCUMENT_TITLE_MAX),
          type: input.type,
          content: input.content,
          fileType: "text",
          pages: null,
        },
        false,
      );
    },
    /** Checked before extraction, so a file for someone else's course costs no parsing. */
    assertOwnCourse: (userId: number, courseId: number | null) => courses.assertOwn(userId, courseId),
    async addExtracted(
      userId: number,
      meta: { courseId: number | null; type: MaterialType; title: string },
      document: ExtractedDocument,
    ) {
      await courses.assertOwn(userId, meta.courseId);
      const paged = document.kind === "pdf" || document.kind === "pptx";
      return insert(
        userId,
        {
          courseId: meta.courseId,
          title: (meta.title.trim() || document.title || "Untitled document").slice(0, DOCUMENT_TITLE_MAX),
          type: meta.type,
          content: document.text,
          fileType: document.kind,
          pages: paged ? pageRanges(document.pages) : null,
        },
        true,
      );
    },
    async remove(userId: number, id: number): Promise<void> {
      if (!(await materialsRepo.remove(db, userId, id))) throw notFound("Document");
    },
    /** The viewer's text of a material or of a study-set document, the student's own only. */
    async text(userId: number, source: "material" | "study", id: number): Promise<DocumentText> {
      if (source === "study") {
        const doc = await study.getDocument(userId, id);
        return {
          source,
          id: doc.id,
          title: doc.title,
          fileType: doc.fileType,
          content: doc.content,
          pages: doc.pages,
        };
      }
      const doc = await materialsRepo.text(db, userId, id);
      if (!doc) throw notFound("Document");
      return doc;
    },
  };
}
export type MaterialsService = ReturnType<typeof createMaterialsService>;
