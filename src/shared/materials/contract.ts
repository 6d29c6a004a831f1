import { z } from "zod";
import { MATERIAL_TYPES } from "../constants.ts";
import { claimedUserId, claimedUserIdParam, endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbId, dbIdParam, requiredText, safeText } from "../schema-primitives.ts";
import { documentProcessingFields, PASTED_CONTENT_MAX } from "../study/contract.ts";

export const materialTypeSchema = z.enum(MATERIAL_TYPES, "Material type must be one of the listed types");
export type MaterialType = z.infer<typeof materialTypeSchema>;

const pageSchema = z.object({ page: z.int(), start: z.int(), end: z.int() });

/** SPEC §3 Document (course materials); in a list `content` is the §9 100-character preview. */
export const materialSchema = z.object({
  id: z.int(),
  userId: z.int(),
  courseId: z.int().nullable(),
  title: z.string(),
  type: materialTypeSchema,
  content: z.string(),
  fileType: z.string(),
  createdAt: z.string(),
  ...documentProcessingFields,
});
export type Material = z.infer<typeof materialSchema>;

/** One document's whole text with its pages (PDF) or slides (PPTX), for the viewer. */
export const documentTextSchema = z.object({
  source: z.enum(["material", "study"]),
  id: z.int(),
  title: z.string(),
  fileType: z.string(),
  content: z.string(),
  pages: z.array(pageSchema).nullable(),
});
export type DocumentText = z.infer<typeof documentTextSchema>;

const courseIdField = dbIdParam("Course must be a course id");

export const listMaterialsQuerySchema = z.object({
  userId: claimedUserIdParam,
  courseId: courseIdField.optional(),
});

/** SPEC §7 POST /api/upload-document: pasted text as JSON. */
export const uploadMaterialSchema = z.object({
  userId: claimedUserId,
  fileName: safeText("File name is required").trim().min(1, "File name is required").max(300),
  content: requiredText("Document content is required").max(
    PASTED_CONTENT_MAX,
    "This text is too long to paste. Upload it as a file instead.",
  ),
  courseId: dbId("Course must be a course id").nullish(),
  type: materialTypeSchema.default("reading"),
});

/** The text fields of the multipart upload (strings, as forms send them). */
export const materialUploadFieldsSchema = z.object({
  userId: claimedUserIdParam,
  courseId: z
    .string()
    .optional()
    .transform((v) => (v && v !== "all" ? Number(v) : null))
    .refine((v) => v === null || (Number.isInteger(v) && v > 0), "Course must be a course id"),
  type: materialTypeSchema.default("reading"),
  title: z.string().max(300).optional(),
});

export const materialEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/course-documents",
    query: listMaterialsQuerySchema,
    response: z.array(materialSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/upload-document",
    body: uploadMaterialSchema,
    response: materialSchema,
    status: 201,
  }),
  upload: endpoint({
    method: "POST",
    path: "/api/upload-document/file",
    response: materialSchema,
    status: 201,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/documents/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  /** The viewer: a material's or a study document's full text by page. */
  text: endpoint({
    method: "GET",
    path: "/api/document-text/:source/:id",
    params: z.object({ source: z.enum(["material", "study"]), id: dbIdParam() }),
    response: documentTextSchema,
  }),
};
