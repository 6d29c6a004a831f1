import { describe, expect, it } from "vitest";
import { readFixture } from "./fixtures/read-fixture.ts";
import { analyzeDocument, type BlockKind, pageBlocks } from "./structure.ts";

const kinds = (page: string) => pageBlocks(page).map((b) => [b.kind, b.text] as [BlockKind, string]);

describe("pageBlocks", () => {
  it("recognises markdown, numbered, Title Case and ALL CAPS headings", () => {
    const page = [
      "# Cell Biology",
      "Cells are small.",
      "1.2 Membrane Transport",
      "Water moves by osmosis.",
      "THE NUCLEUS",
      "The nucleus holds DNA.",
      "Energy and Metabolism",
      "Cells need energy to live.",
    ].join("\n");
    expect(kinds(page).map(([k]) => k)).toEqual([
      "heading",
      "paragraph",
      "heading",
      "paragraph",
      "heading",
      "paragraph",
      "heading",
      "paragraph",
    ]);
    expect(pageBlocks(page).map((b) => b.level)).toEqual([
      1,
      undefined,
      2,
      undefined,
      1,
      undefined,
      1,
      undefined,
    ]);
  });

  it("reads '1. Title' alone as a heading and '1. ...' lines in a run as a list", () => {
    expect(kinds("1. Introduction\n\nThe course starts now.").map(([k]) => k)).toEqual([
      "heading",
      "paragraph",
    ]);
    expect(kinds("1. Mitochondria\n2. Ribosomes\n3. Golgi apparatus").map(([k]) => k)).toEqual([
      "list",
      "list",
      "list",
    ]);
  });

  it("keeps list items apart, with their wrapped continuation lines", () => {
    const page =
      "- Osmosis moves water\n  across a membrane.\n* Diffusion moves solutes.\n• Pumps use ATP.\n2) Vesicles carry cargo.";
    expect(kinds(page)).toEqual([
      ["list", "- Osmosis moves water\n  across a membrane."],
      ["list", "* Diffusion moves solutes."],
      ["list", "• Pumps use ATP."],
      ["list", "2) Vesicles carry cargo."],
    ]);
  });

  it("marks fenced code, indented code, box drawing and ASCII diagrams as code", () => {
    const page = [
      "Here is the loop we wrote in class.",
      "```",
      "for (let i = 0; i < n; i++) {",
      "  total += i;",
      "}",
      "```",
      "",
      "    x = compute(y)",
      "",
      "┌──────┐    ┌──────┐",
      "│ CPU  │───►│ RAM  │",
      "└──────┘    └──────┘",
      "",
      "+-------+     +-------+",
      "| input | --> | parse |",
      "+-------+     +-------+",
    ].join("\n");
    expect(kinds(page).map(([k]) => k)).toEqual(["paragraph", "code", "code", "code", "code"]);
  });

  it("marks markdown and column-aligned tables as tables", () => {
    const page =
      "| Term | Meaning |\n|------|---------|\n| ATP | energy |\n\nName     Credits     Grade\nBiology     4     A";
    expect(kinds(page).map(([k]) => k)).toEqual(["table", "table"]);
  });

  it("joins hard-wrapped prose lines into one paragraph and keeps a wrapped title-like line out of headings", () => {
    const page =
      "The cell membrane is made of\nphospholipids and proteins that\ncontrol the transport of ions.\nThe Membrane Is Selectively Permeable.\nIt keeps the cytoplasm apart.";
    expect(kinds(page)).toEqual([["paragraph", page]]);
  });

  it("reads unpunctuated lines that each start with a capital as separate paragraphs, like slide text", () => {
    const slide =
      "Photosynthesis Overview\nLight reactions occur in the thylakoid membranes\nThe Calvin cycle fixes carbon dioxide in the stroma";
    expect(kinds(slide)).toEqual([
      ["heading", "Photosynthesis Overview"],
      ["paragraph", "Light reactions occur in the thylakoid membranes"],
      ["paragraph", "The Calvin cycle fixes carbon dioxide in the stroma"],
    ]);
  });

  it("gives offsets that reproduce each block from the page", () => {
    const page = "# Title\n\nFirst paragraph here.\n\n- item one\n- item two\n";
    for (const block of pageBlocks(page)) expect(page.slice(block.start, block.end)).toBe(block.text);
    const item = pageBlocks(page).find((b) => b.kind === "list");
    expect(page.slice(item?.bodyStart, item?.end)).toBe("item one");
  });
});

describe("analyzeDocument", () => {
  it("takes sentences only from paragraphs and list items, never from headings, code or tables", () => {
    const pages = readFixture("cell-biology");
    const { sentences } = analyzeDocument(pages);
    const all = sentences.map((s) => s.text);
    expect(all).toContain(
      "The cell is the basic unit of life, and every living organism is made of one or more cells.",
    );
    expect(all).toContain("Prokaryotic DNA sits in a region called the nucleoid, not in a nucleus.");
    for (const text of all) {
      expect(text).not.toMatch(/^#|Lecture 4|──|-->|\||^Key differences/);
    }
  });

  it("groups blocks under their headings across page breaks, numbering pages from 1", () => {
    const { sections, sentences } = analyzeDocument(readFixture("algorithms"));
    expect(sections.map((s) => s.title)).toEqual([
      "1 Analysing Algorithms",
      "1.1 Big-O Notation",
      "1.2 Binary Search",
      "2 Sorting",
      "2.1 Merge Sort",
      "2.2 Quicksort",
    ]);
    const quicksort = sentences.filter((s) => sections[s.section]?.title === "2.2 Quicksort");
    expect(quicksort[0]?.text).toBe(
      "Quicksort picks a pivot, partitions the array around it and sorts the two parts recursively.",
    );
    expect(quicksort.map((s) => s.position)).toEqual(quicksort.map((_, i) => i));
    expect(quicksort.every((s) => s.page === 2)).toBe(true);
    expect(sentences.some((s) => s.text.includes("binary_search") || s.text.includes("lo, hi"))).toBe(false);
  });

  it("locates each sentence in its page", () => {
    const pages = readFixture("french-revolution");
    for (const s of analyzeDocument(pages).sentences) {
      expect(pages[s.page - 1]?.slice(s.start, s.end).replace(/\s+/g, " ")).toBe(s.text);
    }
  });

  it("returns no sections and no sentences for empty pages", () => {
    expect(analyzeDocument(["", "  \n"])).toEqual({ sections: [], sentences: [] });
  });
});
