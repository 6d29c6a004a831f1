import { checkPdfStreams, isWordTextPart, readZipBounded } from "./inflate-limit.ts";
import { imagePages, withOcr } from "./ocr.ts";
import { pdfPages } from "./pdf.ts";
import { pptxPages } from "./pptx.ts";
import { plainTextPages } from "./text.ts";
import {
  type DocumentKind,
  type ExtractedPage,
  ExtractionError,
  type FailureReason,
  type OnExtractionProgress,
} from "./types.ts";
import { docText, docxText } from "./word.ts";

export interface ParseJob {
  kind: DocumentKind;
  bytes: Uint8Array;
}

export type ParseReply =
  | { ok: true; pages: ExtractedPage[] }
  | { ok: false; reason: FailureReason; cause?: string };

/** Reads one file of a known kind. Runs inside the extraction worker; never throws. */
export async function parseDocument(
  { kind, bytes }: ParseJob,
  onProgress?: OnExtractionProgress,
): Promise<ParseReply> {
  try {
    return { ok: true, pages: await pagesOf(kind, bytes, onProgress) };
  } catch (err) {
    if (err instanceof ExtractionError)
      return { ok: false, reason: err.reason, ...(err.detail ? { cause: err.detail } : {}) };
    // Parsers throw whatever they like on a damaged file.
    return { ok: false, reason: "file_corrupt", cause: err instanceof Error ? err.message : String(err) };
  }
}

async function pagesOf(
  kind: DocumentKind,
  bytes: Uint8Array,
  onProgress?: OnExtractionProgress,
): Promise<ExtractedPage[]> {
  switch (kind) {
    case "pdf":
      checkPdfStreams(bytes);
      // Pages without a text layer are read from their scanned image.
      return withOcr((ocr) => pdfPages(bytes, { ocr, onProgress }));
    case "image":
      return withOcr(async (ocr) => {
        onProgress?.({ done: 0, total: 1 });
        const pages = await imagePages(bytes, ocr);
        onProgress?.({ done: 1, total: 1 });
        return pages;
      });
    case "pptx":
      return pptxPages(bytes);
    case "docx":
      // Measured first, within a budget: mammoth inflates each part whole, however large it claims to be.
      readZipBounded(bytes, isWordTextPart, undefined, false);
      return [{ n: 1, text: await docxText(bytes) }];
    case "doc":
      return [{ n: 1, text: await docText(bytes) }];
    case "md":
    case "txt": {
      const read = plainTextPages(bytes);
      if (!read.ok) throw new ExtractionError(read.reason);
      return read.pages;
    }
  }
}
