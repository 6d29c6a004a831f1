import { decodeXML } from "entities";
import { readZipBounded } from "./inflate-limit.ts";
import { cleanText } from "./normalize.ts";
import { type ExtractedPage, ExtractionError } from "./types.ts";

const utf8 = new TextDecoder();

/** The slides of a .pptx in presentation order (not file-name order), one page each, n from 1. */
export function pptxPages(bytes: Uint8Array): ExtractedPage[] {
  // Only the parts we read are inflated, so pictures and videos cost nothing, and those within a budget
  // (inflate-limit.ts), so a slide that inflates to gigabytes is refused instead of filling memory.
  const files = readZipBounded(
    bytes,
    (name) =>
      name === "ppt/presentation.xml" ||
      name.startsWith("ppt/_rels/") ||
      /^ppt\/slides\/[^/]+\.xml$/.test(name),
  );
  const read = (name: string) => {
    const file = files.get(name);
    return file ? utf8.decode(file) : undefined;
  };
  const presentation = read("ppt/presentation.xml");
  const rels = read("ppt/_rels/presentation.xml.rels");
  if (!presentation || !rels) throw new ExtractionError("file_corrupt");

  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(tag, "Id");
    const target = attr(tag, "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `ppt/${target}`);
  }
  const slideIds = presentation.match(/<p:sldIdLst>[\s\S]*?<\/p:sldIdLst>/)?.[0] ?? "";
  return [...slideIds.matchAll(/<p:sldId\b[^>]*>/g)].map(([tag], i) => {
    const xml = read(targets.get(attr(tag, "r:id") ?? "") ?? "");
    return { n: i + 1, text: xml ? slideText(xml) : "" };
  });
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** Each paragraph (a:p) of the slide's shapes and tables as a line; explicit bullets become "- ". */
export function slideText(xml: string): string {
  const lines: string[] = [];
  for (const [paragraph] of xml.matchAll(/<a:p(?:\s[^>]*)?>[\s\S]*?<\/a:p>/g)) {
    let line = "";
    for (const [, run, isBreak] of paragraph.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|(<a:br\b)/g)) {
      line += isBreak ? "\n" : decodeXML(run ?? "");
    }
    if (!line.trim()) continue;
    const bullet = /<a:bu(?:Char|AutoNum)\b/.test(paragraph);
    lines.push(bullet ? `- ${line.trim()}` : line);
  }
  return cleanText(lines.join("\n"));
}
