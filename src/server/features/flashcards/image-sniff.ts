import {
  CARD_IMAGE_MAX_BYTES,
  CARD_IMAGE_MAX_PIXELS,
  type CardImageType,
} from "#shared/flashcards/media-contract.ts";

export type SniffedImage = { type: CardImageType; ext: string; width: number; height: number };

/**
 * What a card image is, read from its first bytes (never from its name or the browser's Content-Type),
 * and its size in pixels from the header, so a picture too large to decode is refused before anyone
 * decodes it. Null when the bytes are not a PNG, JPEG, WebP or GIF.
 */
export function sniffImage(b: Uint8Array): SniffedImage | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  if (b.length >= 24 && v.getUint32(0) === 0x89504e47 && ascii(12, 4) === "IHDR")
    return { type: "image/png", ext: "png", width: v.getUint32(16), height: v.getUint32(20) };
  if (b.length >= 10 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a"))
    return { type: "image/gif", ext: "gif", width: v.getUint16(6, true), height: v.getUint16(8, true) };
  if (b.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") return webp(b, v, ascii(12, 4));
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b, v);
  return null;
}

function webp(b: Uint8Array, v: DataView, chunk: string): SniffedImage | null {
  const image = (width: number, height: number) => ({
    type: "image/webp" as const,
    ext: "webp",
    width,
    height,
  });
  if (chunk === "VP8X")
    return image(1 + (v.getUint32(24, true) & 0xffffff), 1 + (v.getUint32(27, true) & 0xffffff));
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = v.getUint32(21, true);
    return image((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return image(v.getUint16(26, true) & 0x3fff, v.getUint16(28, true) & 0x3fff);
  return null;
}

/** A JPEG's size is in its first start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC). */
function jpeg(b: Uint8Array, v: DataView): SniffedImage | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = v.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { type: "image/jpeg", ext: "jpg", height: v.getUint16(at + 5), width: v.getUint16(at + 7) };
    at += 2 + length;
  }
  return null;
}

/**
 * A picture as a card keeps it, or why not: larger than CARD_IMAGE_MAX_BYTES, not a picture we serve, or
 * more pixels than CARD_IMAGE_MAX_PIXELS (a decoder bomb). The rule of every card image, uploaded or
 * imported (card-media.service.ts checkImage answers it as the HTTP error).
 */
export function cardImage(bytes: Uint8Array): SniffedImage | "too_large" | "not_image" | "too_many_pixels" {
  if (bytes.length > CARD_IMAGE_MAX_BYTES) return "too_large";
  const image = sniffImage(bytes);
  if (!image) return "not_image";
  if (image.width < 1 || image.height < 1 || image.width * image.height > CARD_IMAGE_MAX_PIXELS)
    return "too_many_pixels";
  return image;
}
