import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { normalizeLaidOutText } from "./normalize.ts";
import { type GrayImage, grayFromPdfImage, MAX_OCR_PIXELS, type OcrReader } from "./ocr.ts";
import { type ExtractedPage, ExtractionError, MAX_OCR_PAGES, type OnExtractionProgress } from "./types.ts";

/**
 * Pages read at most: more than a document of MAX_DOCUMENT_CHARS (about 500 pages of text) can fill with
 * room to spare, and a bound on the work one upload can ask for (a 10,000-page PDF is refused at once).
 */
export const MAX_PDF_PAGES = 2000;

/** The part of pdf.js's TextItem the layout needs. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

export interface PdfOptions {
  /** Reads pages that have no text layer from their scanned image; without it they stay empty. */
  ocr?: OcrReader;
  /** Called as each page is read (a page without text once OCR has read it). */
  onProgress?: OnExtractionProgress;
}

/**
 * Every page of a PDF, numbered as the reader shows them. A page without a text layer is read from its
 * scanned image when `ocr` is given; otherwise (or when OCR finds nothing) it is kept empty.
 * Takes ownership of `bytes`: pdf.js moves their buffer to its own (in-thread) worker, detaching it.
 */
export async function pdfPages(bytes: Uint8Array, options: PdfOptions = {}): Promise<ExtractedPage[]> {
  let pdf: PdfDocument;
  try {
    // verbosity 0: pdf.js warns on stdout about every font quirk; errors still throw.
    // pdf.js refuses a Node Buffer; a plain view of the same bytes is fine.
    const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    pdf = await getDocumentProxy(data, {
      verbosity: 0,
      stopAtErrors: false,
      // Images are decoded only for OCR; one larger than this is skipped before it is decoded, so an
      // image that claims gigapixels costs nothing.
      maxImageSize: MAX_OCR_PIXELS,
      isOffscreenCanvasSupported: false,
    });
  } catch (err) {
    if ((err as Error).name === "PasswordException") throw new ExtractionError("pdf_protected");
    throw err;
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new ExtractionError("too_many_pages");
    const { ocr, onProgress } = options;
    const total = pdf.numPages;
    const pages: ExtractedPage[] = [];
    // A page counts as read once it has text: pages left for OCR are counted by the second pass.
    let done = 0;
    onProgress?.({ done, total });
    for (let n = 1; n <= total; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((i) => "str" in i) as PdfTextItem[];
      const text = normalizeLaidOutText(layoutText(items));
      pages.push({ n, text });
      page.cleanup();
      if (text.trim() || !ocr) onProgress?.({ done: ++done, total });
    }
    const scanned = pages.filter((p) => !p.text.trim());
    if (!ocr || !scanned.length) return pages;
    if (scanned.length > MAX_OCR_PAGES) throw new ExtractionError("too_many_scanned_pages");
    // Second pass, one page at a time, so only one page's pixels are held at once.
    for (const p of scanned) {
      const page = await pdf.getPage(p.n);
      const image = await scannedImage(page);
      page.cleanup();
      if (image) p.text = await ocr.read(image);
      onProgress?.({ done: ++done, total });
    }
    return pages;
  } finally {
    // pdf.js 6 destroys a document through the task that loaded it (the proxy has no destroy()).
    await pdf.loadingTask.destroy();
  }
}

/**
 * The picture of a scanned page: its largest image, in grayscale, with the resolution it was drawn at.
 * PDF pages are not rendered: pdf.js draws only onto a canvas, and a canvas in Node is a native module
 * (@napi-rs/canvas). A scan is one image per page, which pdf.js decodes without one (Flate, DCT/JPEG,
 * CCITT and JBIG2). Text drawn as vector paths, or an image mask (a 1-bit stencil), is not read.
 */
async function scannedImage(page: PdfPage): Promise<GrayImage | null> {
  const { OPS } = await getResolvedPDFJS();
  const ops = await page.getOperatorList();
  let best: { image: PdfImageData; scale: number } | null = null;
  let transform = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(transform);
    else if (fn === OPS.restore) transform = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) transform = multiply(transform, args as number[]);
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      const image =
        fn === OPS.paintInlineImageXObject
          ? (args[0] as PdfImageData)
          : await objectOf(page, args[0] as string);
      if (!image?.width || !image.height) continue;
      if (!best || image.width * image.height > best.image.width * best.image.height)
        best = { image, scale: Math.hypot(transform[0]!, transform[1]!) };
    }
  }
  if (!best) return null;
  const gray = grayFromPdfImage(best.image);
  // The image is drawn `scale` points (1/72 inch) wide: its pixels per inch follow.
  if (gray && best.scale > 0) gray.dpi = Math.min(1200, Math.max(70, (best.image.width * 72) / best.scale));
  return gray;
}

interface PdfImageData {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

function objectOf(page: PdfPage, id: string): Promise<PdfImageData | null> {
  const objs = id.startsWith("g_") ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      objs.get(id, (value: unknown) => resolve((value as PdfImageData) ?? null));
    } catch {
      resolve(null);
    }
  });
}

const multiply = (m: number[], t: number[]): number[] => [
  m[0]! * t[0]! + m[2]! * t[1]!,
  m[1]! * t[0]! + m[3]! * t[1]!,
  m[0]! * t[2]! + m[2]! * t[3]!,
  m[1]! * t[2]! + m[3]! * t[3]!,
  m[0]! * t[4]! + m[2]! * t[5]! + m[4]!,
  m[1]! * t[4]! + m[3]! * t[5]! + m[5]!,
];

/** Vertical gap, in line heights, beyond which two lines belong to different blocks. */
const BLOCK_GAP = 1.6;
/** Font size change that marks a heading. */
const SIZE_CHANGE = 1.15;

interface Line {
  text: string;
  y: number;
  size: number;
  xEnd: number;
}

/**
 * A page's text items as lines, with a blank line wherever the layout shows a new block (a bigger gap, a
 * new font size, a jump back up the page as in a second column); normalizeLaidOutText then mends the
 * wraps inside each block. Items come in content order, which is reading order for nearly every PDF
 * made from a word processor.
 */
export function layoutText(items: PdfTextItem[]): string {
  const lines: Line[] = [];
  let line: Line | null = null;
  let endOfLine = false;
  for (const item of items) {
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || 1;
    if (item.str) {
      if (!line || endOfLine || Math.abs(y - line.y) > Math.max(size, line.size) * 0.5) {
        line = { text: "", y, size, xEnd: x };
        lines.push(line);
      } else if (x - line.xEnd > size * 0.15 && !/\s$/.test(line.text) && !/^\s/.test(item.str)) {
        line.text += " ";
      }
      line.text += item.str;
      line.xEnd = x + item.width;
      line.size = Math.max(line.size, size);
      endOfLine = false;
    }
    if (item.hasEOL) endOfLine = true;
  }
  let text = "";
  lines.forEach((l, i) => {
    const prev = lines[i - 1];
    if (prev) {
      const gap = prev.y - l.y;
      const height = Math.max(prev.size, l.size);
      const newBlock =
        gap < 0 ||
        gap > height * BLOCK_GAP ||
        Math.max(prev.size, l.size) / Math.min(prev.size, l.size) > SIZE_CHANGE;
      text += newBlock ? "\n\n" : "\n";
    }
    text += l.text;
  });
  return text;
}
