import type { ExtractedPage } from "#server/integrations/documents/index.ts";
import type { DocumentPage } from "#shared/study/contract.ts";

/** The first line of pasted text, as the title of a document the student did not name. */
export function titleFromText(content: string): string {
  const line = content.split("\n").find((l) => l.trim()) ?? "";
  const words = line.trim().replace(/\s+/g, " ");
  return words.length > 80 ? `${words.slice(0, 77).trimEnd()}...` : words || "Untitled document";
}

/**
 * Where each non-blank page lies in `text`, which extractDocument builds by joining those pages with a
 * blank line: the AI help can then cite 'page 3' for a passage.
 */
export function pageRanges(pages: ExtractedPage[]): DocumentPage[] {
  const ranges: DocumentPage[] = [];
  let offset = 0;
  for (const p of pages) {
    if (!p.text.trim()) continue;
    if (ranges.length) offset += 2;
    ranges.push({ page: p.n, start: offset, end: offset + p.text.length });
    offset += p.text.length;
  }
  return ranges;
}
