// The app icons (issue 23): PNGs in the sizes browsers and phones ask for, drawn from icon.svg with sharp.
// The PNGs are committed (small, and the build then needs no native image library); run this again after
// changing the SVG: node scripts/make-icons.mjs
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const dir = path.resolve(import.meta.dirname, "../src/client/public/icons");
const svg = await readFile(path.join(dir, "icon.svg"));

/** name, size, and for maskable icons the share of the canvas the drawing keeps (the safe zone is 80%). */
const ICONS = [
  ["icon-192.png", 192, 1],
  ["icon-512.png", 512, 1],
  ["maskable-192.png", 192, 0.8],
  ["maskable-512.png", 512, 0.8],
  ["apple-touch-icon.png", 180, 0.9],
];

for (const [name, size, share] of ICONS) {
  const inner = Math.round(size * share);
  const art = await sharp(svg, { density: 300 }).resize(inner, inner).png().toBuffer();
  const pad = Math.floor((size - inner) / 2);
  const image =
    share === 1
      ? sharp(art)
      : sharp({ create: { width: size, height: size, channels: 4, background: "#2563eb" } }).composite([
          { input: art, top: pad, left: pad },
        ]);
  await image.png({ compressionLevel: 9, palette: true }).toFile(path.join(dir, name));
  console.log(name);
}
