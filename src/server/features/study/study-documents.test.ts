import { beforeAll, describe, expect, it } from "vitest";
import { INLINE_TEXT_BYTES } from "#server/integrations/documents/index.ts";
import type { StudyDocument, StudyDocumentSummary, StudySet } from "#shared/study/contract.ts";
import { createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { documentFixture, type FormPart, multipartForm } from "#tests/multipart-form.ts";
import { settledUpload, studyDocumentNow } from "#tests/read-uploads.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
let set: StudySet;
let bobSet: StudySet;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
  set = await createStudySet(t.app, { owner: ada, title: "Bio" });
  bobSet = await createStudySet(t.app, { owner: bob, title: "Bio" });
});

/** The upload's answer; a file read in the background is read and the body is the document as it ends. */
const upload = async (who: TestUser | null, setId: number, parts: FormPart[]) => {
  const form = multipartForm(parts);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/study/sets/${setId}/documents/upload`,
    headers: { ...(who?.headers ?? {}), ...form.headers },
    payload: form.payload,
  });
  return settledUpload(t.app, res, studyDocumentNow(t.app, who?.headers ?? {}));
};
const file = (fileName: string, data = documentFixture(fileName)): FormPart => ({
  name: "file",
  fileName,
  data,
});

describe("POST /api/study/sets/:id/documents/upload", () => {
  it("extracts a PDF's text and keeps where each page lies in it", async () => {
    const res = await upload(ada, set.id, [{ name: "title", value: "" }, file("cell-biology.pdf")]);
    expect(res.statusCode).toBe(201);
    const doc: StudyDocument = res.json();
    expect(doc).toMatchObject({
      title: "cell-biology",
      fileType: "pdf",
      summary: null,
      studySetId: set.id,
      status: "ready",
      error: null,
    });
    expect(doc.pages?.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    const page2 = doc.pages![1]!;
    expect(doc.content.slice(page2.start, page2.end)).toContain("A good example is the muscle cell");
    const page4 = doc.pages![3]!;
    expect(doc.content.slice(page4.start, page4.end)).toContain("Study tip from the café session");
    expect(doc.content.slice(page4.start, page4.end)).not.toContain("muscle cell");
  });

  it("reads a scanned PDF by OCR, page by page, and a photo of notes as page 1; a blank photo ends 'failed'", async () => {
    const scan = await upload(ada, set.id, [file("scanned-notes.pdf")]);
    expect(scan.statusCode).toBe(201);
    const doc: StudyDocument = scan.json();
    expect(doc).toMatchObject({ title: "scanned-notes", fileType: "pdf" });
    expect(doc.pages?.map((p) => p.page)).toEqual([1, 2]);
    const [page1, page2] = doc.pages!.map((p) => doc.content.slice(p.start, p.end));
    expect(page1).toContain("Plants capture light energy in the chloroplasts.");
    expect(page1).not.toContain("Mitochondria");
    expect(page2).toContain("Mitochondria release the energy stored in glucose.");
    const photo = await upload(ada, set.id, [file("notes-photo.png")]);
    expect(photo.statusCode).toBe(201);
    expect(photo.json()).toMatchObject({ title: "notes-photo", fileType: "image" });
    expect(photo.json().content).toContain("Osmosis is the diffusion of water");
    const blank = await upload(ada, set.id, [file("blank.png")]);
    expect(blank.json()).toMatchObject({
      status: "failed",
      error:
        "We could not find any text in this image. Try a sharper, brighter photo, or paste the text instead.",
    });
  });

  it("reads a DOCX with its list items, and UTF-8 Markdown and text with a BOM", async () => {
    const docx = await upload(ada, set.id, [{ name: "title", value: "  Guide  " }, file("study-guide.docx")]);
    expect(docx.statusCode).toBe(201);
    expect(docx.json()).toMatchObject({ title: "Guide", fileType: "docx", pages: null });
    expect(docx.json().content).toContain("Nucleus | Stores DNA");
    const md = await upload(ada, set.id, [file("notes.md")]);
    expect(md.json()).toMatchObject({ title: "notes", fileType: "md" });
    const txt = await upload(ada, set.id, [file("notes-bom.txt")]);
    expect(txt.statusCode).toBe(201);
    expect(txt.json().content.charCodeAt(0)).not.toBe(0xfeff);
    expect(txt.json().fileType).toBe("txt");
  });

  it("answers each file it can tell is unreadable at once with its status and what to do", async () => {
    const cases: Array<[FormPart, number, string]> = [
      [file("notes.pdf", Buffer.from("Lecture 3 notes, saved as plain text")), 422, "file_corrupt"],
      [file("empty.txt", Buffer.alloc(0)), 422, "file_empty"],
      [
        file("binary.txt", Buffer.from([0x00, 0x01, 0x02, 0x89, 0x50, 0x4e, 0x47, 0x00])),
        422,
        "not_plain_text",
      ],
      [file("lecture-slides.pptx"), 415, "unsupported_file_type"],
      [file("study-guide.doc"), 415, "unsupported_file_type"],
      [file("big.pdf", Buffer.alloc(20 * 1024 * 1024 + 1, 0x20)), 413, "file_too_large"],
    ];
    for (const [part, status, code] of cases) {
      const res = await upload(ada, set.id, [part]);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const none = await upload(ada, set.id, [{ name: "title", value: "x" }]);
    expect(none.statusCode).toBe(400);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/study/sets/${set.id}/documents`,
      headers: ada.headers,
    });
    expect(
      list
        .json()
        .every((d: StudyDocumentSummary) => ["pdf", "docx", "md", "txt", "image"].includes(d.fileType)),
    ).toBe(true);
  });

  it("keeps a PDF it could not read as 'failed' with the message for the student", async () => {
    const cases: Array<[string, string]> = [
      [
        "scanned.pdf",
        "We could not find any text in this PDF, not even in its scanned pages. Paste the text instead.",
      ],
      ["truncated.pdf", "We could not read this file. It may be damaged."],
      ["protected.pdf", "This PDF is password-protected. Remove the password and upload it again."],
    ];
    for (const [name, error] of cases) {
      const res = await upload(ada, set.id, [file(name)]);
      expect(res.statusCode, name).toBe(201);
      expect(res.json(), name).toMatchObject({ status: "failed", error, content: "", progress: null });
    }
  });

  it("suggests pasting the text instead of a file too large to read: the dialog takes pasted text", async () => {
    const res = await upload(ada, set.id, [file("huge.txt", Buffer.alloc(INLINE_TEXT_BYTES + 1, 0x61))]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "file_too_complex",
      error: "This file is too large or complex to read. Try a smaller file or paste the text instead.",
    });
  });

  it("answers 404 for another student's set, 403 for another userId field, 401 without a session", async () => {
    expect((await upload(ada, bobSet.id, [file("notes.md")])).statusCode).toBe(404);
    expect((await upload(ada, 999_999, [file("notes.md")])).statusCode).toBe(404);
    const spoof = await upload(ada, set.id, [
      { name: "userId", value: String(bob.user.id) },
      file("notes.md"),
    ]);
    expect(spoof.statusCode).toBe(403);
    expect((await upload(null, set.id, [file("notes.md")])).statusCode).toBe(401);
  });
});

describe("pasted documents, open, rename, delete", () => {
  const call = (
    who: TestUser | null,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

  it("stores pasted text, lists a preview and answers the whole text when opened", async () => {
    const own = await createStudySet(t.app, { owner: ada, title: "Paste" });
    const long = `Photosynthesis\n\n${"Light reactions make ATP. ".repeat(40)}The end.`;
    const res = await call(ada, "POST", `/api/study/sets/${own.id}/documents`, { title: "", content: long });
    expect(res.statusCode).toBe(201);
    const doc: StudyDocument = res.json();
    expect(doc).toMatchObject({ title: "Photosynthesis", fileType: "text", content: long, pages: null });
    const named = await call(ada, "POST", `/api/study/sets/${own.id}/documents`, {
      title: " Week 2 ",
      content: "Ферменты — enzymes 酶",
    });
    expect(named.json()).toMatchObject({ title: "Week 2", content: "Ферменты — enzymes 酶" });

    const list = await call(ada, "GET", `/api/study/sets/${own.id}/documents`);
    expect(list.statusCode).toBe(200);
    const [first, second] = list.json() as StudyDocumentSummary[];
    expect(first).toMatchObject({ title: "Week 2", truncated: false });
    expect(second).toMatchObject({ title: "Photosynthesis", truncated: true });
    expect(second!.content).toBe(long.slice(0, 400));

    const open = await call(ada, "GET", `/api/study/documents/${doc.id}`);
    expect(open.json().content).toBe(long);
    const renamed = await call(ada, "PATCH", `/api/study/documents/${doc.id}`, { title: "  Light  " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe("Light");
    expect((await call(ada, "DELETE", `/api/study/documents/${doc.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, "GET", `/api/study/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it("keeps a text of a million characters of codes, and answers 400 past the paste limit", async () => {
    const words: string[] = [];
    for (let n = 0; n < 999_000; n += 8) words.push(Math.random().toString(36).slice(2, 9).padEnd(7, "q"));
    const codes = words.join(" ").slice(0, 1_000_000);
    const res = await call(ada, "POST", `/api/study/sets/${set.id}/documents`, { content: codes });
    expect(res.statusCode).toBe(201);
    expect((await call(ada, "GET", `/api/study/documents/${res.json().id}`)).json().content).toBe(codes);
    await call(ada, "DELETE", `/api/study/documents/${res.json().id}`);
    const tooLong = await call(ada, "POST", `/api/study/sets/${set.id}/documents`, {
      content: "a".repeat(1_000_001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe("This text is too long to paste. Upload it as a file instead.");
  });

  it("validates content and titles", async () => {
    for (const [body, error] of [
      [{ title: "A" }, "Document content is required"],
      [{ content: "  \n " }, "Document content is required"],
      [{ content: "x", title: "t".repeat(301) }, "Document title must be at most 300 characters"],
    ] as const) {
      const res = await call(ada, "POST", `/api/study/sets/${set.id}/documents`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const doc = (await call(ada, "POST", `/api/study/sets/${set.id}/documents`, { content: "x" })).json();
    const blank = await call(ada, "PATCH", `/api/study/documents/${doc.id}`, { title: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe("Document title is required");
  });

  it("treats another student's set or document as missing, and needs a session", async () => {
    const doc = (await call(ada, "POST", `/api/study/sets/${set.id}/documents`, { content: "mine" })).json();
    expect((await call(bob, "GET", `/api/study/sets/${set.id}/documents`)).statusCode).toBe(404);
    expect(
      (await call(bob, "POST", `/api/study/sets/${set.id}/documents`, { content: "x" })).statusCode,
    ).toBe(404);
    expect((await call(bob, "GET", `/api/study/documents/${doc.id}`)).statusCode).toBe(404);
    expect(
      (await call(bob, "PATCH", `/api/study/documents/${doc.id}`, { title: "Mine now" })).statusCode,
    ).toBe(404);
    expect((await call(bob, "DELETE", `/api/study/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await call(ada, "GET", `/api/study/documents/${doc.id}`)).json().title).toBe("mine");
    expect((await call(null, "GET", `/api/study/sets/${set.id}/documents`)).statusCode).toBe(401);
    expect((await call(null, "GET", `/api/study/documents/${doc.id}`)).statusCode).toBe(401);
    expect(
      (await call(null, "POST", `/api/study/sets/${set.id}/documents`, { content: "x" })).statusCode,
    ).toBe(401);
    expect((await call(ada, "GET", "/api/study/documents/0")).statusCode).toBe(400);
  });
});
