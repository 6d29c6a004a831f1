import { describe, expect, it } from "vitest";
import { CHUNK_WORDS, type Chunk, chunkDocument } from "./chunk.ts";
import { readFixture } from "./fixtures/read-fixture.ts";
import { syntheticPages } from "./fixtures/synthetic.ts";

const wordCount = (text: string) => text.match(/\S+/g)?.length ?? 0;

/** Every chunk is a slice of its own page, and together they hold every word of every page, once. */
function expectExactCover(pages: string[], chunks: Chunk[]) {
  chunks.forEach((chunk, i) => {
    expect(chunk.index).toBe(i);
    expect(pages[chunk.page - 1]?.slice(chunk.charStart, chunk.charEnd)).toBe(chunk.text);
  });
  pages.forEach((page, i) => {
    const own = chunks.filter((c) => c.page === i + 1);
    for (let k = 1; k < own.length; k++)
      expect(own[k]!.charStart).toBeGreaterThanOrEqual(own[k - 1]!.charEnd);
    const covered = own.map((c) => c.text).join(" ");
    expect(wordCount(covered)).toBe(wordCount(page));
  });
}

describe("chunkDocument", () => {
  it("keeps each chunk inside its page and loses no word", () => {
    const pages = readFixture("cell-biology");
    const chunks = chunkDocument(pages);
    expectExactCover(pages, chunks);
    expect(new Set(chunks.map((c) => c.page))).toEqual(new Set([1, 2, 3]));
  });

  it("makes chunks of a few hundred words from 100 pages, never past the maximum", () => {
    const pages = syntheticPages(100);
    const chunks = chunkDocument(pages);
    expectExactCover(pages, chunks);
    const sizes = chunks.map((c) => wordCount(c.text));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CHUNK_WORDS.max);
    const typical = sizes.filter((n) => n >= 150).length / sizes.length;
    expect(typical).toBeGreaterThan(0.8);
  });

  it("cuts a long paragraph between sentences", () => {
    const sentence = (i: number) =>
      `Sentence ${i} explains one more detail about enzyme kinetics and the Michaelis constant.`;
    const page = Array.from({ length: 80 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkDocument([page]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text).toMatch(/^Sentence \d+ .*constant\.$/s);
      expect(wordCount(chunk.text)).toBeLessThanOrEqual(CHUNK_WORDS.max);
    }
    expectExactCover([page], chunks);
  });

  it("cuts text with no sentence breaks between words", () => {
    const page = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" ");
    const chunks = chunkDocument([page]);
    expect(chunks.map((c) => wordCount(c.text))).toEqual([350, 350, 300]);
    expectExactCover([page], chunks);
  });

  it("starts a new chunk at a heading once the current one is big enough", () => {
    const paragraph = (topic: string) =>
      Array.from(
        { length: 8 },
        () => `The ${topic} section adds facts that students review before the exam.`,
      ).join(" ");
    const page = `# Glycolysis\n\n${paragraph("glycolysis")}\n\n# Krebs Cycle\n\n${paragraph("krebs")}`;
    const chunks = chunkDocument([page]);
    expect(chunks.map((c) => c.text.split("\n")[0])).toEqual(["# Glycolysis", "# Krebs Cycle"]);
  });

  it("keeps a short page whole and skips empty pages, numbering pages as given", () => {
    const chunks = chunkDocument(["", "Only one line on this page.", "   "]);
    expect(chunks).toEqual([
      { page: 2, index: 0, text: "Only one line on this page.", charStart: 0, charEnd: 27 },
    ]);
  });

  it("folds a short tail into the chunk before it", () => {
    const body = Array.from(
      { length: 30 },
      () => "Ten words in this sentence make the chunk grow steadily.",
    ).join(" ");
    const page = `${body}\n\nThe end.`;
    const chunks = chunkDocument([page]);
    expect(chunks.at(-1)?.text.endsWith("The end.")).toBe(true);
    expect(wordCount(chunks.at(-1)?.text ?? "")).toBeGreaterThan(CHUNK_WORDS.min);
  });
});
