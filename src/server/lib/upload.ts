import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { MAX_UPLOAD_BYTES } from "#shared/constants.ts";

/** One file and a few short fields (title, course, type) per upload. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024 * 1024,
  parts: 11,
} as const;

/**
 * Lets every route read multipart uploads (integrations/documents/upload.ts readUpload); buildApp
 * registers it once.
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
}
