import type { FastifyRequest } from "fastify";
import {
  IMPORT_FILE_EXTENSIONS,
  IMPORT_FILE_MAX_BYTES,
  type ImportOptions,
  importOptionsSchema,
} from "#shared/flashcards/contract.ts";
import { AppError, badRequest } from "../../lib/errors.ts";

/**
 * An import file sent as multipart/form-data (issue 25 §5): `file` (.csv, .tsv, .tab or .txt, at most
 * IMPORT_FILE_MAX_BYTES) and `options` (JSON of importOptionsSchema). A large import does not go through
 * the 1 MB JSON body limit. The bytes are read as UTF-8 (`importFileText`); bytes that are not UTF-8
 * become U+FFFD, which the parsers refuse line by line ("save the file as UTF-8").
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
  return { text: importFileText(file.bytes), fileName: file.name, options: options.data };
}

/**
 * UTF-8, or UTF-16 when the file starts with its byte order mark: Excel's "Unicode Text" (a tab-separated
 * .txt) and Notepad's "Unicode" are UTF-16, and read as UTF-8 every line of them was refused as "NUL
 * characters: not a text file". Unlike documents' `decodeText`, nothing is stripped or guessed here: the
 * parsers name what is wrong, line by line.
 */
function importFileText(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : "utf-8";
  return new TextDecoder(encoding).decode(bytes);
}

const tooLarge = () =>
  new AppError(
    413,
    "file_too_large",
    `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Split it and import the parts.`,
  );
