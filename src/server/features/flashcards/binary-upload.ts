import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../../lib/errors.ts";

/**
 * One file (and a JSON `options` field) sent as multipart/form-data: a card image or an Anki package.
 * The extension is checked only to answer a wrong pick early; what the bytes are is sniffed by the caller.
 */
export async function readBinaryUpload(
  req: FastifyRequest,
  limit: { maxBytes: number; extensions?: readonly string[]; what: string },
): Promise<{ bytes: Buffer; fileName: string; options: unknown }> {
  if (!req.isMultipart())
    throw new AppError(415, "unsupported_media_type", "Send the file as multipart/form-data.");
  let optionsText: string | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  const tooLarge = () =>
    new AppError(
      413,
      "file_too_large",
      `The ${limit.what} is larger than ${limit.maxBytes / 1024 / 1024} MB.`,
    );
  try {
    for await (const part of req.parts({ limits: { fileSize: limit.maxBytes, files: 1, fields: 4 } })) {
      if (part.type === "field") {
        if (part.fieldname === "options") optionsText = String(part.value);
        continue;
      }
      const ext = /\.[^./\\]+$/.exec(part.filename)?.[0]?.toLowerCase() ?? "";
      if (limit.extensions && !limit.extensions.includes(ext)) {
        part.file.resume();
        throw new AppError(415, "unsupported_media_type", `Choose a ${limit.extensions.join(" or ")} file.`);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      file = { name: part.filename, bytes };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT") throw badRequest("Send one file at a time.");
    throw badRequest("The upload was incomplete or malformed. Please try again.");
  }
  if (!file || file.bytes.length === 0) throw badRequest(`Choose a ${limit.what} to upload.`);
  let options: unknown = {};
  try {
    options = JSON.parse(optionsText ?? "{}");
  } catch {
    throw badRequest("The options are not valid JSON.");
  }
  return { bytes: file.bytes, fileName: file.name, options };
}
