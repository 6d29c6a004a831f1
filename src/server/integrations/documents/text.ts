import { stripControls } from "./normalize.ts";
import { type ExtractedPage, ExtractionError, type FailureReason } from "./types.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
/** Share of bytes that may be C0 control characters before a file counts as binary. */
const MAX_CONTROL_SHARE = 0.05;
/** Share of characters that may be undecodable before a file counts as binary. */
const MAX_INVALID_SHARE = 0.3;

/**
 * A .txt or .md file as text: UTF-8 (BOM or not), UTF-16 with a BOM (Windows Notepad's "Unicode"), or
 * a legacy Windows-1252 file, which is what text that is not UTF-8 but has no other sign of being binary
 * nearly always is. NUL bytes, many control characters or mostly undecodable bytes mean the file is not
 * text at all (an image or a program renamed .txt): ExtractionError('not_plain_text').
 */
export function decodeText(bytes: Uint8Array): string {
  const utf16 = utf16Of(bytes);
  if (utf16) return stripControls(new TextDecoder(utf16).decode(bytes));
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) throw new ExtractionError("not_plain_text");
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) controls++;
  }
  if (controls > bytes.length * MAX_CONTROL_SHARE) throw new ExtractionError("not_plain_text");
  try {
    return stripControls(utf8.decode(bytes));
  } catch {
    const lenient = new TextDecoder("utf-8").decode(bytes);
    const invalid = lenient.match(/\uFFFD/g)?.length ?? 0;
    if (invalid > lenient.length * MAX_INVALID_SHARE) throw new ExtractionError("not_plain_text");
    return stripControls(notUtf8(bytes, lenient));
  }
}

/** The byte order mark's UTF-16, if the bytes start with one. */
const utf16Of = (bytes: Uint8Array) =>
  bytes[0] === 0xff && bytes[1] === 0xfe
    ? "utf-16le"
    : bytes[0] === 0xfe && bytes[1] === 0xff
      ? "utf-16be"
      : null;

/**
 * Bytes that are not UTF-8: with valid multi-byte characters beside the broken ones, UTF-8 with a few
 * damaged bytes (kept, each as U+FFFD); with none, Windows-1252.
 */
const notUtf8 = (bytes: Uint8Array, lenient: string) =>
  /[\u0080-\uFFFC]/.test(lenient) ? lenient : decodeWindows1252(bytes);

/**
 * A text file read as decodeText reads it (UTF-16 with a byte order mark, UTF-8, else Windows-1252, what
 * Excel's 'CSV' and Notepad's 'ANSI' save on Windows) with nothing removed or refused: a card import's
 * parsers name each line's control characters or U+FFFD themselves.
 */
export function decodeTextAsWritten(bytes: Uint8Array): string {
  const utf16 = utf16Of(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  try {
    return utf8.decode(bytes);
  } catch {
    return notUtf8(bytes, new TextDecoder("utf-8").decode(bytes));
  }
}

// Node's TextDecoder("windows-1252") decodes as ISO-8859-1, leaving 0x80-0x9F (€, curly quotes, dashes)
// as C1 controls; these are Windows-1252's characters there (0x81, 0x8D, 0x8F, 0x90, 0x9D are unused).
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("latin1")
    .decode(bytes)
    .replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** A .txt or .md file as its one page, or the reason it is not text; never throws. */
export function plainTextPages(
  bytes: Uint8Array,
): { ok: true; pages: ExtractedPage[] } | { ok: false; reason: FailureReason } {
  try {
    // Leading newlines and trailing space only: indentation of the first line may be meaningful.
    return { ok: true, pages: [{ n: 1, text: decodeText(bytes).replace(/^\n+|\s+$/g, "") }] };
  } catch (err) {
    if (err instanceof ExtractionError) return { ok: false, reason: err.reason };
    throw err;
  }
}
