import { type DocumentKind, type ExtractionFailure, failure } from "./types.ts";

/** Every extension the module can be asked about; `.ppt` is known only to be refused helpfully. */
export const KNOWN_EXTENSIONS = [
  ".pdf",
  ".docx",
  ".doc",
  ".pptx",
  ".ppt",
  ".md",
  ".txt",
  ".png",
  ".jpg",
  ".jpeg",
] as const;

const MIME_EXTENSIONS: Record<string, string> = {
  "application/pdf": ".pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
  "application/msword": ".doc",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
  "application/vnd.ms-powerpoint": ".ppt",
  "text/markdown": ".md",
  "text/plain": ".txt",
  "image/png": ".png",
  "image/jpeg": ".jpg",
};

/** ".pdf, .txt or .png": the types an upload takes, as the student reads them. */
function acceptedNames(accept: readonly string[]): string {
  const list = accept.filter((a) => a !== ".ppt");
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list.at(-1)}` : list.join("");
}

/** ".pdf" for "Notes.PDF"; "" when the name has no extension. */
export function extensionOf(fileName: string): string {
  const base = baseName(fileName);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

/** The file name without folders and extension, as a document title. */
export function titleOf(fileName: string): string {
  const base = baseName(fileName);
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim() || "Untitled";
}

// Browsers send a bare name, but some clients send a path (and Windows ones with backslashes).
const baseName = (fileName: string) => fileName.split(/[\\/]/).pop() ?? "";

/**
 * The extension to treat the file as, if `accept` allows it: from the name, else from the MIME type.
 * Cheap enough to run before an upload's bytes are read.
 */
export function checkFileType(
  fileName: string,
  accept: readonly string[],
  mimeType?: string,
): { ok: true; ext: string } | { ok: false; failure: ExtractionFailure } {
  const ext = extensionOf(fileName) || MIME_EXTENSIONS[mimeType?.split(";")[0]?.trim() ?? ""] || "";
  if (!accept.includes(ext) || !(KNOWN_EXTENSIONS as readonly string[]).includes(ext)) {
    return failure("unsupported_file_type", {
      message: `This file type is not supported. Upload a ${acceptedNames(accept)} file.`,
    });
  }
  if (ext === ".ppt") return failure("legacy_ppt");
  return { ok: true, ext };
}

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** Readers allow junk before the header; so does the PDF spec's implementation note, within 1 KB. */
function isPdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF.length, 1024);
  for (let i = 0; i <= end; i++) if (startsWith(bytes, PDF, i)) return true;
  return false;
}

/**
 * What the bytes really are, given the extension the student chose: a PNG renamed .pdf is refused here
 * rather than handed to a parser. Word files are read by their content, since .doc and .docx are often
 * renamed into each other.
 */
function sniffKind(ext: string, bytes: Uint8Array): DocumentKind | null {
  switch (ext) {
    case ".pdf":
      return isPdf(bytes) ? "pdf" : null;
    case ".docx":
    case ".doc":
      return startsWith(bytes, ZIP) ? "docx" : startsWith(bytes, OLE) ? "doc" : null;
    case ".pptx":
      return startsWith(bytes, ZIP) ? "pptx" : null;
    case ".png":
    case ".jpg":
    case ".jpeg":
      // Phones and screenshot tools mix the two up; either is read by its content.
      return startsWith(bytes, PNG) || startsWith(bytes, JPEG) ? "image" : null;
    case ".md":
      return "md";
    case ".txt":
      return "txt";
    default:
      return null;
  }
}

/** Kinds whose bytes say unmistakably what they are, whatever the file is named. */
const SELF_EVIDENT: Array<{
  is: (bytes: Uint8Array) => boolean;
  ext: string;
  kind: DocumentKind;
  name: string;
}> = [
  { is: isPdf, ext: ".pdf", kind: "pdf", name: "a PDF" },
  { is: (b) => startsWith(b, PNG), ext: ".png", kind: "image", name: "a PNG image" },
  { is: (b) => startsWith(b, JPEG), ext: ".jpg", kind: "image", name: "a JPEG image" },
];

/**
 * The kind to read an upload as. Its bytes decide when they contradict its name: a phone's photo saved
 * as "notes.pdf", or a PDF whose name lost its extension's meaning, is read as what it is when this upload
 * takes that kind, and otherwise refused as the type it really is, not as a damaged file.
 */
export function kindOf(
  ext: string,
  bytes: Uint8Array,
  accept: readonly string[],
): { ok: true; kind: DocumentKind } | { ok: false; failure: ExtractionFailure } {
  const named = sniffKind(ext, bytes);
  if (named) return { ok: true, kind: named };
  const actual = SELF_EVIDENT.find((k) => k.is(bytes));
  if (!actual) return failure("file_corrupt", { cause: `content is not ${ext}` });
  if (accept.includes(actual.ext)) return { ok: true, kind: actual.kind };
  return failure("unsupported_file_type", {
    message: `This file is ${actual.name}, though its name ends in ${ext}. Upload a ${acceptedNames(accept)} file.`,
    cause: `content is ${actual.ext}, named ${ext}`,
  });
}
