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
    const list = accept.filter((a) => a !== ".ppt");
    const names = list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list.at(-1)}` : list.join("");
    return failure("unsupported_file_type", {
      message: `This file type is not supported. Upload a ${names} file.`,
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
export function sniffKind(ext: string, bytes: Uint8Array): DocumentKind | null {
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
