import type { FastifyInstance } from "fastify";
import { MATERIAL_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import { materialEndpoints, materialUploadFieldsSchema } from "#shared/materials/contract.ts";
import { acceptUpload, readUpload } from "../../integrations/documents/upload.ts";
import { badRequest } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { MATERIAL_UPLOADS } from "./materials.service.ts";

export async function materialsRoutes(app: FastifyInstance) {
  const { materials } = app.services;
  route(app, materialEndpoints.list, ({ user, query }) => materials.list(user.id, query.courseId));
  route(app, materialEndpoints.create, ({ user, body }) => materials.create(user.id, body));
  route(app, materialEndpoints.upload, async ({ user, req }) => {
    const { file, fields } = await readUpload(req, { accept: MATERIAL_UPLOAD_EXTENSIONS });
    const parsed = materialUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid upload fields");
    const meta = { courseId: parsed.data.courseId, type: parsed.data.type, title: parsed.data.title ?? "" };
    await materials.assertOwnCourse(user.id, meta.courseId);
    const accepted = await acceptUpload(req, file, MATERIAL_UPLOAD_EXTENSIONS, MATERIAL_UPLOADS);
    if ("document" in accepted) return materials.addExtracted(user.id, meta, accepted.document);
    return materials.addUpload(user.id, meta, file, accepted.later);
  });
  route(app, materialEndpoints.remove, async ({ user, params }) => {
    await materials.remove(user.id, params.id);
    return { ok: true as const };
  });
  route(app, materialEndpoints.text, ({ user, params }) => materials.text(user.id, params.source, params.id));
}
