import { decodeHTML } from "entities";
import mammoth from "mammoth";
import WordExtractor from "word-extractor";
import { cleanText } from "./normalize.ts";

/** A heading, paragraph, list item or table row of a Word file. Rows and list items sit on adjacent lines. */
interface Block {
  text: string;
  tight: boolean;
}

function joinBlocks(blocks: Block[]): string {
  let out = "";
  blocks.forEach((b, i) => {
    if (!b.text.trim()) return;
    if (out) out += b.tight && blocks[i - 1]?.tight ? "\n" : "\n\n";
    out += b.text.trim();
  });
  return cleanText(out);
}

/** A .docx as text: headings and paragraphs as blocks, list items as "- x" / "1. x" lines, rows "a | b". */
export async function docxText(bytes: Uint8Array): Promise<string> {
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      // Images are not text: skip them instead of inlining megabytes of base64.
      convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
      externalFileAccess: false,
    },
  );
  return joinBlocks(htmlBlocks(value));
}

const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "table", "tr"]);

/**
 * Mammoth's HTML (a small, well-formed vocabulary: h1-h6, p, ul/ol/li, table/tr/td, br, inline tags) as
 * blocks. Nested lists are indented two spaces per level.
 */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  let text = "";
  let prefix = "";
  let tight = false;
  let row: string[] | null = null;
  const flush = () => {
    if (row) return; // inside a table row, text collects in the current cell
    if (text.trim()) blocks.push({ text: prefix + text.trim(), tight });
    text = "";
    prefix = "";
    tight = false;
  };
  for (const [, close, tag = "", content] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/gi)) {
    if (content !== undefined) {
      text += decodeHTML(content);
      continue;
    }
    const name = tag.toLowerCase();
    if (name === "br") text += "\n";
    else if (name === "td" || name === "th") {
      if (close && row) row.push(text.replace(/\s+/g, " ").trim());
      if (close || row) text = "";
    } else if (name === "p" && row) text += " ";
    else if (BLOCK_TAGS.has(name)) {
      flush();
      if (name === "tr") {
        if (close && row) blocks.push({ text: row.join(" | "), tight: true });
        row = close ? null : [];
      } else if (name === "ul" || name === "ol") {
        if (close) lists.pop();
        else lists.push({ ordered: name === "ol", count: 0 });
      } else if (name === "li" && !close) {
        const list = lists.at(-1);
        const marker = list?.ordered ? `${++list.count}. ` : "- ";
        prefix = "  ".repeat(Math.max(0, lists.length - 1)) + marker;
        tight = true;
      }
    }
  }
  flush();
  return blocks;
}

/** A legacy .doc (Word 97-2003) as text; table cells, which come tab-separated, become "a | b" rows. */
export async function docText(bytes: Uint8Array): Promise<string> {
  const doc = await new WordExtractor().extract(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
  const blocks = doc
    .getBody()
    .split("\n")
    .map((line) =>
      line.includes("\t")
        ? {
            text: line
              .split("\t")
              .map((c) => c.trim())
              .filter(Boolean)
              .join(" | "),
            tight: true,
          }
        : { text: line, tight: false },
    );
  return joinBlocks(blocks);
}
