import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, STUDY_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import { documentFixture, type FormPart, multipartForm } from "#tests/multipart-form.ts";
import { registerUploads } from "../../lib/upload.ts";
import { registerErrorHandler } from "../../plugins/errors.ts";
import { extractDocument, extractionError } from "./index.ts";
import { readUpload } from "./upload.ts";

// The routes exist only in this test: the study, materials and summarize routes read files like this one.
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  await registerUploads(app);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (req) => {
    req.user = { id: 7, sessionId: 1 };
  });
  app.post("/upload", async (req) => {
    const { file, fields } = await readUpload(req, { accept: STUDY_UPLOAD_EXTENSIONS });
    const result = await extractDocument({ ...file, accept: STUDY_UPLOAD_EXTENSIONS });
    if (!result.ok) throw extractionError(result.failure);
    const { document } = result;
    return { title: fields.title || document.title, kind: document.kind, pages: document.pages, fields };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

const upload = (parts: FormPart[]) => app.inject({ method: "POST", url: "/upload", ...multipartForm(parts) });

describe("readUpload", () => {
  it("reads the file and the text fields around it", async () => {
    const res = await upload([
      { name: "title", value: "Week 1 notes" },
      {
        name: "file",
        fileName: "cell-biology.pdf",
        type: "application/pdf",
        data: documentFixture("cell-biology.pdf"),
      },
      { name: "courseId", value: "12" },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ title: "Week 1 notes", kind: "pdf", fields: { courseId: "12" } });
    expect(body.pages[1].text).toContain("A good example is the muscle cell");
  });

  it("answers 415 for a type outside the accepted list, before reading the file", async () => {
    const res = await upload([
      { name: "file", fileName: "slides.pptx", data: documentFixture("lecture-slides.pptx") },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: "unsupported_file_type",
      error: "This file type is not supported. Upload a .pdf, .txt, .docx, .md, .png, .jpg or .jpeg file.",
    });
  });

  it("answers 415 for a request that is not multipart", async () => {
    const res = await app.inject({ method: "POST", url: "/upload", payload: { file: "x" } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe("Send the file as multipart/form-data.");
  });

  it("answers 400 when no file was sent, or two were", async () => {
    const none = await upload([{ name: "title", value: "Only a title" }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe("Choose a file to upload.");
    const two = await upload([
      { name: "file", fileName: "a.md", data: documentFixture("notes.md") },
      { name: "file2", fileName: "b.md", data: documentFixture("notes.md") },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toBe("Send one file per upload.");
  });

  it("answers 400 for a body cut off mid-file", async () => {
    const { payload, headers } = multipartForm([
      { name: "file", fileName: "a.pdf", data: documentFixture("cell-biology.pdf") },
    ]);
    const res = await app.inject({
      method: "POST",
      url: "/upload",
      headers,
      payload: payload.subarray(0, 1500),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/incomplete or malformed/);
  });

  it("answers 422 with what to do for a scan or a damaged .pdf, and reads a photo named .pdf", async () => {
    const scan = await upload([{ name: "file", fileName: "scan.pdf", data: documentFixture("scanned.pdf") }]);
    expect(scan.statusCode).toBe(422);
    expect(scan.json()).toMatchObject({
      code: "pdf_no_text",
      error: "We could not find any text in this PDF, not even in its scanned pages. Paste the text instead.",
    });
    const notPdf = await upload([
      { name: "file", fileName: "notes.pdf", data: documentFixture("notes.txt") },
    ]);
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json()).toMatchObject({
      code: "file_corrupt",
      error: "We could not read this file. It may be damaged.",
    });
    // A phone's photo saved with a .pdf name is read as the photo it is.
    const photo = await upload([
      { name: "file", fileName: "photo.pdf", data: documentFixture("notes-photo.png") },
    ]);
    expect(photo.statusCode).toBe(200);
    expect(photo.json()).toMatchObject({ kind: "image", title: "photo" });
  });

  it("answers 403 for a userId field that is not the caller's", async () => {
    const res = await upload([
      { name: "userId", value: "8" },
      { name: "file", fileName: "notes.md", data: documentFixture("notes.md") },
    ]);
    expect(res.statusCode).toBe(403);
    const own = await upload([
      { name: "userId", value: "7" },
      { name: "file", fileName: "notes.md", data: documentFixture("notes.md") },
    ]);
    expect(own.statusCode).toBe(200);
  });

  it("answers 413 for a file over 20 MB, also to a client on a real socket", async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41);
    const injected = await upload([{ name: "file", fileName: "big.txt", data: big }]);
    expect(injected.statusCode).toBe(413);
    expect(injected.json()).toMatchObject({
      code: "file_too_large",
      error: expect.stringContaining("20 MB"),
    });

    const body = new FormData();
    body.append("title", "Too big");
    body.append("file", new Blob([big]), "big.txt");
    const address = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${address.port}/upload`, { method: "POST", body });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("file_too_large");
  });

  it("answers 415 to a client on a real socket that is still sending a large file", async () => {
    const body = new FormData();
    body.append("file", new Blob([Buffer.alloc(5 * 1024 * 1024, 1)]), "video.mp4");
    const address = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${address.port}/upload`, { method: "POST", body });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe("unsupported_file_type");
  });
});
