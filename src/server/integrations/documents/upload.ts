import type { FastifyRequest } from "fastify";
import { PASTED_CONTENT_MAX } from "#shared/study/contract.ts";
import { AppError, badRequest, forbidden } from "../../lib/errors.ts";
import { checkWorkLimit } from "../../lib/work-limit.ts";
import { checkFileType, kindOf } from "./detect.ts";
import { BACKGROUND_EXTRACTION_MS, extractDocument } from "./index.ts";
import {
  type DocumentKind,
  type ExtractedDocument,
  type ExtractionFailure,
  type ExtractionResult,
  extractionError,
  failure,
  forSurface,
  type OnExtractionProgress,
  type UploadSurface,
} from "./types.ts";

// A document upload: the multipart body (lib/upload.ts registers the parser and its limits), the file type
// checked against what the route accepts, the text extracted. Here, not in lib/, because it is made of
// this integration's file types and failures (lib/ imports no integration).

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

export interface Upload {
  file: UploadedFile;
  /** Text fields by name (the last one wins when a name repeats). */
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload: one file, whose extension must be in `accept` (checked before its bytes are
 * read), and its text fields. Answers, as AppErrors: 415 for a request that is not multipart or a file
 * type outside `accept`, 413 for a file over 20 MB, 400 for no file, two files, too many or too long
 * fields or a broken form, 403 for a `userId` field that is not the caller's (the auth gate cannot see
 * inside multipart bodies).
 */
export async function readUpload(
  req: FastifyRequest,
  options: { accept: readonly string[] },
): Promise<Upload> {
  if (!req.isMultipart())
    throw new AppError(415, "unsupported_media_type", "Send the file as multipart/form-data.");
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === "field") {
        if (part.valueTruncated) throw badRequest(`The field '${part.fieldname}' is too long.`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const type = checkFileType(part.filename, options.accept, part.mimetype);
      if (!type.ok) {
        part.file.resume(); // let the rest of the request arrive, so the client reads this answer
        throw extractionError(type.failure);
      }
      file = { fileName: part.filename, mimeType: part.mimetype, bytes: await part.toBuffer() };
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw badRequest("Choose a file to upload.");
  if (fields.userId && req.user && Number(fields.userId) !== req.user.id) throw forbidden();
  return { file, fields };
}

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return extractionError(failure("file_too_large").failure);
    case "FST_FILES_LIMIT":
      return badRequest("Send one file per upload.");
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return badRequest("The upload has too many form fields.");
    default:
      // Whatever else goes wrong while parsing the body is a malformed or cut-off request.
      return badRequest("The upload was incomplete or malformed. Please try again.");
  }
}

/** About 500 pages, the same bound as pasted text: more than one document should hold. */
export const MAX_DOCUMENT_CHARS = PASTED_CONTENT_MAX;

/**
 * The text of a file readUpload returned, or the AppError to answer with: the extraction failure's own
 * status and message (logged with the parser's cause, which the student never sees), or a 422 for a
 * text over MAX_DOCUMENT_CHARS. Every upload route reads its file through here.
 */
/** Read on the request's thread in milliseconds (documents/index.ts): never worth a background job. */
const READ_AT_ONCE = new Set(["txt", "md"]);

/**
 * What an upload route does before it answers (issue 23): the work limit and the checks that cost
 * nothing (type, size, empty, content that is not what the name says) answer their 4xx at once; a text
 * or Markdown file is read here (`document`); any other kind is for a background job to read
 * (`later`: its kind), with extractStoredUpload.
 */
export async function acceptUpload(
  req: FastifyRequest,
  file: UploadedFile,
  accept: readonly string[],
  surface: UploadSurface,
): Promise<{ document: ExtractedDocument } | { later: DocumentKind }> {
  await checkWorkLimit(req, "upload");
  const type = checkFileType(file.fileName, accept, file.mimeType);
  if (!type.ok) throw extractionError(type.failure);
  if (file.bytes.byteLength === 0) throw extractionError(failure("file_empty").failure);
  const sniffed = kindOf(type.ext, file.bytes, accept);
  if (!sniffed.ok) {
    const { reason, cause } = sniffed.failure;
    req.log.info({ reason, cause }, "upload not readable");
    throw extractionError(forSurface(sniffed.failure, surface));
  }
  const { kind } = sniffed;
  if (READ_AT_ONCE.has(kind)) return { document: await extractUpload(req, file, accept, surface, false) };
  return { later: kind };
}

/** The failures a background job retries: the file is fine, the readers were busy. */
export const isTransientFailure = (f: ExtractionFailure) =>
  f.reason === "extraction_busy" || f.reason === "extraction_limit";

/**
 * A stored upload's text for a background job: the same extraction and bounds as extractUpload, with the
 * longer background budget and the pages read reported to `onProgress`. A failure is the result (the job
 * decides whether to retry it, isTransientFailure), never thrown.
 */
export async function extractStoredUpload(input: {
  bytes: Uint8Array;
  fileName: string;
  accept: readonly string[];
  owner: string;
  onProgress?: OnExtractionProgress;
}): Promise<ExtractionResult> {
  const result = await extractDocument({ ...input, deadline: Date.now() + BACKGROUND_EXTRACTION_MS });
  if (result.ok && result.document.text.length > MAX_DOCUMENT_CHARS) return tooMuchText();
  return result;
}

const tooMuchText = () =>
  failure("file_too_complex", {
    message:
      "This file holds more text than one document can (about 500 pages). Split it and upload the parts.",
  });

export async function extractUpload(
  req: FastifyRequest,
  file: UploadedFile,
  accept: readonly string[],
  surface: UploadSurface,
  limit = true,
): Promise<ExtractedDocument> {
  if (limit) await checkWorkLimit(req, "upload");
  // Each student's files share the extraction workers fairly with everyone else's (documents/index.ts).
  const result = await extractDocument({ ...file, accept, owner: req.user ? String(req.user.id) : req.ip });
  if (!result.ok) {
    req.log.info({ reason: result.failure.reason, cause: result.failure.cause }, "upload not readable");
    throw extractionError(forSurface(result.failure, surface));
  }
  if (result.document.text.length > MAX_DOCUMENT_CHARS) throw extractionError(tooMuchText().failure);
  return result.document;
}
