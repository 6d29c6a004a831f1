import type { FastifyBaseLogger } from "fastify";
import {
  type DocumentKind,
  type ExtractedDocument,
  titleOf,
  type UploadSurface,
} from "#server/integrations/documents/index.ts";
import type { UploadedFile } from "#server/integrations/documents/upload.ts";
import { MATERIAL_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import type { Infer } from "#shared/http.ts";
import type { DocumentText, MaterialType, materialEndpoints } from "#shared/materials/contract.ts";
import { DOCUMENT_TITLE_MAX } from "#shared/study/contract.ts";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { notFound } from "../../lib/errors.ts";
import { insertIndexed } from "../chat/indexed-insert.ts";
import type { RetrievalService } from "../chat/retrieval.service.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import { assertReadable, readStoredUpload, type StoredUploads, textOf } from "../study/stored-upload.ts";
import type { StudyService } from "../study/study.service.ts";
import { readMaterialJob } from "./materials.jobs.ts";
import { materialsRepo, type NewMaterial } from "./materials.repo.ts";

const storedUploads: StoredUploads = {
  pending: materialsRepo.pendingUpload,
  setProgress: materialsRepo.setProgress,
  finish: materialsRepo.finishUpload,
  fail: materialsRepo.failUpload,
};

/** SPEC §5: a material upload takes a file only, so a failure never tells the student to paste the text. */
export const MATERIAL_UPLOADS: UploadSurface = { pasteOffered: false };

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
  /** Uploads other than text files are read by a job (materials.jobs.ts). */
  jobs?: JobQueue;
}) {
  const { db, courses, retrieval, study, jobs } = deps;

  const insert = (userId: number, values: NewMaterial) =>
    insertIndexed(db, retrieval, userId, (tx) => materialsRepo.insert(tx, userId, values), {
      source: "material",
      courseId: values.courseId,
      content: values.content,
      pages: values.pages,
    });

  return {
    async list(userId: number, courseId?: number) {
      if (courseId) await courses.assertOwn(userId, courseId);
      return materialsRepo.list(db, userId, courseId);
    },
    async create(userId: number, input: CreateMaterial) {
      await courses.assertOwn(userId, input.courseId ?? null);
      return insert(userId, {
        courseId: input.courseId ?? null,
        title: (stripExtension(input.fileName) || input.fileName).slice(0, DOCUMENT_TITLE_MAX),
        type: input.type,
        content: input.content,
        fileType: "text",
        pages: null,
      });
    },
    /** Checked before extraction, so a file for someone else's course costs no parsing. */
    assertOwnCourse: (userId: number, courseId: number | null) => courses.assertOwn(userId, courseId),
    async addExtracted(
      userId: number,
      meta: { courseId: number | null; type: MaterialType; title: string },
      document: ExtractedDocument,
    ) {
      await courses.assertOwn(userId, meta.courseId);
      return insert(userId, {
        courseId: meta.courseId,
        title: (meta.title.trim() || document.title || "Untitled document").slice(0, DOCUMENT_TITLE_MAX),
        type: meta.type,
        ...textOf(document),
      });
    },
    /** An uploaded file a job reads: stored 'processing', its job enqueued in the same transaction. */
    async addUpload(
      userId: number,
      meta: { courseId: number | null; type: MaterialType; title: string },
      file: UploadedFile,
      kind: DocumentKind,
    ) {
      await courses.assertOwn(userId, meta.courseId);
      if (!jobs) throw new Error("materials: no job queue to read uploads with");
      const queue = jobs;
      return db.transaction(async (tx) => {
        const material = await materialsRepo.insert(tx, userId, {
          courseId: meta.courseId,
          title: (meta.title.trim() || titleOf(file.fileName)).slice(0, DOCUMENT_TITLE_MAX),
          type: meta.type,
          content: "",
          fileType: kind,
          pages: null,
          status: "processing",
          upload: file.bytes,
          uploadName: file.fileName,
        });
        await queue.enqueue(readMaterialJob, { userId, documentId: material.id }, { tx });
        return material;
      });
    },
    /** The job's work (materials.jobs.ts). */
    readUpload: (userId: number, documentId: number, opts: { lastTry: boolean; log: FastifyBaseLogger }) =>
      readStoredUpload({
        db,
        retrieval,
        store: storedUploads,
        source: "material",
        userId,
        documentId,
        accept: MATERIAL_UPLOAD_EXTENSIONS,
        surface: MATERIAL_UPLOADS,
        ...opts,
      }),
    async remove(userId: number, id: number): Promise<void> {
      if (!(await materialsRepo.remove(db, userId, id))) throw notFound("Document");
    },
    /** The viewer's text of a material or of a study-set document, the student's own only. */
    async text(userId: number, source: "material" | "study", id: number): Promise<DocumentText> {
      if (source === "study") {
        const doc = assertReadable(await study.getDocument(userId, id));
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
      const { status, ...text } = assertReadable(doc);
      return text;
    },
  };
}
export type MaterialsService = ReturnType<typeof createMaterialsService>;
