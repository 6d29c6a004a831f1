import type { ExtractedDocument } from "#server/integrations/documents/index.ts";
import type { Infer } from "#shared/http.ts";
import type { DocumentText, MaterialType, materialEndpoints } from "#shared/materials/contract.ts";
import { DOCUMENT_TITLE_MAX } from "#shared/study/contract.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { insertIndexed } from "../chat/indexed-insert.ts";
import type { RetrievalService } from "../chat/retrieval.service.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import type { StudyService } from "../study/study.service.ts";
import { pageRanges } from "../study/study-text.ts";
import { materialsRepo, type NewMaterial } from "./materials.repo.ts";

type CreateMaterial = Infer<(typeof materialEndpoints.create)["body"]>;

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

  const insert = (userId: number, values: NewMaterial, upload: boolean) =>
    insertIndexed(
      db,
      retrieval,
      userId,
      (tx) => materialsRepo.insert(tx, userId, values),
      { source: "material", courseId: values.courseId, content: values.content, pages: values.pages },
      upload,
    );

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
