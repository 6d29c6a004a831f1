import * as zlib from "node:zlib";
import { cardImage } from "#server/features/flashcards/image-sniff.ts";
import { IMAGE_MARKDOWN, imageMarkdown, type PortableCard } from "#shared/flashcards/card-model.ts";
import { CARD_IMAGE_MAX_BYTES } from "#shared/flashcards/media-contract.ts";
import { type ReadLimits, readCollection, readMediaEntries } from "./collection.ts";
import { AnkiPackageError } from "./errors.ts";
import { type AnkiNoteProblem, mapNotes } from "./notes.ts";
import { protoNumber, readProto } from "./protobuf.ts";
import { openDatabase } from "./sqlite.ts";
import { DEFAULT_UNZIP_LIMITS, type UnzipLimits, unzipBounded } from "./zip.ts";

/**
 * Reading an .apkg or .colpkg (both are a zip of one collection and its media). Anki's package versions
 * (rslib/src/import_export/package/meta.rs):
 * - legacy 1: collection.anki2, no `meta`; `media` is JSON {"0": "name.jpg", ...};
 * - legacy 2: collection.anki21, no `meta` (a dummy collection.anki2 may sit beside it);
 * - latest (3): `meta` (protobuf PackageMetadata) says so; collection.anki21b and every media file are
 *   zstd-compressed, and `media` is protobuf MediaEntries. Decompressed with Node's zstd, bounded.
 * Runs inside the Anki worker (worker.ts): CPU-heavy, and sql.js holds the whole database in memory.
 */

export type AnkiImportOptions = {
  /** When the import happens: new cards are due then. */
  now?: Date | undefined;
  /** Desired retention of the FSRS replay (the student's setting). */
  retention?: number | undefined;
  /** The student's zone, where the FSRS replay counts the days between reviews (default UTC). */
  timeZone?: string | undefined;
  /** Keep review state (default true): replay the log, keep due dates and flags. */
  withScheduling?: boolean | undefined;
  /** Read the media files the cards use (default true). */
  withMedia?: boolean | undefined;
  unzip?: Partial<UnzipLimits> | undefined;
  /** The collection database, unpacked, at most (bytes). */
  maxDatabaseBytes?: number | undefined;
  read?: Partial<ReadLimits> | undefined;
};

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxNotes: 100_000,
  maxCards: 200_000,
  maxReviews: 2_000_000,
};
export const DEFAULT_MAX_DATABASE_BYTES = 150 * 1024 * 1024;

export type AnkiMediaFile = { name: string; bytes: Uint8Array };

export type AnkiImport = {
  format: "anki2" | "anki21" | "anki21b";
  cards: PortableCard[];
  problems: AnkiNoteProblem[];
  /** The files the cards refer to that the package has. */
  media: AnkiMediaFile[];
  /** Files the cards refer to that the package does not have. */
  missingMedia: string[];
  decks: string[];
  counts: { notes: number; cards: number; reviews: number; droppedCards: number };
  /** Milliseconds each step took in the worker (unzip, sqlite, map): what an import's log reports. */
  timings: Record<string, number>;
  /** When the worker answered (ms since the epoch, from performance): the handoff to the caller is timed from it. */
  sentAt: number;
};

/** Node 24's zstd (the project's @types/node is still 20's, which predates it). */
const { zstdDecompressSync } = zlib as typeof zlib & {
  zstdDecompressSync(data: Uint8Array, options?: { maxOutputLength?: number }): Buffer;
};

const COLLECTIONS = ["collection.anki21b", "collection.anki21", "collection.anki2"] as const;

/** Anki's own rule for a media name it will write into its folder (anki_io filename_is_safe). */
const safeMediaName = (name: string) =>
  name.length > 0 &&
  name.length <= 255 &&
  name !== "." &&
  name !== ".." &&
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character makes a name unsafe
  !/[/\\\u0000-\u001F]/.test(name);

export async function readAnkiPackage(
  bytes: Uint8Array,
  options: AnkiImportOptions = {},
): Promise<AnkiImport> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const limits = { ...DEFAULT_UNZIP_LIMITS, ...options.unzip };
  const withMedia = options.withMedia ?? true;
  const files = unzipBounded(
    bytes,
    (name) =>
      name === "meta" ||
      name === "media" ||
      (COLLECTIONS as readonly string[]).includes(name) ||
      (withMedia && /^\d+$/.test(name)),
    limits,
  );
  let unpacked = [...files.values()].reduce((n, f) => n + f.byteLength, 0);
  const zstd = (data: Uint8Array, what: string, max: number) => {
    const room = Math.min(max, limits.maxTotalBytes - unpacked);
    try {
      const out = zstdDecompressSync(data, { maxOutputLength: Math.max(1, room) });
      unpacked += out.byteLength;
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "ERR_BUFFER_TOO_LARGE" || err instanceof RangeError)
        throw new AnkiPackageError("package_too_large", `${what} unpacks past ${room} bytes`);
      throw new AnkiPackageError("not_a_package", `${what}: ${(err as Error).message}`);
    }
  };

  // Which collection to read: the one `meta` names, else the newest legacy one present.
  let version: 1 | 2 | 3;
  const meta = files.get("meta");
  if (meta) {
    let v: number | undefined;
    try {
      v = protoNumber(readProto(meta), 1);
    } catch {
      throw new AnkiPackageError("not_a_package", "meta is not protobuf");
    }
    if (v !== 1 && v !== 2 && v !== 3)
      throw new AnkiPackageError("unsupported_version", `package version ${v}`);
    version = v;
  } else version = files.has("collection.anki21") ? 2 : 1;
  const name =
    version === 3 ? "collection.anki21b" : version === 2 ? "collection.anki21" : "collection.anki2";
  const packed = files.get(name);
  if (!packed) throw new AnkiPackageError("not_a_package", `${name} missing`);
  const maxDb = options.maxDatabaseBytes ?? DEFAULT_MAX_DATABASE_BYTES;
  const dbBytes = version === 3 ? zstd(packed, name, maxDb) : packed;
  files.delete(name);

  lap("unzip");
  const db = await openDatabase(dbBytes, maxDb);
  let collection: ReturnType<typeof readCollection>;
  try {
    collection = readCollection(db, { ...DEFAULT_READ_LIMITS, ...options.read });
  } catch (err) {
    if (err instanceof AnkiPackageError) throw err;
    throw new AnkiPackageError("corrupt_database", err instanceof Error ? err.message : String(err));
  } finally {
    db.close();
  }

  lap("sqlite");
  // The media list: zip entry name -> file name.
  const mediaList = new Map<string, string>();
  const list = files.get("media");
  if (list && withMedia) {
    if (version === 3)
      for (const [k, v] of readMediaEntries(zstd(list, "media", 64 * 1024 * 1024))) mediaList.set(k, v);
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(list));
      } catch {
        throw new AnkiPackageError("not_a_package", "media is not JSON");
      }
      if (parsed && typeof parsed === "object")
        for (const [k, v] of Object.entries(parsed)) if (typeof v === "string") mediaList.set(k, v);
    }
  }
  const byName = new Map<string, string>();
  for (const [entry, file] of mediaList)
    if (safeMediaName(file) && files.has(entry)) byName.set(file.normalize("NFC"), entry);

  // Once per file: an occlusion note's picture is read for its size, then again as the cards' media
  // (and every unpacking counts toward the package's limit).
  const opened = new Map<string, Uint8Array>();
  const unpack = (entry: string) => {
    let bytes = opened.get(entry);
    if (!bytes) {
      const data = files.get(entry)!;
      bytes = version === 3 ? zstd(data, entry, limits.maxTotalBytes) : data;
      opened.set(entry, bytes);
    }
    return bytes;
  };
  /** The package's file a card names: as written, or percent-decoded (Anki's editor may write either). */
  const entryOf = (name: string) => {
    const file = name.normalize("NFC");
    if (byName.has(file)) return byName.get(file);
    try {
      return byName.get(decodeURIComponent(file));
    } catch {
      return undefined;
    }
  };
  const now = options.now ?? new Date();
  const mapped = mapNotes(
    collection,
    options.withScheduling === false
      ? null
      : {
          crt: collection.crt,
          schedVer: collection.schedVer,
          now,
          retention: options.retention,
          timeZone: options.timeZone,
        },
    withMedia
      ? (name) => {
          const entry = entryOf(name);
          if (entry === undefined) return "is not in the package";
          const image = cardImage(unpack(entry));
          if (image === "too_large") return `is larger than ${CARD_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
          if (image === "not_image") return "is not a PNG, JPEG, WebP or GIF picture";
          if (image === "too_many_pixels") return "has too many pixels";
          return image;
        }
      : undefined,
  );

  const media: AnkiMediaFile[] = [];
  const missing = new Set<string>();
  const taken = new Set<string>();
  for (const card of mapped.cards) {
    for (const ref of card.media) {
      let file = ref.name.normalize("NFC");
      // Anki's editor may have written the name percent-encoded.
      if (!byName.has(file)) {
        let decoded = file;
        try {
          decoded = decodeURIComponent(file);
        } catch {}
        if (byName.has(decoded)) {
          renameRef(card, ref.name, decoded);
          file = decoded;
        }
      }
      const entry = byName.get(file);
      if (!entry || !withMedia) {
        missing.add(file);
        continue;
      }
      if (taken.has(file)) continue;
      taken.add(file);
      media.push({ name: file, bytes: unpack(entry) });
    }
  }

  lap("map");
  return {
    format: version === 3 ? "anki21b" : version === 2 ? "anki21" : "anki2",
    cards: mapped.cards,
    problems: mapped.problems,
    media,
    missingMedia: [...missing],
    decks: [...new Set(mapped.cards.flatMap((c) => (c.deck ? [c.deck] : [])))],
    counts: {
      notes: collection.notes.length,
      cards: collection.cards.length,
      reviews: collection.revlog.length,
      droppedCards: mapped.droppedCards,
    },
    timings,
    sentAt: performance.timeOrigin + performance.now(),
  };
}

function renameRef(card: PortableCard, from: string, to: string) {
  const swap = (text: string) =>
    text
      .replace(IMAGE_MARKDOWN, (whole, alt: string, bracketed?: string, bare?: string) =>
        (bracketed ?? bare) === from ? imageMarkdown(to, alt) : whole,
      )
      .replaceAll(`[sound:${from}]`, `[sound:${to}]`);
  card.front = swap(card.front);
  card.back = swap(card.back);
  if (card.hint) card.hint = swap(card.hint);
  card.media = card.media.map((m) => (m.name === from ? { ...m, name: to } : m));
  if (card.occlusion?.image === from) card.occlusion = { ...card.occlusion, image: to };
}
