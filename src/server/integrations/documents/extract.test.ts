import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { MATERIAL_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES, STUDY_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import { docxBomb, manyPagesPdf, pdfBomb, pptxBomb } from "#tests/fixtures/bombs.ts";
import { MIN_HEAP_MB } from "../../lib/worker-pool.ts";
import {
  createExtractionPool,
  type ExtractedDocument,
  type ExtractInput,
  type ExtractionFailure,
  type ExtractionPool,
  type ExtractionProgress,
  extractDocument,
  extractionError,
} from "./index.ts";
import { inflateBudget, OVER_BUDGET } from "./inflate-limit.ts";
import { OCR_LANG_PATH } from "./ocr.ts";
import { MAX_PDF_PAGES } from "./pdf.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/documents/${name}`, import.meta.url));

async function read(fileName: string, input: Partial<ExtractInput> = {}): Promise<ExtractedDocument> {
  const result = await extractDocument({ bytes: fixture(fileName), fileName, ...input });
  if (!result.ok) throw new Error(`${fileName}: ${result.failure.reason} (${result.failure.cause})`);
  return result.document;
}

async function fail(input: ExtractInput, pool?: ExtractionPool): Promise<ExtractionFailure> {
  const result = await extractDocument(input, pool);
  if (result.ok) throw new Error(`${input.fileName} was read but should have failed`);
  return result.failure;
}

const NOTES =
  "# Révision: Zellbiologie 🧬\n\n" +
  "Für die Prüfung: the café on campus opens at 8. Über-important: 细胞 (cell) and 线粒体 (mitochondria).\n\n" +
  "- Membrane: a phospholipid bilayer\n" +
  "- Nucleus 🧠: stores the DNA";

describe("extractDocument: PDF", () => {
  it("keeps the known text on its known page, headings and list items on their own lines", async () => {
    const doc = await read("cell-biology.pdf");
    expect(doc.kind).toBe("pdf");
    expect(doc.title).toBe("cell-biology");
    expect(doc.pages.map((p) => p.n)).toEqual([1, 2, 3, 4]);
    const [p1, p2, p3, p4] = doc.pages.map((p) => p.text);
    expect(p1).toMatch(/^Introduction to Cell Biology\n\n1\. Cell Structure\n\nEvery living organism/);
    expect(p1).toContain(
      "The plasma membrane is a phospholipid bilayer that controls which substances enter and leave the cell.",
    );
    expect(p1).toContain("\n• Prokaryotic cells have no nucleus.\n• Eukaryotic cells keep their DNA");
    expect(p2).toContain("mainly in the mitochondria, where glucose is broken down");
    expect(p2).toContain("A good example is the muscle cell");
    expect(p2).not.toMatch(/exam-|mito-/);
    expect(p3).toMatch(/^3\. Photosynthesis\n\nPhotosynthesis converts light energy/);
    expect(p4).toContain("\n2. Metaphase: chromosomes line up in the middle.\n");
    expect(p4).toContain("Study tip from the café session");
    expect(doc.text).toBe(doc.pages.map((p) => p.text).join("\n\n"));
  });

  it("answers 422 'no text' for a scan whose images hold no text, even read by OCR", async () => {
    const f = await fail({ bytes: fixture("scanned.pdf"), fileName: "scanned.pdf" });
    expect(f).toMatchObject({
      reason: "pdf_no_text",
      status: 422,
      message:
        "We could not find any text in this PDF, not even in its scanned pages. Paste the text instead.",
    });
  });

  it("answers 422 'damaged' for a truncated PDF and for a .pdf that is no known kind of file", async () => {
    const cases = [
      { bytes: fixture("truncated.pdf"), fileName: "truncated.pdf" },
      { bytes: fixture("notes.txt"), fileName: "notes.pdf" },
    ];
    for (const input of cases) {
      expect(await fail(input)).toMatchObject({
        reason: "file_corrupt",
        status: 422,
        message: "We could not read this file. It may be damaged.",
      });
    }
  });

  it("reads a photo named .pdf as the photo it is, or names what it is where photos are not taken", async () => {
    const photo = { bytes: fixture("notes-photo.png"), fileName: "notes.pdf" };
    const doc = await read("notes-photo.png", { fileName: "notes.pdf", accept: STUDY_UPLOAD_EXTENSIONS });
    expect(doc.kind).toBe("image");
    expect(doc.text).toContain("Turgor pressure keeps plant cells firm.");
    expect(await fail({ ...photo, accept: [".pdf", ".txt"] })).toMatchObject({
      reason: "unsupported_file_type",
      status: 415,
      message: "This file is a PNG image, though its name ends in .pdf. Upload a .pdf or .txt file.",
    });
    const jpeg = await sharp(fixture("notes-photo.png")).jpeg().toBuffer();
    expect(await fail({ bytes: jpeg, fileName: "notes.docx", accept: [".docx"] })).toMatchObject({
      reason: "unsupported_file_type",
      message: "This file is a JPEG image, though its name ends in .docx. Upload a .docx file.",
    });
    const pdf = await read("cell-biology.pdf", { fileName: "cell-biology.png" });
    expect(pdf.kind).toBe("pdf");
  });

  it("asks for the password to be removed from a protected PDF", async () => {
    const f = await fail({ bytes: fixture("protected.pdf"), fileName: "protected.pdf" });
    expect(f).toMatchObject({ reason: "pdf_protected", status: 422 });
  });

  it("takes the type from the MIME type when the name has no extension", async () => {
    const doc = await read("cell-biology.pdf", { fileName: "scan", mimeType: "application/pdf" });
    expect(doc.kind).toBe("pdf");
    expect(doc.pages).toHaveLength(4);
  });
});

describe("extractDocument: Word", () => {
  it("reads a DOCX with headings, list items and table rows on their own lines", async () => {
    const doc = await read("study-guide.docx");
    expect(doc).toMatchObject({ kind: "docx", title: "study-guide" });
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]?.n).toBe(1);
    expect(doc.text).toContain(
      "Study Guide: Cell Biology Midterm\n\nThe midterm covers chapters one to four. Osmosis is the diffusion",
    );
    expect(doc.text).toContain(
      "Key Terms\n\n- Diffusion: movement from high to low concentration\n- ATP: the energy currency of the cell\n",
    );
    expect(doc.text).toContain(
      "Exam Checklist\n\n1. Review the lecture slides\n2. Practise labelling a cell diagram\n3. Complete",
    );
    expect(doc.text).toContain("Organelle | Function\nNucleus | Stores DNA\nRibosome | Builds proteins");
  });

  it("reads a legacy DOC, paragraph by paragraph", async () => {
    const doc = await read("study-guide.doc");
    expect(doc.kind).toBe("doc");
    expect(doc.text).toMatch(/^Study Guide: Cell Biology Midterm\n\n/);
    expect(doc.text).toContain("\n\nPractise labelling a cell diagram\n\n");
    expect(doc.text).toContain("Nucleus | Stores DNA");
  });

  it("reads Word files by their content when .doc and .docx were swapped", async () => {
    expect((await read("study-guide.docx", { fileName: "guide.doc" })).kind).toBe("docx");
    expect((await read("study-guide.doc", { fileName: "guide.docx" })).kind).toBe("doc");
  });

  it("answers 422 'damaged' for a ZIP that is not a Word document and for a cut-off DOCX", async () => {
    const slides = await fail({ bytes: fixture("lecture-slides.pptx"), fileName: "slides.docx" });
    expect(slides.reason).toBe("file_corrupt");
    const cut = await fail({ bytes: fixture("study-guide.docx").subarray(0, 2000), fileName: "cut.docx" });
    expect(cut.reason).toBe("file_corrupt");
  });
});

describe("extractDocument: PPTX", () => {
  it("reads one page per slide in presentation order", async () => {
    const doc = await read("lecture-slides.pptx");
    expect(doc.kind).toBe("pptx");
    expect(doc.pages).toEqual([
      { n: 1, text: "Cell Biology Lecture 2\nThe cell membrane and transport" },
      {
        n: 2,
        text:
          "Membrane Transport\n- Passive transport needs no energy\n- Active transport uses ATP\n" +
          "- Osmosis moves water across the membrane",
      },
      { n: 3, text: "Summary\nMembranes are selectively permeable & protect the cell." },
    ]);
  });

  it("answers 422 'damaged' for a ZIP without slides", async () => {
    const f = await fail({ bytes: fixture("study-guide.docx"), fileName: "deck.pptx" });
    expect(f.reason).toBe("file_corrupt");
  });

  it("refuses a legacy .ppt with 415 and says what to do", async () => {
    const f = await fail({
      bytes: fixture("study-guide.doc"),
      fileName: "old.ppt",
      accept: MATERIAL_UPLOAD_EXTENSIONS,
    });
    expect(f.status).toBe(415);
    expect(f.message).toContain("Save it as .pptx or PDF and upload again.");
  });
});

describe("extractDocument: Markdown and text", () => {
  it("reads UTF-8 exactly, with or without a BOM", async () => {
    expect((await read("notes.md")).pages).toEqual([{ n: 1, text: NOTES }]);
    const bom = await read("notes-bom.txt");
    expect(bom).toMatchObject({ kind: "txt", title: "notes-bom", text: NOTES });
    expect((await read("notes.txt")).text).toContain("细胞 (cell) and 线粒体");
  });

  it("reads UTF-16 with a BOM and legacy Windows-1252 text", async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("Café 细胞 🧬\r\nline two", "utf16le"),
    ]);
    const r16 = await extractDocument({ bytes: utf16, fileName: "u.txt" });
    expect(r16.ok && r16.document.text).toBe("Café 细胞 🧬\nline two");
    const latin = Buffer.from("The caf\xe9 charges \x805 for a coffee.", "latin1"); // Windows-1252 bytes
    const r1252 = await extractDocument({ bytes: latin, fileName: "l.txt" });
    expect(r1252.ok && r1252.document.text).toBe("The café charges €5 for a coffee.");
  });

  it("strips NUL-free control characters and keeps indentation", async () => {
    const text = "A bell\u0007 rang in this sentence, which is otherwise ordinary text.\n    code line\n";
    const r = await extractDocument({ bytes: Buffer.from(text), fileName: "x.md" });
    expect(r.ok && r.document.text).toBe(
      "A bell rang in this sentence, which is otherwise ordinary text.\n    code line",
    );
  });

  it("answers 422 for binary content posing as text", async () => {
    for (const bytes of [
      fixture("png-renamed.pdf"),
      Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) % 32)),
    ]) {
      const f = await fail({ bytes, fileName: "photo.txt" });
      expect(f).toMatchObject({ reason: "not_plain_text", status: 422 });
    }
  });

  it("answers 422 for an empty file and for one with only whitespace", async () => {
    expect(await fail({ bytes: Buffer.alloc(0), fileName: "empty.pdf" })).toMatchObject({
      reason: "file_empty",
      status: 422,
      message: "This file is empty.",
    });
    expect((await fail({ bytes: Buffer.from(" \n\t\n"), fileName: "blank.md" })).reason).toBe("file_empty");
  });
});

describe("extractDocument: OCR of scanned PDFs and photos", () => {
  it("reads a scanned PDF page by page (a PNG and a JPEG page), reporting each page", async () => {
    const progress: ExtractionProgress[] = [];
    const doc = await read("scanned-notes.pdf", { onProgress: (p) => progress.push(p) });
    expect(doc.kind).toBe("pdf");
    expect(doc.pages.map((p) => p.n)).toEqual([1, 2]);
    const [p1, p2] = doc.pages.map((p) => p.text);
    expect(p1).toMatch(/^Lecture 4: Photosynthesis\n\n/);
    expect(p1).toContain("Plants capture light energy in the chloroplasts.");
    expect(p1).not.toContain("Mitochondria");
    expect(p2).toContain("Mitochondria release the energy stored in glucose.");
    expect(p2).toContain("oxidative phosphorylation");
    // The last report may come just after the answer (its own port): wait for it, not for a time.
    await expect.poll(() => progress.length).toBe(3);
    expect(progress).toEqual([
      { done: 0, total: 2 },
      { done: 1, total: 2 },
      { done: 2, total: 2 },
    ]);
  });

  it("reads a PNG as page 1, and a JPEG named .png by its content", async () => {
    const doc = await read("notes-photo.png");
    expect(doc).toMatchObject({ kind: "image", title: "notes-photo" });
    expect(doc.pages.map((p) => p.n)).toEqual([1]);
    expect(doc.text).toContain("Osmosis is the diffusion of water");
    expect(doc.text).toContain("Turgor pressure keeps plant cells firm.");
    const jpeg = await sharp(fixture("notes-photo.png")).jpeg().toBuffer();
    const named = await extractDocument({ bytes: jpeg, fileName: "photo.png" });
    expect(named.ok && named.document.text).toContain("semipermeable membrane");
  });

  it("answers 422 with what to do for a blank image, and 'damaged' for a .png that is not a picture", async () => {
    expect(await fail({ bytes: fixture("blank.png"), fileName: "whiteboard.png" })).toMatchObject({
      reason: "image_no_text",
      status: 422,
      message:
        "We could not find any text in this image. Try a sharper, brighter photo, or paste the text instead.",
    });
    const notImage = await fail({ bytes: fixture("notes.txt"), fileName: "notes.jpg" });
    expect(notImage).toMatchObject({ reason: "file_corrupt", status: 422 });
  });

  it("reads the model from node_modules, never from the network or a cache in the working folder", () => {
    expect(OCR_LANG_PATH).toContain(`node_modules${path.sep}@tesseract.js-data${path.sep}eng`);
    expect(existsSync(path.join(OCR_LANG_PATH, "eng.traineddata.gz"))).toBe(true);
    expect(existsSync("eng.traineddata")).toBe(false);
  });
});

describe("extractDocument: size and type rules", () => {
  it("answers 413 above 20 MB without reading the file", async () => {
    const f = await fail({ bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1), fileName: "big.pdf" });
    expect(f).toMatchObject({ reason: "file_too_large", status: 413 });
    expect(f.message).toContain("20 MB");
  });

  it("answers 415 for a type outside the caller's list, naming the accepted types", async () => {
    const gif = await fail({ bytes: fixture("png-renamed.pdf"), fileName: "photo.gif" });
    expect(gif).toMatchObject({ reason: "unsupported_file_type", status: 415 });
    const study = await fail({
      bytes: fixture("lecture-slides.pptx"),
      fileName: "slides.pptx",
      accept: STUDY_UPLOAD_EXTENSIONS,
    });
    expect(study.message).toBe(
      "This file type is not supported. Upload a .pdf, .txt, .docx, .md, .png, .jpg or .jpeg file.",
    );
    const pdfOnly = await fail({ bytes: fixture("notes.md"), fileName: "notes.md", accept: [".pdf"] });
    expect(pdfOnly.message).toBe("This file type is not supported. Upload a .pdf file.");
  });

  it("maps a failure to the AppError a route throws", () => {
    const err = extractionError({
      reason: "pdf_no_text",
      status: 422,
      message: "This PDF has no text layer.",
    });
    expect(err).toMatchObject({ status: 422, code: "pdf_no_text", message: "This PDF has no text layer." });
  });
});

describe("extractDocument: the worker pool", () => {
  const pools: ReturnType<typeof createExtractionPool>[] = [];
  const pool = (options: Parameters<typeof createExtractionPool>[0]) => {
    const p = createExtractionPool(options);
    pools.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it("reads several files at once, each answer matching its own file", async () => {
    const names = [
      "cell-biology.pdf",
      "study-guide.docx",
      "lecture-slides.pptx",
      "notes.md",
      "study-guide.doc",
    ];
    const two = pool({ size: 2, maxQueue: 10 });
    const docs = await Promise.all(
      [...names, ...names].map(async (fileName) => {
        const r = await extractDocument({ bytes: fixture(fileName), fileName }, two);
        if (!r.ok) throw new Error(r.failure.reason);
        return r.document;
      }),
    );
    expect(docs.map((d) => d.kind)).toEqual([
      "pdf",
      "docx",
      "pptx",
      "md",
      "doc",
      "pdf",
      "docx",
      "pptx",
      "md",
      "doc",
    ]);
    expect(docs[5]?.pages[1]?.text).toContain("A good example is the muscle cell");
    expect(docs[7]?.pages[2]?.text).toContain("selectively permeable");
  });

  it("answers 422 'took too long' when extraction passes its time limit", async () => {
    const f = await fail({ bytes: fixture("cell-biology.pdf"), fileName: "a.pdf" }, pool({ timeoutMs: 1 }));
    expect(f).toMatchObject({ reason: "extraction_timeout", status: 422 });
  });

  it("answers 422 'too large or complex' when extraction passes its memory cap", async () => {
    // The smallest cap a pool takes: the worker starts and reads a note under it, but not the longest PDF
    // allowed. A 4-page PDF was read under this cap now and then (pdf.js itself takes about as much, and
    // reads it at 20 MB); 2,000 pages need 24 MB, well past the cap whatever the collector does.
    const small = pool({ maxMemoryMb: MIN_HEAP_MB });
    expect((await extractDocument({ bytes: fixture("notes.md"), fileName: "notes.md" }, small)).ok).toBe(
      true,
    );
    const f = await fail({ bytes: manyPagesPdf(MAX_PDF_PAGES), fileName: "long.pdf" }, small);
    expect(f).toMatchObject({ reason: "file_too_complex", status: 422 });
  });

  it("answers 503 when every worker is busy and the queue is full", async () => {
    const busy = pool({ size: 1, maxQueue: 0 });
    const first = extractDocument({ bytes: fixture("cell-biology.pdf"), fileName: "a.pdf" }, busy);
    const second = await fail({ bytes: fixture("study-guide.docx"), fileName: "b.docx" }, busy);
    expect(second).toMatchObject({ reason: "extraction_busy", status: 503 });
    expect((await first).ok).toBe(true);
  });
});

describe("extractDocument: bounded work (issue 27, faults 3 and 5)", () => {
  const pools: ReturnType<typeof createExtractionPool>[] = [];
  const pool = (options: Parameters<typeof createExtractionPool>[0] = {}) => {
    const p = createExtractionPool(options);
    pools.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });
  const MB = 1024 * 1024;
  // Past the largest budget, far below what it takes to exhaust the worker's heap the old way.
  const inflated = inflateBudget(Number.POSITIVE_INFINITY) + 8 * MB;

  it.each([
    ["docx", docxBomb],
    ["pptx", pptxBomb],
    ["pdf", pdfBomb],
  ])(
    "refuses a %s whose parts inflate past the budget, before a parser inflates them",
    async (ext, bomb) => {
      const bytes = bomb(inflated);
      expect(bytes.byteLength).toBeLessThan(2 * MB);
      const started = performance.now();
      const f = await fail({ bytes, fileName: `bomb.${ext}` }, pool());
      expect(f).toMatchObject({ reason: "file_too_complex", status: 422, cause: OVER_BUDGET });
      expect(performance.now() - started).toBeLessThan(40_000);
    },
    90_000,
  );

  it("still reads a document whose parts inflate to less than the budget", async () => {
    const r = await extractDocument({ bytes: docxBomb(4 * MB), fileName: "long.docx" }, pool());
    expect(r.ok && r.document.text.length).toBeGreaterThan(3 * MB);
  }, 60_000);

  it(`refuses a PDF of more than ${MAX_PDF_PAGES} pages at once, without reading its pages`, async () => {
    const started = performance.now();
    const f = await fail({ bytes: manyPagesPdf(MAX_PDF_PAGES + 1), fileName: "huge.pdf" }, pool());
    expect(f).toMatchObject({ reason: "too_many_pages", status: 422 });
    expect(performance.now() - started).toBeLessThan(10_000);
    const ok = await extractDocument({ bytes: manyPagesPdf(3), fileName: "three.pdf" }, pool());
    expect(ok.ok && ok.document.pages.length).toBe(3);
  }, 60_000);

  it("reads .txt and .md at once even while every worker is busy with other students' files", async () => {
    const busy = pool({ size: 1, maxQueue: 0 });
    const heavy = extractDocument(
      { bytes: fixture("cell-biology.pdf"), fileName: "a.pdf", owner: "1" },
      busy,
    );
    let heavyDone = false;
    void heavy.then(() => {
      heavyDone = true;
    });
    const txt = await extractDocument(
      { bytes: Buffer.from("Forty bytes of notes."), fileName: "b.txt", owner: "2" },
      busy,
    );
    expect(txt.ok).toBe(true);
    // Read while the PDF still held the only worker: not queued behind it.
    expect(heavyDone).toBe(false);
    expect((await heavy).ok).toBe(true);
  }, 60_000);

  it("lets a student have one file read and one waiting; a third is a 429 while others' files go on", async () => {
    const p = pool({ size: 1, maxQueue: 8 });
    const pdf = () => ({ bytes: fixture("cell-biology.pdf"), fileName: "a.pdf", owner: "1" });
    const mine = [extractDocument(pdf(), p), extractDocument(pdf(), p)];
    const third = await fail(pdf(), p);
    expect(third).toMatchObject({ reason: "extraction_limit", status: 429 });
    const other = await extractDocument(
      { bytes: fixture("study-guide.docx"), fileName: "b.docx", owner: "2" },
      p,
    );
    expect(other.ok).toBe(true);
    expect((await Promise.all(mine)).every((r) => r.ok)).toBe(true);
  }, 60_000);

  it("ends with a clear 422 at its deadline instead of running on past the connection's limit", async () => {
    const p = pool();
    await extractDocument({ bytes: fixture("study-guide.docx"), fileName: "warm.docx" }, p);
    const started = performance.now();
    const f = await fail(
      { bytes: manyPagesPdf(MAX_PDF_PAGES), fileName: "long.pdf", deadline: Date.now() + 300 },
      p,
    );
    expect(f.reason).toBe("extraction_timeout");
    expect(performance.now() - started).toBeLessThan(3_000);
  }, 60_000);
});
