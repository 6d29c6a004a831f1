import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sniffImage } from "./image-sniff.ts";

const picture = (format: "png" | "jpeg" | "webp" | "gif", width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("sniffing a card image from its bytes", () => {
  it.each([
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
    ["gif", "image/gif"],
  ] as const)("reads a %s's type and size from its header", async (format, type) => {
    expect(sniffImage(await picture(format, 321, 123))).toMatchObject({ type, width: 321, height: 123 });
  });

  it("reads a lossless WebP and knows nothing else", async () => {
    const lossless = new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 4, background: "#00000000" } })
        .webp({ lossless: true })
        .toBuffer(),
    );
    expect(sniffImage(lossless)).toMatchObject({ type: "image/webp", width: 40, height: 30 });
    expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
  });
});
