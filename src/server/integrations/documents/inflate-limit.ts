import { constants, inflateRawSync, inflateSync } from "node:zlib";
import { Inflate, Unzlib } from "fflate";
import { ExtractionError } from "./types.ts";

/**
 * Decompression bombs (issue 27, fault 5): a 2.5 MB DOCX whose document.xml inflates to 1 GB, a PDF
 * content stream that inflates to gigabytes. The parsers (mammoth's JSZip, pdf.js) inflate a whole part
 * into memory before anyone can look at its size, and the declared sizes in a zip are the attacker's to
 * choose. So the parts a parser will read are inflated here first, by zlib with `maxOutputLength`, which
 * stops at the limit instead of growing: a file whose parts need more than a document of the largest
 * size we keep can need is refused ('file_too_complex') before a parser sees it.
 */

const MB = 1024 * 1024;

/**
 * What the text parts of one file may inflate to: proportional to the file (honest XML and content
 * streams compress 5-20 times, bombs a thousand), within a floor for small files and a ceiling that a
 * document of MAX_DOCUMENT_CHARS (1M characters, about 500 pages) does not come near.
 */
export function inflateBudget(fileBytes: number, { ratio = 60, floor = 16 * MB, ceiling = 96 * MB } = {}) {
  return Math.min(ceiling, Math.max(floor, fileBytes * ratio));
}

/** The cause the log shows for a file refused here (tests look for it). */
export const OVER_BUDGET = "parts inflate past the budget";
const tooComplex = () => new ExtractionError("file_too_complex", OVER_BUDGET);

function inflateCounted(
  data: Uint8Array,
  raw: boolean,
  budget: { left: number },
  lenient: boolean,
): Buffer | null {
  try {
    const options = {
      maxOutputLength: Math.max(1, budget.left),
      ...(lenient ? { finishFlush: constants.Z_SYNC_FLUSH } : {}),
    };
    const out = raw ? inflateRawSync(data, options) : inflateSync(data, options);
    budget.left -= out.byteLength;
    if (budget.left < 0) throw tooComplex();
    return out;
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || err instanceof RangeError)
      throw tooComplex();
    return null; // damaged data: the parser will say so in its own words
  }
}

const PIECE = 64 * 1024;

/**
 * Only counts what `data` inflates to, a piece at a time, each piece dropped at once: measuring a part
 * costs a few hundred KB of memory however large it inflates.
 */
function measureInflated(data: Uint8Array, raw: boolean, budget: { left: number }): void {
  const stream = raw ? new Inflate() : new Unzlib();
  stream.ondata = (chunk) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw tooComplex();
  };
  try {
    for (let at = 0; at < data.length; at += PIECE) {
      const end = Math.min(data.length, at + PIECE);
      stream.push(data.subarray(at, end), end === data.length);
    }
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    // damaged data: the parser will say so in its own words
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

const MAX_ZIP_ENTRIES = 20_000;
const utf8 = new TextDecoder();

/** The entries of a zip's central directory (what JSZip, inside mammoth, reads too). */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of up to 64 KB, at the end of the file.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ExtractionError("file_corrupt");
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (count > MAX_ZIP_ENTRIES) throw tooComplex();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) break;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localOffset: view.getUint32(at + 42, true),
      name: utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  return bytes.subarray(start, Math.min(bytes.length, start + entry.compressedSize));
}

/**
 * The parts of a zip that `wanted` names, inflated within `limit` bytes in all (ExtractionError
 * 'file_too_complex' beyond it). With `keep: false` the parts are only measured, for a parser that reads
 * the zip itself afterwards.
 */
export function readZipBounded(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limit = inflateBudget(bytes.byteLength),
  keep = true,
): Map<string, Uint8Array> {
  const budget = { left: limit };
  const files = new Map<string, Uint8Array>();
  for (const entry of zipEntries(bytes)) {
    if (!wanted(entry.name)) continue;
    const data = entryData(bytes, entry);
    if (!data) continue;
    let out: Uint8Array | null;
    if (entry.method === 0) {
      budget.left -= data.byteLength;
      if (budget.left < 0) throw tooComplex();
      out = data;
    } else if (entry.method === 8) {
      if (!keep) {
        measureInflated(data, true, budget);
        continue;
      }
      out = inflateCounted(data, true, budget, false);
    } else continue;
    if (out && keep) files.set(entry.name, out);
  }
  return files;
}

/** What mammoth reads from a .docx: its XML parts and relationships (pictures are skipped). */
export const isWordTextPart = (name: string) => /\.(xml|rels)$/i.test(name);

/**
 * Inflates, within a budget, every Flate stream of a PDF that text extraction may read (content streams,
 * object and cross-reference streams, fonts), skipping images, which pdf.js does not decode for text.
 * Throws ExtractionError('file_too_complex') when they need more; damaged streams are left to pdf.js.
 */
export function checkPdfStreams(bytes: Uint8Array, limit = inflateBudget(bytes.byteLength)): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const budget = { left: limit };
  const streamStart = /(?<!end)stream\r?\n/g;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    const dataStart = m.index + m[0].length;
    const dictStart = Math.max(text.lastIndexOf(" obj", m.index), m.index - 4096, 0);
    const dict = text.slice(dictStart, m.index);
    let end = text.indexOf("endstream", dataStart);
    if (end < 0) end = text.length;
    streamStart.lastIndex = end;
    if (!/\/Fl(ateDecode)?\b/.test(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    // Only the first filter matters here: Flate then DCT is a JPEG the size of its inflated bytes.
    measureInflated(bytes.subarray(dataStart, end), false, budget);
  }
}
