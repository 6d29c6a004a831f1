import type { FastifyInstance } from "fastify";
import { flashcardEndpoints as e } from "#shared/flashcards/contract.ts";
import {
  ANKI_PACKAGE_EXTENSIONS,
  ANKI_PACKAGE_MAX_BYTES,
  CARD_MEDIA_MAX_BYTES,
  flashcardMediaEndpoints as m,
  occlusionEndpoints as o,
} from "#shared/flashcards/media-contract.ts";
import { route } from "../../lib/route.ts";
import { readBinaryUpload } from "./binary-upload.ts";
import { readImportUpload } from "./import-upload.ts";

const ok = { ok: true as const };

/**
 * One satisfiable range of `Range: bytes=a-b`, `bytes=a-` or `bytes=-n`; null for none, several, or one
 * that cannot be met, and the whole file is sent (a server may ignore Range, RFC 9110 §14.2).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "") || size === 0) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(size - 1, Number(m[2]));
  }
  return start <= end && start < size ? { start, end } : null;
}
/** How long an Anki import's connection may stay silent while the package is read and written. */
const ANKI_IMPORT_SOCKET_MS = 10 * 60_000;

export async function flashcardsRoutes(app: FastifyInstance) {
  const { flashcards } = app.services;
  route(app, e.listSets, ({ user, params }) => flashcards.listSets(user.id, params.id));
  route(app, e.createSet, ({ user, params, body }) => flashcards.createSet(user.id, params.id, body));
  route(app, e.updateSet, ({ user, params, body }) => flashcards.updateSet(user.id, params.id, body));
  route(app, { ...e.updateSet, method: "PUT" }, ({ user, params, body }) =>
    flashcards.updateSet(user.id, params.id, body),
  );
  route(app, e.removeSet, async ({ user, params }) => {
    await flashcards.removeSet(user.id, params.id);
    return ok;
  });
  route(app, e.studySetCards, ({ user, params }) => flashcards.studySetCards(user.id, params.id));
  route(app, e.listCards, ({ user, params }) => flashcards.listCards(user.id, params.id));
  route(app, e.createCard, ({ user, params, body }) => flashcards.createCard(user.id, params.id, body));
  route(app, e.updateCard, ({ user, params, body }) => flashcards.updateCard(user.id, params.id, body));
  route(app, e.removeCard, async ({ user, params }) => {
    await flashcards.removeCard(user.id, params.id);
    return ok;
  });
  route(app, e.saveQuizAttempt, ({ user, params, body }) =>
    flashcards.saveQuizAttempt(user.id, params.id, body.answers),
  );
  route(app, e.importPreview, ({ user, params, body }) =>
    flashcards.importPreview(user.id, params.id, body.text, body.options),
  );
  route(app, e.importCommit, ({ user, params, body }) =>
    flashcards.importCommit(user.id, params.id, body.text, body.options),
  );
  route(app, e.importFilePreview, async ({ user, params, req }) => {
    const { text, fileName, options } = await readImportUpload(req);
    return flashcards.importPreview(user.id, params.id, text, options, fileName);
  });
  route(app, e.importFile, async ({ user, params, req }) => {
    const { text, fileName, options } = await readImportUpload(req);
    return flashcards.importCommit(user.id, params.id, text, options, fileName);
  });
  route(app, e.export, ({ user, params, query }) => flashcards.export(user.id, params.id, query.format));
  route(app, e.acceptCards, ({ user, params, body }) =>
    flashcards.acceptCards(user.id, params.id, body.cards),
  );
}

/** Card images, sounds and Anki packages (issue 25 §1, §5): bytes and multipart forms, not JSON cards. */
export async function flashcardMediaRoutes(app: FastifyInstance) {
  const { cardMedia, ankiPackages } = app.services;
  const apkg = {
    maxBytes: ANKI_PACKAGE_MAX_BYTES,
    extensions: ANKI_PACKAGE_EXTENSIONS,
    what: "Anki package",
  };
  route(app, m.uploadMedia, async ({ user, params, req }) => {
    const { bytes } = await readBinaryUpload(req, { maxBytes: CARD_MEDIA_MAX_BYTES, what: "file" });
    return cardMedia.upload(user.id, params.id, bytes);
  });
  route(app, m.media, async ({ user, params, req, reply }) => {
    const file = await cardMedia.read(user.id, params.id, params.name);
    // Safari asks for a sound in parts (Range) before it plays one from a URL; a picture may be too.
    const part = byteRange(req.headers.range, file.bytes.byteLength);
    reply.header("Accept-Ranges", "bytes");
    if (part)
      reply.code(206).header("Content-Range", `bytes ${part.start}-${part.end}/${file.bytes.byteLength}`);
    const bytes = part ? file.bytes.subarray(part.start, part.end + 1) : file.bytes;
    reply
      .type(file.contentType)
      // The name is the content's hash for uploads; a shared set's reader may be removed, so private.
      .header("Cache-Control", "private, max-age=3600")
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'")
      .header("ETag", `"${file.hash.slice(0, 32)}"`);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>;
  });
  route(app, o.createOcclusion, ({ user, params, body }) =>
    cardMedia.createOcclusion(user.id, params.id, body),
  );
  route(app, o.occlusion, ({ user, params }) => cardMedia.occlusion(user.id, params.id));
  route(app, m.ankiPreview, async ({ user, params, req }) => {
    const { bytes, options } = await readBinaryUpload(req, apkg);
    return ankiPackages.preview(user.id, params.id, bytes, options);
  });
  route(app, m.ankiImport, async ({ user, params, req }) => {
    // A collection of tens of thousands of cards is written for longer than the server's 30 s idle cut
    // (nothing flows while it is): this socket waits for its answer.
    req.socket?.setTimeout?.(ANKI_IMPORT_SOCKET_MS);
    const { bytes, options } = await readBinaryUpload(req, apkg);
    return ankiPackages.import(user.id, params.id, bytes, options, req.log);
  });
  route(app, m.ankiExport, async ({ user, params, query, reply }) => {
    const { bytes, filename } = await ankiPackages.export(user.id, params.id, query.scheduling);
    reply
      .type("application/octet-stream")
      .header(
        "Content-Disposition",
        `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      );
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>;
  });
}
