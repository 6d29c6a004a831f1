import type { FastifyInstance } from "fastify";
import { STUDY_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import { studyEndpoints } from "#shared/study/contract.ts";
import { acceptUpload, readUpload } from "../../integrations/documents/upload.ts";
import { route } from "../../lib/route.ts";
import { STUDY_UPLOADS } from "./study.service.ts";

const ok = { ok: true as const };

export async function studyRoutes(app: FastifyInstance) {
  const { study, settings } = app.services;
  route(app, studyEndpoints.listSets, ({ user }) => study.listSets(user.id));
  route(app, studyEndpoints.createSet, ({ user, body }) => study.createSet(user.id, body));
  route(app, studyEndpoints.updateSet, ({ user, params, body }) => study.updateSet(user.id, params.id, body));
  route(app, { ...studyEndpoints.updateSet, method: "PUT" }, ({ user, params, body }) =>
    study.updateSet(user.id, params.id, body),
  );
  route(app, studyEndpoints.removeSet, async ({ user, params }) => {
    await study.removeSet(user.id, params.id);
    return ok;
  });

  route(app, studyEndpoints.listDocuments, ({ user, params }) => study.listDocuments(user.id, params.id));
  route(app, studyEndpoints.createDocument, ({ user, params, body }) =>
    study.createDocument(user.id, params.id, body),
  );
  route(app, studyEndpoints.uploadDocument, async ({ user, params, req }) => {
    const { file, fields } = await readUpload(req, { accept: STUDY_UPLOAD_EXTENSIONS });
    await study.assertOwnSet(user.id, params.id);
    const accepted = await acceptUpload(req, file, STUDY_UPLOAD_EXTENSIONS, STUDY_UPLOADS);
    if ("document" in accepted)
      return study.addExtracted(user.id, params.id, fields.title ?? "", accepted.document);
    return study.addUpload(user.id, params.id, fields.title ?? "", file, accepted.later);
  });
  route(app, studyEndpoints.getDocument, ({ user, params }) => study.getDocument(user.id, params.id));
  route(app, studyEndpoints.renameDocument, ({ user, params, body }) =>
    study.renameDocument(user.id, params.id, body.title),
  );
  route(app, studyEndpoints.removeDocument, async ({ user, params }) => {
    await study.removeDocument(user.id, params.id);
    return ok;
  });

  // SPEC §7's call names no zone: the week then starts on Monday where the student is, not in UTC.
  route(app, studyEndpoints.stats, async ({ user, query }) =>
    study.stats(user.id, query.timeZone ?? (await settings.timeZone(user.id))),
  );
  route(app, studyEndpoints.focusStats, ({ user }) => study.focusStats(user.id));
  route(app, studyEndpoints.track, ({ user, body }) => study.recordSession(user.id, body));
  route(app, studyEndpoints.createSession, ({ user, body }) => study.recordSession(user.id, body));
}
