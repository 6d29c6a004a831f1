import { type Block, blockSentences, pageBlocks } from "./structure.ts";

/**
 * Retrieval chunks: a few hundred words each, never across a page, cut between blocks where possible,
 * else between sentences, else between lines or words. Each chunk is an exact slice of its page
 * (`page.slice(charStart, charEnd) === text`), so the viewer can highlight it in place. No overlap:
 * a chunk starts where the previous one ended, so a passage is cited once.
 */

export interface Chunk {
  /** 1-based, like the pages given. */
  page: number;
  /** Position in the whole document, from 0. */
  index: number;
  text: string;
  charStart: number;
  charEnd: number;
}

export const CHUNK_WORDS = { target: 250, max: 350, min: 60 } as const;

interface Span {
  start: number;
  end: number;
  words: number;
  heading: boolean;
}

const countWords = (text: string) => text.match(/\S+/g)?.length ?? 0;

/** Spans of at most `max` words, cut at whitespace. */
function byWords(page: string, start: number, end: number): Span[] {
  const spans: Span[] = [];
  const pattern = /\S+/g;
  pattern.lastIndex = start;
  let spanStart = -1;
  let spanEnd = start;
  let words = 0;
  for (let match = pattern.exec(page); match && match.index < end; match = pattern.exec(page)) {
    if (words === CHUNK_WORDS.max) {
      spans.push({ start: spanStart, end: spanEnd, words, heading: false });
      words = 0;
    }
    if (words === 0) spanStart = match.index;
    spanEnd = Math.min(end, match.index + match[0].length);
    words++;
  }
  if (words > 0) spans.push({ start: spanStart, end: spanEnd, words, heading: false });
  return spans;
}

/** A prose block's sentences, stretched to cover the block from its start (list marker) to its end. */
function sentencePieces(page: string, block: Block): { start: number; end: number }[] {
  const found = blockSentences(page, block);
  return found.map((s, i) => ({
    start: i === 0 ? block.start : s.start,
    end: i === found.length - 1 ? block.end : s.end,
  }));
}

function linePieces(block: Block): { start: number; end: number }[] {
  let offset = block.start;
  return block.text.split("\n").map((line) => {
    const piece = { start: offset, end: offset + line.length };
    offset += line.length + 1;
    return piece;
  });
}

/** A block small enough is one span; a larger one splits at sentences (prose) or lines (code, tables). */
function blockSpans(page: string, block: Block): Span[] {
  const words = countWords(block.text);
  if (words <= CHUNK_WORDS.max) {
    return [{ start: block.start, end: block.end, words, heading: block.kind === "heading" }];
  }
  const pieces =
    block.kind === "paragraph" || block.kind === "list" ? sentencePieces(page, block) : linePieces(block);
  return pieces.flatMap((piece) => {
    const pieceWords = countWords(page.slice(piece.start, piece.end));
    if (pieceWords > CHUNK_WORDS.max) return byWords(page, piece.start, piece.end);
    return pieceWords > 0 ? [{ ...piece, words: pieceWords, heading: false }] : [];
  });
}

/** Packs a page's spans into chunks of about `target` words; a heading opens a new chunk when it can. */
function packPage(spans: Span[]): Omit<Span, "heading">[] {
  const chunks: Omit<Span, "heading">[] = [];
  let open: Omit<Span, "heading"> | undefined;
  for (const span of spans) {
    const full =
      open &&
      (open.words + span.words > CHUNK_WORDS.max ||
        open.words >= CHUNK_WORDS.target ||
        (span.heading && open.words >= CHUNK_WORDS.min));
    if (!open || full) {
      open = { start: span.start, end: span.end, words: span.words };
      chunks.push(open);
    } else {
      open.end = span.end;
      open.words += span.words;
    }
  }
  // A short tail (a closing line, a heading just before the page break) joins the chunk before it.
  const last = chunks.at(-1);
  const previous = chunks.at(-2);
  if (last && previous && last.words < CHUNK_WORDS.min && previous.words + last.words <= CHUNK_WORDS.max) {
    previous.end = last.end;
    previous.words += last.words;
    chunks.pop();
  }
  return chunks;
}

export function chunkDocument(pages: readonly string[]): Chunk[] {
  const chunks: Chunk[] = [];
  pages.forEach((page, i) => {
    const spans = pageBlocks(page, i + 1).flatMap((block) => blockSpans(page, block));
    for (const { start, end } of packPage(spans)) {
      chunks.push({
        page: i + 1,
        index: chunks.length,
        text: page.slice(start, end),
        charStart: start,
        charEnd: end,
      });
    }
  });
  return chunks;
}
