import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, type Worker as TesseractWorker } from "tesseract.js";
import { servingJobs } from "../../lib/worker-pool.ts";
import { normalizeLaidOutText } from "./normalize.ts";
import { ExtractionError } from "./types.ts";

// Text from pictures of text (scanned PDF pages, photos and screenshots of slides or notes), read inside
// the extraction worker with tesseract.js (Tesseract compiled to WebAssembly, run in a thread of its own)
// and the English model of the npm package @tesseract.js-data/eng. Nothing is fetched at run time: in
// Node tesseract.js loads its core from the tesseract.js-core package, and `langPath` is a folder on disk,
// which tesseract.js reads with fs rather than fetching (an unset langPath would mean a CDN).

const require = createRequire(import.meta.url);

/**
 * The 'best_int' model: LSTM only, integer weights (3 MB gzipped). The package's other folder holds the
 * 11 MB legacy+LSTM model, which only the legacy engine needs.
 */
export const OCR_LANG_PATH = path.join(
  path.dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);

/** Pixels in one image at most (a 12 MP phone photo is well within; 40 MP of RGBA is 160 MB of WASM memory). */
export const MAX_OCR_PIXELS = 40_000_000;

/** A grayscale picture, one byte a pixel (0 black, 255 white), row by row. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
  /** Scanning resolution, when the page size tells it; Tesseract sizes its text-line search by it. */
  dpi?: number;
}

/** Something to read: the bytes of a PNG or JPEG file, or decoded pixels. */
export type OcrInput = Uint8Array | GrayImage;

export interface OcrReader {
  read(image: OcrInput): Promise<string>;
}

/**
 * A Tesseract worker between documents: starting one (its WebAssembly, then the model, decompressed and
 * initialised) took longer than reading a page, and uploads of scans come in runs. It is ended after
 * IDLE_MS with nothing to read, so an idle server does not hold its memory, and with the extraction
 * pool's worker it lives in (a forked child since decision 009's process isolation). Only kept in such a
 * worker: elsewhere (a script, a test) a kept worker would hold the process open.
 */
const IDLE_MS = 30_000;
/**
 * A worker that read a picture larger than this is ended with its job: WebAssembly memory never shrinks,
 * and a 40 MP photo leaves hundreds of MB that no later page needs. A page scanned at 300 dpi is ~9 MP.
 */
const KEEP_MAX_PIXELS = 16_000_000;
let kept: { worker: TesseractWorker; timer: NodeJS.Timeout } | null = null;
/** The resolution each worker was last told. */
const dpiOf = new WeakMap<TesseractWorker, string>();

const startWorker = () =>
  createWorker("eng", OEM.LSTM_ONLY, {
    langPath: OCR_LANG_PATH,
    gzip: true,
    // The default writes the model into the working directory as a cache.
    cacheMethod: "none",
  });

function keep(worker: TesseractWorker): void {
  if (kept) {
    void worker.terminate().catch(() => {});
    return;
  }
  const timer = setTimeout(() => {
    if (kept?.worker === worker) kept = null;
    void worker.terminate().catch(() => {});
  }, IDLE_MS);
  // A kept worker never holds the process (or the extraction thread) open.
  timer.unref();
  kept = { worker, timer };
}

function takeKept(): TesseractWorker | null {
  if (!kept) return null;
  clearTimeout(kept.timer);
  const { worker } = kept;
  kept = null;
  return worker;
}

/**
 * Runs `use` with a reader whose Tesseract worker starts on its first image (a PDF with a text layer on
 * every page never starts one), or is the one kept from the last document; afterwards the worker is kept
 * for the next one, unless reading failed (a worker in an unknown state is ended) or a picture was very
 * large.
 */
export async function withOcr<T>(use: (reader: OcrReader) => Promise<T>): Promise<T> {
  let worker: Promise<TesseractWorker> | undefined;
  let failed = false;
  let large = false;
  const reader: OcrReader = {
    async read(image) {
      const size = image instanceof Uint8Array ? imageSize(image) : image;
      if (size && size.width * size.height > KEEP_MAX_PIXELS) large = true;
      worker ??= Promise.resolve(takeKept() ?? startWorker());
      const w = await worker;
      const input = image instanceof Uint8Array ? image : toPgm(image);
      const dpi = image instanceof Uint8Array ? undefined : image.dpi;
      // A PNM carries no resolution; without one Tesseract warns and guesses 70 dpi.
      const userDpi = String(Math.round(dpi ?? 0) || 300);
      try {
        // Set only when it changes (a scan's pages share one): each call is a round trip to Tesseract's
        // thread, which on a loaded machine waits its turn on a core like the page itself.
        if (dpiOf.get(w) !== userDpi) {
          dpiOf.delete(w);
          await w.setParameters({ user_defined_dpi: userDpi });
          dpiOf.set(w, userDpi);
        }
        const { data } = await w.recognize(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
        return cleanOcrText(data.text);
      } catch (err) {
        failed = true;
        throw err;
      }
    },
  };
  try {
    return await use(reader);
  } finally {
    if (worker)
      await worker.then(
        (w) => (failed || large || !servingJobs() ? w.terminate().then(() => {}) : keep(w)),
        () => {},
      );
  }
}

/**
 * Tesseract's text with the noise of an empty page left out: a blank page or a photo of a wall reads
 * as a few stray marks ("|", "_ ~"). Lines with no two letters or digits in a row go; the rest is laid
 * out like a PDF page's text (wrapped lines mended, blocks kept).
 */
export function cleanOcrText(text: string): string {
  const lines = text.split("\n").map((l) => (/[\p{L}\p{N}]{2}/u.test(l) ? l.trimEnd() : ""));
  return normalizeLaidOutText(lines.join("\n")).trim();
}

/** A binary PGM (P5): Leptonica, inside tesseract.js, reads it without a codec. */
export function toPgm({ width, height, pixels }: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  out.set(pixels.subarray(0, width * height), header.length);
  return out;
}

/** pdf.js's ImageKind. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/** A decoded pdf.js image ({ width, height, kind, data }) as grayscale pixels; null for another shape. */
export function grayFromPdfImage(image: {
  width?: number;
  height?: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}): GrayImage | null {
  const { width = 0, height = 0, kind, data } = image;
  if (!data || width < 1 || height < 1) return null;
  if (width * height > MAX_OCR_PIXELS)
    throw new ExtractionError("file_too_complex", "image too large to read");
  const pixels = new Uint8Array(width * height);
  if (kind === GRAYSCALE_1BPP) {
    // Rows padded to whole bytes; a set bit is white (pdf.js has applied the image's Decode array).
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        pixels[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    return { width, height, pixels };
  }
  const channels = kind === RGB_24BPP ? 3 : kind === RGBA_32BPP ? 4 : data.length / (width * height);
  if (channels !== 1 && channels !== 3 && channels !== 4) return null;
  if (data.length < width * height * channels) return null;
  if (channels === 1) return { width, height, pixels: Uint8Array.from(data.subarray(0, width * height)) };
  for (let i = 0, p = 0; i < pixels.length; i++, p += channels) {
    // Rec. 601 luma, in integers.
    pixels[i] = (data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114) / 1000;
  }
  return { width, height, pixels };
}

/** Width and height of a PNG or JPEG file from its header, or null when the header cannot be read. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes.length >= 24)
    return { width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      // SOF0-SOF15 carry the frame size; DHT (C4), JPG (C8) and DAC (CC) share the range but do not.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      at += 2 + view.getUint16(at + 2);
    }
  }
  return null;
}

/** A PNG or JPEG file's text (ExtractionError for an unreadable or oversized one). */
export async function imagePages(bytes: Uint8Array, reader: OcrReader) {
  const size = imageSize(bytes);
  if (!size || size.width < 1 || size.height < 1)
    throw new ExtractionError("file_corrupt", "no image header");
  if (size.width * size.height > MAX_OCR_PIXELS)
    throw new ExtractionError("file_too_complex", "image too large to read");
  return [{ n: 1, text: await reader.read(bytes) }];
}
