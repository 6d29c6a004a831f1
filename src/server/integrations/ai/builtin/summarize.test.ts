import { describe, expect, it } from "vitest";
import { readFixture } from "./fixtures/read-fixture.ts";
import { syntheticPages } from "./fixtures/synthetic.ts";
import { analyzeDocument, pageBlocks } from "./structure.ts";
import { type Summary, summarize } from "./summarize.ts";

const FIXTURES = ["cell-biology", "algorithms", "french-revolution"] as const;
const STYLES = ["brief", "bullets", "detailed"] as const;
const flat = (text: string) => text.replace(/\s+/g, " ");

/** Where each summary sentence starts in the document, which also proves it is quoted verbatim. */
function positions(pages: string[], summary: Summary): number[] {
  const source = flat(pages.join(" "));
  return summary.sentences.map((s) => {
    const at = source.indexOf(s.text);
    expect(at, s.text).toBeGreaterThanOrEqual(0);
    return at;
  });
}

/** Every line of the source that is not prose: headings, code, diagrams and tables. */
function nonProseLines(pages: string[]): string[] {
  return pages.flatMap((page) =>
    pageBlocks(page)
      .filter((b) => b.kind !== "paragraph" && b.kind !== "list")
      .flatMap((b) => b.text.split("\n"))
      .map((line) => line.trim().replace(/^#+\s*/, ""))
      .filter((line) => line.length > 3),
  );
}

describe("summarize", () => {
  it.each(FIXTURES)("brief on %s: 3 sentences quoted from the text, in document order", (name) => {
    const pages = readFixture(name);
    const summary = summarize(pages, "brief");
    expect(summary.style).toBe("brief");
    expect(summary.sentences).toHaveLength(3);
    const at = positions(pages, summary);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(summary.text).toBe(summary.sentences.map((s) => s.text).join(" "));
  });

  it.each(FIXTURES)("never quotes a heading, code, diagram or table line from %s", (name) => {
    const pages = readFixture(name);
    const forbidden = nonProseLines(pages);
    expect(forbidden.length).toBeGreaterThan(3);
    for (const style of STYLES) {
      for (const sentence of summarize(pages, style).sentences) {
        for (const line of forbidden) expect(sentence.text).not.toContain(line);
        expect(sentence.text).not.toMatch(/──|-->|```|\|\s*\w+\s*\||^\s*#/);
      }
    }
  });

  it.each(FIXTURES)("bullets on %s: 3 to 7 '- ' lines, one per chosen sentence", (name) => {
    const summary = summarize(readFixture(name), "bullets");
    const lines = summary.text.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeLessThanOrEqual(7);
    expect(lines).toEqual(summary.sentences.map((s) => `- ${s.text}`));
  });

  it("detailed follows the headings: each section's own key sentences under its title, in order", () => {
    const pages = readFixture("algorithms");
    const summary = summarize(pages, "detailed");
    const { sections, sentences } = analyzeDocument(pages);
    const sectionOf = new Map(sentences.map((s) => [s.text, sections[s.section]?.title]));
    const headings = summary.text.split("\n").filter((l) => l.startsWith("## "));
    expect(headings).toEqual([
      "## 1 Analysing Algorithms",
      "## 1.1 Big-O Notation",
      "## 1.2 Binary Search",
      "## 2.1 Merge Sort",
      "## 2.2 Quicksort",
    ]);
    const blocks = summary.text.split("\n\n");
    for (let i = 0; i < blocks.length; i += 2) {
      const title = blocks[i]?.replace(/^## /, "");
      const body = blocks[i + 1] ?? "";
      const quoted = summary.sentences.filter((s) => body.includes(s.text));
      expect(quoted.length).toBeGreaterThan(0);
      for (const s of quoted) expect(sectionOf.get(s.text)).toBe(title);
    }
    expect(blocks.length).toBe(headings.length * 2);
    expect(summary.text).toContain("Quicksort picks a pivot, partitions the array around it");
  });

  it("never picks two near-duplicate sentences", () => {
    const pages = readFixture("cell-biology");
    for (const style of STYLES) {
      const mitochondria = summarize(pages, style).sentences.filter((s) =>
        s.text.startsWith("Mitochondria are the organelles in which cellular respiration"),
      );
      expect(mitochondria.length, style).toBeLessThanOrEqual(1);
    }
    const repeated = Array.from(
      { length: 6 },
      () => "Enzymes lower the activation energy of chemical reactions.",
    );
    const varied = [
      "Enzymes are proteins that act as biological catalysts.",
      "Each enzyme binds its substrate at the active site.",
      "Temperature and pH change how fast enzymes work.",
    ];
    const brief = summarize([[...repeated, ...varied].join(" ")], "brief");
    expect(brief.sentences.map((s) => s.text)).toEqual([
      "Enzymes lower the activation energy of chemical reactions.",
      ...varied.slice(0, 2),
    ]);
  });

  it("gives the page of each sentence", () => {
    const summary = summarize(readFixture("french-revolution"), "detailed");
    const terror = summary.sentences.find((s) => s.text.startsWith("The Reign of Terror refers to"));
    expect(terror?.page).toBe(2);
    expect(summary.sentences.find((s) => s.text.startsWith("The French Revolution was"))?.page).toBe(1);
  });

  it("returns what there is when the text is shorter than the style asks for", () => {
    const one = summarize(
      ["Photosynthesis turns light energy into chemical energy in chloroplasts."],
      "bullets",
    );
    expect(one.sentences).toHaveLength(1);
    expect(one.text).toBe("- Photosynthesis turns light energy into chemical energy in chloroplasts.");
    expect(summarize(["Too short.", "Tiny."], "brief").sentences.map((s) => s.text)).toEqual([
      "Too short.",
      "Tiny.",
    ]);
  });

  it("ends unpunctuated slide lines with a stop in the prose, quoting them as written", () => {
    const slide =
      "Membrane Transport\nPassive transport needs no energy from the cell\nOsmosis moves water across the membrane\nActive transport pumps ions against the gradient";
    const brief = summarize([slide], "brief");
    expect(brief.sentences.map((s) => s.text)).toEqual([
      "Passive transport needs no energy from the cell",
      "Osmosis moves water across the membrane",
      "Active transport pumps ions against the gradient",
    ]);
    expect(brief.text).toBe(
      "Passive transport needs no energy from the cell. Osmosis moves water across the membrane. Active transport pumps ions against the gradient.",
    );
  });

  it("returns an empty summary for text with no prose", () => {
    expect(summarize(["", "# Only A Heading\n\n```\ncode();\n```"], "brief")).toEqual({
      style: "brief",
      text: "",
      sentences: [],
    });
  });

  it("handles 100 pages: 3 brief sentences, 7 bullets, no code or headings", () => {
    const pages = syntheticPages(100);
    const brief = summarize(pages, "brief");
    const bullets = summarize(pages, "bullets");
    expect(brief.sentences).toHaveLength(3);
    expect(bullets.sentences).toHaveLength(7);
    for (const s of [...brief.sentences, ...bullets.sentences]) {
      expect(s.text).toMatch(/^[A-Z].*\.$/);
      expect(s.text).not.toMatch(/for \(let|-->|\+---/);
    }
    positions(pages, brief);
  });
});

describe("summarize real-document text", () => {
  const header = "User's Guide for the Toolkit";
  const pages = [
    "User's Guide for the Toolkit\n\nA software package for linear spaces\n\nDecember 26, 2022",
    `${header}\n\n1\n\n# 1 Introduction\n\nThe toolkit solves linear systems over the integers and the rationals. In 4ti2 version 1.3.1 and later, all appearing numbers have to be integers. The main type used in it is asn1_node, and it is used to store the ASN.1 definitions and structures.\n\nThe following programs are included:\n\n- zsolve\n- qsolve`,
    `${header}\n\n2\n\n# 2 Systems\n\nA linear system is defined by constraints in unknowns, where each constraint is a relation. There is no particular difference between a linear system and an integer linear system. Each system is written to a project file before it is solved.`,
    `${header}\n\n3\n\n# 3 Output\n\nThe solver writes its results to files named after the project. Every result file holds one vector per line after a header line. Results can be read back as input to another computation.`,
    `${header}\n\n4\n\n# Appendix A GNU Free Documentation License\n\nPermission is granted to copy, distribute and/or modify this document under the terms of the GNU Free Documentation License. The Document may contain Invariant Sections. You may copy and distribute a Modified Version of the Document under the conditions of sections 2 and 3 above.`,
  ];

  it("gives the same summary every time", () => {
    for (const style of STYLES) expect(summarize(pages, style)).toEqual(summarize(pages, style));
  });

  it("quotes complete sentences only: no cover page, header, page number, lead-in or licence text", () => {
    for (const style of STYLES) {
      const summary = summarize(pages, style);
      expect(summary.sentences.length, style).toBeGreaterThan(0);
      for (const { text } of summary.sentences) {
        expect(text).toMatch(/^[A-Z0-9]/);
        expect(text).toMatch(/[.!?]$/);
        expect(text).not.toMatch(
          /following programs|Permission|Invariant|Modified Version|User's Guide|software package/,
        );
      }
      expect(summary.text).not.toMatch(/GNU Free Documentation|\n\n\d\n|^\d$/m);
    }
    const detailed = summarize(pages, "detailed").text;
    expect(detailed).toContain("## 1 Introduction");
    expect(detailed).not.toContain("## Appendix A");
    const all = STYLES.flatMap((style) => summarize(pages, style).sentences.map((s) => s.text));
    for (const text of all) expect(pages.join(" ").replace(/\s+/g, " "), text).toContain(text);
  });

  it("shows a Markdown document's sentences without their bold marks", () => {
    const pages = [
      [
        "# Introduction",
        "",
        "Most programming languages are **procedural**: programs are lists of instructions that tell the computer what to do. Some languages are declarative instead, and a query planner decides how to run them. Functional programming breaks a problem into a set of small functions that take inputs and produce outputs.",
        "",
        "# Formal provability",
        "",
        "The technique used to prove programs correct is to write down **invariants**, properties of the input data that are always true. For each line of code you then show that the invariants still hold after it runs. Proving a whole program correct this way is rarely practical for large programs.",
        "",
        "# Keyword arguments",
        "",
        "Python collects the extra keyword arguments of a call in a dictionary usually written as **kwargs in the signature. The function body reads the dictionary like any other mapping of names to values. A caller may also unpack a dictionary into keyword arguments at the call site.",
      ].join("\n"),
    ];
    const detailed = summarize(pages, "detailed").text;
    expect(detailed).toContain("Most programming languages are procedural: programs");
    expect(detailed).toContain("write down invariants, properties");
    for (const style of STYLES) expect(summarize(pages, style).text, style).not.toMatch(/\*\*[a-z]+\*\*/);
  });

  describe("brief: the document's opening statement first", () => {
    // The opening sentence names the subject; the sections' sentences share more words with each other,
    // so by centrality alone it is not among the three.
    const body = [
      "## Glycolysis",
      "Glycolysis splits each glucose molecule into two pyruvate molecules in the cytoplasm.",
      "The cytoplasm gains two ATP and two NADH from every glucose molecule that glycolysis splits.",
      "## The Krebs cycle",
      "Pyruvate enters the mitochondria, where the Krebs cycle oxidises it to carbon dioxide.",
      "Each turn of the Krebs cycle in the mitochondria passes electrons to NADH and FADH2.",
      "## Oxidative phosphorylation",
      "The electron transport chain in the inner membrane of the mitochondria uses NADH to pump protons.",
      "Protons flowing back through ATP synthase drive the mitochondria to make most of the cell's ATP.",
      "Oxygen takes the electrons at the end of the chain in the mitochondria and becomes water.",
    ];
    const opening =
      "Cellular respiration is how living cells release the energy stored in glucose and keep it as ATP.";

    it("leads with the first sentence of the introduction", () => {
      const pages = [["# Respiration", "## Introduction", opening, ...body].join("\n\n")];
      const brief = summarize(pages, "brief");
      expect(brief.sentences).toHaveLength(3);
      expect(brief.sentences[0]?.text).toBe(opening);
      expect(brief.sentences.slice(1).every((s) => body.includes(s.text))).toBe(true);
      const byCentrality = summarize(
        [["# Respiration", "## Introduction", ...body, opening].join("\n\n")],
        "brief",
      );
      expect(byCentrality.sentences.map((s) => s.text)).not.toContain(opening);
    });

    it("passes over a dedication, a list item and a sentence that leans on an earlier one", () => {
      const pages = [
        [
          "# Respiration",
          "## Dedication",
          "To our teacher, who showed us how the mitochondria make ATP from glucose, we dedicate this book.",
          "## Introduction",
          "- Students learning how the mitochondria of the cell make ATP from glucose.",
          "- Teachers preparing lessons on glucose, the mitochondria and ATP.",
          "It is the subject of the whole book and of the mitochondria, glucose and ATP.",
          opening,
          ...body,
        ].join("\n\n"),
      ];
      const brief = summarize(pages, "brief").sentences.map((s) => s.text);
      expect(brief).toContain(opening);
      expect(brief.join(" ")).not.toMatch(/dedicate|It is the subject/);
    });
  });
});
