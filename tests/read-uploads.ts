import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { readMaterialJob } from "#server/features/materials/materials.jobs.ts";
import { readStudyDocumentJob } from "#server/features/study/study.jobs.ts";
import type { JobContext } from "#server/jobs/define.ts";

/**
 * Runs the handler of every waiting upload-reading job once, here and now, on an app whose role does not
 * work the queue (the test default, role 'web'): tests that upload a PDF read its text without waiting for
 * a worker. The handlers are idempotent, so a job already read is a no-op. The queue's own behaviour is
 * tested with a worker in study/document-jobs.test.ts.
 */
export async function readWaitingUploads(app: FastifyInstance) {
  for (const definition of [readStudyDocumentJob, readMaterialJob]) {
    for (const job of await app.jobs.jobs(definition)) {
      const ctx: JobContext = {
        services: app.services,
        log: app.log,
        signal: new AbortController().signal,
        jobId: job.id,
        retryCount: 0,
      };
      await definition.handler(definition.payload.parse(job.data), ctx);
    }
  }
}

/**
 * An upload's answer as the student ends up seeing it: a 'processing' document is read (above) and the
 * answer's body becomes the document as it then stands (its text, or status 'failed' and the message).
 */
export async function settledUpload(
  app: FastifyInstance,
  res: LightMyRequestResponse,
  read: (id: number) => Promise<unknown>,
): Promise<Pick<LightMyRequestResponse, "statusCode" | "json">> {
  if (res.statusCode !== 201 || res.json().status !== "processing") return res;
  await readWaitingUploads(app);
  const now = await read(res.json().id);
  return { statusCode: res.statusCode, json: (() => now) as LightMyRequestResponse["json"] };
}

/** A study document as its owner reads it now. */
export const studyDocumentNow =
  (app: FastifyInstance, headers: Record<string, string>) => async (id: number) =>
    (await app.inject({ method: "GET", url: `/api/study/documents/${id}`, headers })).json();

/** A course material as its owner's list shows it now. */
export const materialNow = (app: FastifyInstance, headers: Record<string, string>) => async (id: number) =>
  (await app.inject({ method: "GET", url: "/api/course-documents", headers }))
    .json()
    .find((m: { id: number }) => m.id === id);
