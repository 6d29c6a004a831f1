// Uploaded documents read by background jobs (issue 23): the upload answers at once with the document
// 'processing', a worker reads it (the real fixtures, the real extraction pool) and marks it 'ready' or
// 'failed'. pg-boss's TestClock holds the queue's time still, so workers fetch only when a test ticks it
// and a retry's backoff passes only when a test jumps the clock.
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Material } from "#shared/materials/contract.ts";
import type { StudyDocument, StudyDocumentSummary, StudySet } from "#shared/study/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { documentFixture, multipartForm } from "#tests/multipart-form.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { documentChunks, studyDocuments } from "../../db/schema/index.ts";
import type { JobContext } from "../../jobs/define.ts";
import { readMaterialJob } from "../materials/materials.jobs.ts";
import { GAVE_UP_MESSAGE } from "./stored-upload.ts";
import { readStudyDocumentJob } from "./study.jobs.ts";

// The readers can be made 'busy' (a transient failure) for the retry test; otherwise the real extraction.
const readers = vi.hoisted(() => ({ busy: false }));
vi.mock("#server/integrations/documents/upload.ts", async (original) => {
  const real = await original<typeof import("#server/integrations/documents/upload.ts")>();
  const { failure } = await import("#server/integrations/documents/types.ts");
  return {
    ...real,
    extractStoredUpload: (input: Parameters<typeof real.extractStoredUpload>[0]) =>
      readers.busy ? Promise.resolve(failure("extraction_busy")) : real.extractStoredUpload(input),
  };
});

const queueClock = new TestClock(Date.now());
let t: TestApp;
let ada: TestUser;
let bob: TestUser;
let set: StudySet;

beforeAll(async () => {
  t = await createTestApp({ role: "all", jobTuning: { clock: queueClock, pollingIntervalSeconds: 1 } });
  await t.app.jobs.workersStarted();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
  set = (
    await t.app.inject({
      method: "POST",
      url: "/api/study/sets",
      headers: ada.headers,
      payload: { title: "Bio" },
    })
  ).json();
});
afterAll(() => t?.close());

const upload = async (who: TestUser, fileName: string) => {
  const form = multipartForm([{ name: "file", fileName, data: documentFixture(fileName) }]);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/study/sets/${set.id}/documents/upload`,
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as StudyDocument;
};
const documentOf = (who: TestUser, id: number) =>
  t.app.inject({ method: "GET", url: `/api/study/documents/${id}`, headers: who.headers });

/** Lets the workers poll (one queue second per turn) until `done` holds; the handlers run in real time. */
async function work<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await queueClock.tick(1000);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the job did not finish");
}
const settled = (who: TestUser, id: number) =>
  work(
    async () => (await documentOf(who, id)).json() as StudyDocument,
    (d) => d.status !== "processing",
  );

const ctx = (retryCount = 0): JobContext => ({
  services: t.app.services,
  log: t.app.log,
  signal: new AbortController().signal,
  jobId: "test",
  retryCount,
});

describe("an uploaded PDF", () => {
  it("answers at once as 'processing', then a worker reads it and it is 'ready' with its pages", async () => {
    const doc = await upload(ada, "cell-biology.pdf");
    expect(doc).toMatchObject({
      title: "cell-biology",
      fileType: "pdf",
      status: "processing",
      progress: null,
      error: null,
      content: "",
      pages: null,
    });
    // Enqueued with the row, in its transaction.
    const [job] = (await t.app.jobs.jobs(readStudyDocumentJob)).filter(
      (j) => (j.data as { documentId: number }).documentId === doc.id,
    );
    expect(job?.data).toEqual({ userId: ada.user.id, documentId: doc.id });

    const ready = await settled(ada, doc.id);
    expect(ready).toMatchObject({ status: "ready", error: null, progress: null, fileType: "pdf" });
    expect(ready.pages?.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(ready.content).toContain("A good example is the muscle cell");
    const list = await t.app.inject({
      method: "GET",
      url: `/api/study/sets/${set.id}/documents`,
      headers: ada.headers,
    });
    expect(list.json().find((d: StudyDocumentSummary) => d.id === doc.id)).toMatchObject({ status: "ready" });
    // Chunked for the assistant when it became ready, and the stored file is gone.
    expect((await t.app.db.select().from(documentChunks)).some((c) => c.studyDocumentId === doc.id)).toBe(
      true,
    );
    const [row] = await t.app.db.select().from(studyDocuments).where(eq(studyDocuments.id, doc.id));
    expect(row?.upload).toBeNull();
    await work(
      () => t.app.jobs.job(readStudyDocumentJob, job!.id),
      (j) => j?.state === "completed",
    );
  });

  it("shows the pages read so far while it is processing", async () => {
    const doc = await upload(ada, "cell-biology.pdf");
    await t.app.db
      .update(studyDocuments)
      .set({ progressDone: 2, progressTotal: 4 })
      .where(eq(studyDocuments.id, doc.id));
    expect((await documentOf(ada, doc.id)).json().progress).toEqual({ done: 2, total: 4 });
    const { extractStoredUpload } = await import("#server/integrations/documents/upload.ts");
    const seen: { done: number; total: number }[] = [];
    const read = await extractStoredUpload({
      bytes: documentFixture("cell-biology.pdf"),
      fileName: "cell-biology.pdf",
      accept: [".pdf"],
      owner: "test",
      onProgress: (p) => seen.push(p),
    });
    expect(read.ok).toBe(true);
    expect(seen).toEqual([0, 1, 2, 3, 4].map((done) => ({ done, total: 4 })));
    await settled(ada, doc.id);
  });

  it("is read once: the job rerun on a ready document changes nothing", async () => {
    const doc = await upload(ada, "cell-biology.pdf");
    const ready = await settled(ada, doc.id);
    const chunks = async () =>
      (await t.app.db.select().from(documentChunks)).filter((c) => c.studyDocumentId === doc.id).length;
    const before = await chunks();
    const payload = { userId: ada.user.id, documentId: doc.id };
    expect(await readStudyDocumentJob.handler(payload, ctx())).toEqual({ status: "skipped" });
    expect((await documentOf(ada, doc.id)).json()).toEqual(ready);
    expect(await chunks()).toBe(before);
    // Nor does it run for a document that was removed meanwhile.
    await t.app.inject({ method: "DELETE", url: `/api/study/documents/${doc.id}`, headers: ada.headers });
    expect(await readStudyDocumentJob.handler(payload, ctx())).toEqual({ status: "skipped" });
  });

  it("is 'failed' with the student's message when it cannot be read, and is not retried", async () => {
    for (const [name, error] of [
      [
        "scanned.pdf",
        "We could not find any text in this PDF, not even in its scanned pages. Paste the text instead.",
      ],
      ["truncated.pdf", "We could not read this file. It may be damaged."],
    ] as const) {
      const doc = await upload(ada, name);
      expect(doc.status).toBe("processing");
      expect(await settled(ada, doc.id)).toMatchObject({ status: "failed", error, content: "" });
      const [job] = (await t.app.jobs.jobs(readStudyDocumentJob)).filter(
        (j) => (j.data as { documentId: number }).documentId === doc.id,
      );
      const done = await work(
        () => t.app.jobs.job(readStudyDocumentJob, job!.id),
        (j) => j?.state === "completed",
      );
      expect(done?.retryCount).toBe(0);
      // A failed document can be removed.
      const removed = await t.app.inject({
        method: "DELETE",
        url: `/api/study/documents/${doc.id}`,
        headers: ada.headers,
      });
      expect(removed.json()).toEqual({ ok: true });
    }
  });

  it("is retried with backoff while the readers are busy, then failed and dead-lettered", async () => {
    readers.busy = true;
    try {
      const doc = await upload(ada, "cell-biology.pdf");
      const [job] = (await t.app.jobs.jobs(readStudyDocumentJob)).filter(
        (j) => (j.data as { documentId: number }).documentId === doc.id,
      );
      const retries: number[] = [];
      const failed = await work(
        async () => {
          const j = await t.app.jobs.job(readStudyDocumentJob, job!.id);
          if (j && j.state === "retry") {
            if (retries.at(-1) !== j.retryCount) retries.push(j.retryCount);
            // Past the longest backoff (10 minutes), without firing every poll on the way.
            await queueClock.setTime(queueClock.now() + 11 * 60_000);
          }
          return j;
        },
        (j) => j?.state === "failed",
      );
      expect(failed?.retryCount).toBe(3);
      // Failed runs 1-3 waited (backoff) as 'retry'; the fourth failure was the last.
      expect(retries).toEqual([0, 1, 2]);
      expect((await documentOf(ada, doc.id)).json()).toMatchObject({
        status: "failed",
        error: GAVE_UP_MESSAGE,
      });
      const dead = await work(
        () => t.app.jobs.jobs(readStudyDocumentJob, { deadLettered: true }),
        (jobs) => jobs.some((j) => j.sourceId === job!.id),
      );
      expect(dead.find((j) => j.sourceId === job!.id)?.data).toEqual({
        userId: ada.user.id,
        documentId: doc.id,
      });
    } finally {
      readers.busy = false;
    }
  });

  it("is another student's to see: not the document, nor its status, nor its job's work", async () => {
    const doc = await upload(ada, "cell-biology.pdf");
    expect((await documentOf(bob, doc.id)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/study/sets/${set.id}/documents`,
      headers: bob.headers,
    });
    expect(list.statusCode).toBe(404);
    // A job naming the wrong owner reads nothing.
    expect(await readStudyDocumentJob.handler({ userId: bob.user.id, documentId: doc.id }, ctx())).toEqual({
      status: "skipped",
    });
    await settled(ada, doc.id);
    expect((await documentOf(bob, doc.id)).statusCode).toBe(404);
  });

  it("cannot be summarized or drafted from while it is processing", async () => {
    const doc = await upload(ada, "cell-biology.pdf");
    const text = await t.app.inject({
      method: "GET",
      url: `/api/document-text/study/${doc.id}`,
      headers: ada.headers,
    });
    expect(text.statusCode).toBe(409);
    expect(text.json().error).toBe("This document is still being read. Try again when it is ready.");
    await settled(ada, doc.id);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/document-text/study/${doc.id}`, headers: ada.headers }))
        .statusCode,
    ).toBe(200);
  });
});

describe("an uploaded course material", () => {
  const uploadMaterial = async (who: TestUser, fileName: string) => {
    const form = multipartForm([{ name: "file", fileName, data: documentFixture(fileName) }]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/upload-document/file",
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Material;
  };
  const materialOf = async (who: TestUser, id: number) =>
    (
      (
        await t.app.inject({ method: "GET", url: "/api/course-documents", headers: who.headers })
      ).json() as Material[]
    ).find((m) => m.id === id);

  it("is read the same way: 'processing', then 'ready' or 'failed', and only its owner sees it", async () => {
    const mat = await uploadMaterial(ada, "lecture-slides.pptx");
    expect(mat).toMatchObject({ status: "processing", fileType: "pptx", title: "lecture-slides" });
    expect(await materialOf(bob, mat.id)).toBeUndefined();
    const ready = await work(
      () => materialOf(ada, mat.id),
      (m) => m?.status === "ready",
    );
    expect(ready?.content.length).toBeGreaterThan(0);
    expect(await readMaterialJob.handler({ userId: ada.user.id, documentId: mat.id }, ctx())).toEqual({
      status: "skipped",
    });

    const scan = await uploadMaterial(ada, "scanned.pdf");
    expect(
      await work(
        () => materialOf(ada, scan.id),
        (m) => m?.status !== "processing",
      ),
    ).toMatchObject({
      status: "failed",
      // A material upload takes a file only: no advice to paste (documents/types.ts forSurface).
      error:
        "We could not find any text in this PDF, not even in its scanned pages. Upload a copy whose text can be selected, or a Word or text file.",
    });
  });
});
