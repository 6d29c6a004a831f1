import { getDocumentProxy } from "unpdf";
import { normalizeLaidOutText } from "./normalize.ts";
import { type ExtractedPage, ExtractionError, type OnExtractionProgress } from "./types.ts";

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

/**
 * Every page of a PDF, numbered as the reader shows them; pages without text are kept (empty).
 * Takes ownership of `bytes`: pdf.js moves their buffer to its own (in-thread) worker, detaching it.
 */
export async function pdfPages(
  bytes: Uint8Array,
  onProgress?: OnExtractionProgress,
): Promise<ExtractedPage[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // verbosity 0: pdf.js warns on stdout about every font quirk; errors still throw.
    // pdf.js refuses a Node Buffer; a plain view of the same bytes is fine.
    const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    pdf = await getDocumentProxy(data, { verbosity: 0, stopAtErrors: false });
  } catch (err) {
    if ((err as Error).name === "PasswordException") throw new ExtractionError("pdf_protected");
    throw err;
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new ExtractionError("too_many_pages");
    const pages: ExtractedPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((i) => "str" in i) as PdfTextItem[];
      pages.push({ n, text: normalizeLaidOutText(layoutText(items)) });
      page.cleanup();
      onProgress?.({ done: n, total: pdf.numPages });
    }
    return pages;
  } finally {
    // pdf.js 6 destroys a document through the task that loaded it (the proxy has no destroy()).
    await pdf.loadingTask.destroy();
  }
}

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
