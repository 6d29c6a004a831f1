import { MAX_UPLOAD_BYTES } from "#shared/constants.ts";
import { AppError } from "../../lib/errors.ts";

/** `image`: a PNG or JPEG photo or screenshot, read by OCR. */
export type DocumentKind = "pdf" | "docx" | "doc" | "pptx" | "md" | "txt" | "image";

/** A PDF page or a PPTX slide (numbered from 1); other kinds (an image too) have one page. */
export interface ExtractedPage {
  n: number;
  text: string;
}

/**
 * Pages read so far out of all: reported as each page is done (a page without text only once OCR has read
 * it), and once with `done: 0` when the count is known. Kinds read in one piece report nothing.
 */
export type ExtractionProgress = { done: number; total: number };
export type OnExtractionProgress = (progress: ExtractionProgress) => void;

export interface ExtractedDocument {
  kind: DocumentKind;
  pages: ExtractedPage[];
  /** The pages' text joined by blank lines. */
  text: string;
  /** The file name without its extension. */
  title: string;
}

const MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/**
 * Pages without text that one PDF may ask to have read by OCR: each takes about a second of a core, so
 * more cannot finish within an upload's time, and a scanned book is better uploaded by chapter.
 */
export const MAX_OCR_PAGES = 50;

/**
 * Why a file could not be read. The reason doubles as the error `code` a route answers with; `status` and
 * `message` are what the student sees. `withoutPaste` replaces a message that suggests pasting the text
 * where the upload offers no such field (course materials take a file only, SPEC §5): see forSurface.
 */
export const FAILURES = {
  file_too_large: { status: 413, message: `This file is larger than ${MB} MB. Upload a smaller file.` },
  unsupported_file_type: { status: 415, message: "This file type is not supported." },
  legacy_ppt: {
    status: 415,
    message: "PowerPoint 97-2003 (.ppt) files cannot be read. Save it as .pptx or PDF and upload again.",
  },
  file_empty: { status: 422, message: "This file is empty." },
  pdf_no_text: {
    status: 422,
    message: "We could not find any text in this PDF, not even in its scanned pages. Paste the text instead.",
    withoutPaste:
      "We could not find any text in this PDF, not even in its scanned pages. Upload a copy whose text can be selected, or a Word or text file.",
  },
  image_no_text: {
    status: 422,
    message:
      "We could not find any text in this image. Try a sharper, brighter photo, or paste the text instead.",
    withoutPaste: "We could not find any text in this image. Try a sharper, brighter photo.",
  },
  pdf_protected: {
    status: 422,
    message: "This PDF is password-protected. Remove the password and upload it again.",
  },
  not_plain_text: {
    status: 422,
    message: "This file does not contain plain text. Check that you chose the right file.",
  },
  file_corrupt: { status: 422, message: "We could not read this file. It may be damaged." },
  extraction_timeout: {
    status: 422,
    message: "This file took too long to read. Try a smaller file or paste the text instead.",
    withoutPaste: "This file took too long to read. Try a smaller file, or split it and upload the parts.",
  },
  file_too_complex: {
    status: 422,
    message: "This file is too large or complex to read. Try a smaller file or paste the text instead.",
    withoutPaste:
      "This file is too large or complex to read. Try a smaller file, or split it and upload the parts.",
  },
  too_many_pages: {
    status: 422,
    message: "This PDF has more than 2,000 pages. Upload the chapters you need as separate files.",
  },
  too_many_scanned_pages: {
    status: 422,
    message: `This PDF has more than ${MAX_OCR_PAGES} scanned pages. Upload the chapters you need as separate files.`,
  },
  extraction_limit: {
    status: 429,
    message: "Your other files are still being read. Wait for them to finish, then upload this one.",
  },
  extraction_busy: {
    status: 503,
    message: "Many files are being read right now. Please try again in a minute.",
  },
} as const satisfies Record<string, { status: number; message: string; withoutPaste?: string }>;

export type FailureReason = keyof typeof FAILURES;

export interface ExtractionFailure {
  reason: FailureReason;
  status: number;
  message: string;
  /** What the parser said, for the log only: never shown to the student. */
  cause?: string;
}

export type ExtractionResult =
  | { ok: true; document: ExtractedDocument }
  | { ok: false; failure: ExtractionFailure };

export function failure(reason: FailureReason, overrides: { message?: string; cause?: string } = {}) {
  return { ok: false, failure: { reason, ...FAILURES[reason], ...overrides } } as const;
}

/**
 * Where a file was uploaded: a study set's 'Upload File' dialog and the summarizer take pasted text too,
 * course materials a file only. Decides whether a failure may tell the student to paste the text.
 */
export type UploadSurface = { pasteOffered: boolean };

/**
 * The failure as the student should read it where they uploaded: without a paste field, the advice to
 * paste becomes what they can do there. A message set for this one failure (not the table's) is kept.
 */
export function forSurface(f: ExtractionFailure, surface: UploadSurface): ExtractionFailure {
  const entry: { message: string; withoutPaste?: string } = FAILURES[f.reason];
  if (surface.pasteOffered || !entry.withoutPaste || f.message !== entry.message) return f;
  return { ...f, message: entry.withoutPaste };
}

/** Thrown inside the parsers for a failure that has a reason of its own (anything else is 'file_corrupt'). */
export class ExtractionError extends Error {
  constructor(
    readonly reason: FailureReason,
    /** For the log only. */
    readonly detail?: string,
  ) {
    super(FAILURES[reason].message);
    this.name = "ExtractionError";
  }
}

/** The error a route throws for a failed extraction: `{ error: message, code: reason }` with its status. */
export function extractionError(f: ExtractionFailure): AppError {
  return new AppError(f.status, f.reason, f.message);
}
