import type { FastifyRequest } from "fastify";
import {
  IMPORT_FILE_EXTENSIONS,
  IMPORT_FILE_MAX_BYTES,
  type ImportOptions,
  importOptionsSchema,
} from "#shared/flashcards/contract.ts";
import { decodeTextAsWritten } from "../../integrations/documents/text.ts";
import { AppError, badRequest } from "../../lib/errors.ts";

/**
 * An import file sent as multipart/form-data (issue 25 §5): `file` (.csv, .tsv, .tab or .txt, at most
 * IMPORT_FILE_MAX_BYTES) and `options` (JSON of importOptionsSchema). A large import does not go through
 * the 1 MB JSON body limit. The bytes are read as UTF-8, UTF-16 with its byte order mark (Excel's
 * 'Unicode Text') or Windows-1252 (Excel's 'CSV' on Windows), `decodeTextAsWritten`; damaged UTF-8 keeps
 * its U+FFFD, which the parsers refuse line by line ("save the file as UTF-8").
 */
export async function readImportUpload(
  req: FastifyRequest,
): Promise<{ text: string; fileName: string; options: ImportOptions }> {
  if (!req.isMultipart())
    throw new AppError(415, "unsupported_media_type", "Send the file as multipart/form-data.");
  let optionsText: string | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 4 },
    })) {
      if (part.type === "field") {
        if (part.fieldname === "options") optionsText = String(part.value);
        continue;
      }
      const ext = /\.[^./\\]+$/.exec(part.filename)?.[0]?.toLowerCase() ?? "";
      if (!(IMPORT_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
        part.file.resume();
        throw new AppError(
          415,
          "unsupported_media_type",
          `Import a ${IMPORT_FILE_EXTENSIONS.join(", ")} file (Anki's .apkg is not read here).`,
        );
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      file = { name: part.filename, bytes };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT") throw badRequest("Send one file per import.");
    throw badRequest("The upload was incomplete or malformed. Please try again.");
  }
  if (!file) throw badRequest("Choose a file to import.");
  let raw: unknown;
  try {
    raw = JSON.parse(optionsText ?? "{}");
  } catch {
    throw badRequest("The import options are not valid JSON.");
  }
  const options = importOptionsSchema.safeParse(raw);
  if (!options.success) throw badRequest(options.error.issues[0]?.message ?? "Choose the import options.");
  return { text: decodeTextAsWritten(file.bytes), fileName: file.name, options: options.data };
}

const tooLarge = () =>
  new AppError(
    413,
    "file_too_large",
    `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Split it and import the parts.`,
  );
