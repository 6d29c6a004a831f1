import { Unzip, UnzipInflate, UnzipPassThrough } from "fflate";
import { AnkiPackageError } from "./errors.ts";

export type UnzipLimits = {
  /** Everything unpacked together, at most (bytes). */
  maxTotalBytes: number;
  /** One entry unpacks to at most `ratio` times its packed size, plus `floorBytes`. */
  maxRatio: number;
  floorBytes: number;
  /** Entries in the archive, at most (each one costs a little even when skipped). */
  maxEntries: number;
};

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = {
  maxTotalBytes: 200 * 1024 * 1024,
  // Real collections pack 3-10x and media barely at all; a zip bomb packs ~1000x.
  maxRatio: 100,
  floorBytes: 4 * 1024 * 1024,
  maxEntries: 50_000,
};

/** Input is fed in slices this big, so one slice inflates to ~16 MB at most before the limits are checked. */
const SLICE = 16 * 1024;

/**
 * The entries of a zip that `wanted` names, inflated as a stream that stops as soon as an entry or the
 * whole passes its limit: a zip bomb costs what the limits allow, not what it claims or holds. The
 * sizes an entry declares are never trusted. Entries not wanted are skipped without inflating.
 */
export function unzipBounded(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: UnzipLimits = DEFAULT_UNZIP_LIMITS,
): Map<string, Uint8Array> {
  if (bytes.byteLength < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    throw new AnkiPackageError("not_a_package", "no zip signature");
  const files = new Map<string, Uint8Array>();
  let total = 0;
  let entries = 0;
  let failure: AnkiPackageError | null = null;
  const fail = (err: AnkiPackageError) => {
    failure ??= err;
  };

  const unzip = new Unzip((file) => {
    if (failure) return;
    if (++entries > limits.maxEntries)
      return fail(new AnkiPackageError("package_too_large", "too many entries"));
    if (!wanted(file.name) || files.has(file.name)) return;
    if (file.compression !== 0 && file.compression !== 8)
      return fail(new AnkiPackageError("not_a_package", `compression method ${file.compression}`));
    // A missing packed size (a streamed zip) is bounded by the whole archive's.
    const limit = Math.min(
      limits.maxTotalBytes,
      limits.floorBytes + limits.maxRatio * (file.size ?? bytes.byteLength),
    );
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) return fail(new AnkiPackageError("not_a_package", `inflate: ${err.message}`));
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (size > limit || total > limits.maxTotalBytes) {
        file.terminate();
        return fail(new AnkiPackageError("package_too_large", `${file.name} passed ${limit} bytes`));
      }
      chunks.push(chunk);
      if (final) files.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < bytes.byteLength && !failure; at += SLICE) {
      const end = Math.min(at + SLICE, bytes.byteLength);
      unzip.push(bytes.subarray(at, end), end === bytes.byteLength);
    }
  } catch (err) {
    fail(new AnkiPackageError("not_a_package", err instanceof Error ? err.message : String(err)));
  }
  if (failure) throw failure;
  return files;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
