import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "../../documents/parse.ts";
import type { DocumentKind } from "../../documents/types.ts";
import { chunkDocument } from "./chunk.ts";
import { definitionCards } from "./definitions.ts";
import { bestSentences, coverage, MIN_COVERAGE, questionTerms } from "./query.ts";
import { summarize } from "./summarize.ts";

// The engine on the project's fixture files, as the extraction module hands them over: one string per page.

async function pagesOf(file: string, kind: DocumentKind): Promise<string[]> {
  const bytes = new Uint8Array(
    readFileSync(new URL(`../../../../../tests/fixtures/documents/${file}`, import.meta.url)),
  );
  const parsed = await parseDocument({ kind, bytes });
  if (!parsed.ok) throw new Error(`${file}: ${parsed.reason}`);
  return parsed.pages.map((p) => p.text);
}

describe("the built-in engine on extracted fixture documents", () => {
  let pdf: string[];
  let slides: string[];
  beforeAll(async () => {
    pdf = await pagesOf("cell-biology.pdf", "pdf");
    slides = await pagesOf("lecture-slides.pptx", "pptx");
  });

  it("summarizes the PDF from its prose only, in document order, under its numbered headings", () => {
    const flat = pdf.join(" ").replace(/\s+/g, " ");
    const brief = summarize(pdf, "brief");
    expect(brief.sentences).toHaveLength(3);
    const at = brief.sentences.map((s) => flat.indexOf(s.text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const detailed = summarize(pdf, "detailed");
    expect(detailed.text.split("\n").filter((l) => l.startsWith("## "))).toEqual([
      "## 1. Cell Structure",
      "## 2. Mitochondria and Energy",
      "## 3. Photosynthesis",
      "## 4. Cell Division",
    ]);
    for (const s of detailed.sentences) expect(s.text).not.toMatch(/^(?:\d\. )?[A-Z][a-z]+(?: [A-Za-z]+)*$/);
  });

  it("summarizes slides whose lines have no final stops", () => {
    const bullets = summarize(slides, "bullets");
    expect(bullets.sentences.length).toBeGreaterThanOrEqual(3);
    for (const s of bullets.sentences) expect(slides[s.page - 1]).toContain(s.text);
    expect(bullets.sentences.map((s) => s.text)).not.toContain("Cell Biology Lecture 2");
  });

  it("drafts cards from the PDF's definitions with their pages", () => {
    const cards = definitionCards(pdf);
    expect(cards).toContainEqual({
      quality: expect.any(Number),
      term: "the plasma membrane",
      question: "What is the plasma membrane?",
      answer: "A phospholipid bilayer that controls which substances enter and leave the cell.",
      page: 1,
    });
    expect(cards.find((c) => c.term === "Metaphase")?.page).toBe(4);
  });

  it("finds the page that answers a question and quotes the answering sentence", () => {
    const chunks = chunkDocument(pdf);
    expect(chunks.map((c) => c.page)).toEqual([1, 2, 3, 4]);
    for (const c of chunks) expect(pdf[c.page - 1]?.slice(c.charStart, c.charEnd)).toBe(c.text);
    const terms = questionTerms("Where does the Calvin cycle fix carbon dioxide?");
    const ranked = [...chunks].sort((a, b) => coverage(terms, b.text) - coverage(terms, a.text));
    expect(ranked[0]?.page).toBe(3);
    expect(coverage(terms, ranked[0]!.text)).toBeGreaterThanOrEqual(MIN_COVERAGE);
    expect(bestSentences(terms, ranked[0]!.text, 1).map((s) => s.text)).toEqual([
      "The light-dependent reactions happen in the thylakoid membranes; the Calvin cycle fixes carbon dioxide in the stroma.",
    ]);
  });
});
