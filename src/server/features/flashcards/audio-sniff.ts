import type { CardAudioType } from "#shared/flashcards/media-contract.ts";

export type SniffedAudio = { type: CardAudioType; ext: string };

/** ISO base media brands of files a browser plays as audio/mp4 (M4A, and MP4 whose audio is wanted). */
const MP4_BRANDS = new Set([
  "M4A ",
  "M4B ",
  "M4P ",
  "mp41",
  "mp42",
  "isom",
  "iso2",
  "iso4",
  "iso5",
  "iso6",
  "dash",
]);

/**
 * What a card sound is, read from its first bytes (never from its name or the browser's Content-Type):
 * MP3 (an ID3 tag or an MPEG audio frame header), Ogg, WAV, M4A (an `ftyp` box of an audio brand), AAC
 * in ADTS frames, or FLAC. Null for anything else.
 */
export function sniffAudio(b: Uint8Array): SniffedAudio | null {
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  if (b.length >= 10 && ascii(0, 3) === "ID3" && id3Header(b)) return { type: "audio/mpeg", ext: "mp3" };
  if (b.length >= 27 && ascii(0, 4) === "OggS" && b[4] === 0) return { type: "audio/ogg", ext: "ogg" };
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WAVE")
    return { type: "audio/wav", ext: "wav" };
  if (b.length >= 8 && ascii(0, 4) === "fLaC") return { type: "audio/flac", ext: "flac" };
  if (b.length >= 16 && ascii(4, 4) === "ftyp") {
    const size = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(0);
    if (size >= 16 && MP4_BRANDS.has(ascii(8, 4))) return { type: "audio/mp4", ext: "m4a" };
    return null;
  }
  if (b.length >= 4 && mpegFrame(b)) return { type: "audio/mpeg", ext: "mp3" };
  if (b.length >= 7 && adtsFrame(b)) return { type: "audio/aac", ext: "aac" };
  return null;
}

/** ID3v2: "ID3", a version 2-4, and a size of four 7-bit bytes (syncsafe). */
function id3Header(b: Uint8Array) {
  const version = b[3]!;
  return version >= 2 && version <= 4 && b[4] !== 0xff && [6, 7, 8, 9].every((i) => b[i]! < 0x80);
}

/**
 * An MPEG audio frame header: 11 sync bits, then no reserved version, layer, bitrate or sample rate.
 * (A JPEG's FF D8 fails the sync; text never starts with 0xFF.)
 */
function mpegFrame(b: Uint8Array) {
  if (b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false;
  const version = (b[1]! >> 3) & 3;
  const layer = (b[1]! >> 1) & 3;
  const bitrate = b[2]! >> 4;
  const rate = (b[2]! >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 0xf && rate !== 3;
}

/** AAC in ADTS frames: 12 sync bits, layer 0, a sample rate index in range, a frame longer than its header. */
function adtsFrame(b: Uint8Array) {
  if (b[0] !== 0xff || (b[1]! & 0xf6) !== 0xf0) return false;
  const rate = (b[2]! >> 2) & 0xf;
  const length = ((b[3]! & 0x3) << 11) | (b[4]! << 3) | (b[5]! >> 5);
  return rate < 13 && length >= 7;
}
