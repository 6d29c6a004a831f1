import { describe, expect, it } from "vitest";
import { cleanText, normalizeLaidOutText, rejoinLines, stripControls } from "./normalize.ts";

const WIDE = "x".repeat(70);

describe("stripControls", () => {
  it("removes NUL, other control characters and BOMs but keeps tabs, newlines and layout", () => {
    expect(stripControls("\uFEFFa\u0000b\u0007c\r\nd\re\tf\n    indented")).toBe(
      "abc\nd\ne\tf\n    indented",
    );
  });

  it("turns Unicode line and paragraph separators into newlines", () => {
    expect(stripControls("a\u2028b\u2029c")).toBe("a\nb\n\nc");
  });
});

describe("cleanText", () => {
  it("collapses runs of spaces, tabs and no-break spaces and trims every line", () => {
    expect(cleanText("  a \t b\u00A0\u00A0c  \n   d   ")).toBe("a b c\nd");
  });

  it("keeps at most one blank line and makes form feeds paragraph breaks", () => {
    expect(cleanText("a\n\n\n\nb\fc")).toBe("a\n\nb\n\nc");
  });

  it("splits ligatures and drops soft hyphens and zero-width characters", () => {
    expect(cleanText("\uFB01nal e\uFB00ort in\u00ADside zero\u200Bwidth")).toBe(
      "final effort inside zerowidth",
    );
  });

  it("turns a soft hyphen at a line end into a hyphenated break", () => {
    expect(normalizeLaidOutText(`${WIDE} exam\u00AD\nple of a wrap.`)).toBe(`${WIDE} example of a wrap.`);
  });

  it("strips NUL characters", () => {
    expect(cleanText("a\u0000b")).toBe("ab");
  });

  it("keeps non-ASCII text untouched", () => {
    expect(cleanText("Café über 细胞 🧬")).toBe("Café über 细胞 🧬");
  });
});

describe("rejoinLines", () => {
  it('mends a hyphenated break: "exam-\\nple" becomes "example"', () => {
    expect(rejoinLines(`A good exam-\nple is the muscle cell, ${WIDE}`)).toBe(
      `A good example is the muscle cell, ${WIDE}`,
    );
  });

  it("joins soft-wrapped lines of a paragraph with a space", () => {
    const text = [
      "Every living organism is made of cells. The plasma membrane is a phospholipid",
      "bilayer that controls which substances enter and leave the cell. Proteins",
      "embedded in the membrane act as channels.",
    ].join("\n");
    expect(rejoinLines(text)).toBe(
      "Every living organism is made of cells. The plasma membrane is a phospholipid bilayer that " +
        "controls which substances enter and leave the cell. Proteins embedded in the membrane act as channels.",
    );
  });

  it("keeps blank-line paragraph breaks", () => {
    expect(rejoinLines(`First paragraph ${WIDE}\nends here.\n\nSecond ${WIDE}\nparagraph.`)).toBe(
      `First paragraph ${WIDE} ends here.\n\nSecond ${WIDE} paragraph.`,
    );
  });

  it("keeps a heading on its own line when no blank line follows it", () => {
    expect(
      rejoinLines(`2. Mitochondria and Energy\nCellular respiration ${WIDE}\ntakes place in cells.`),
    ).toBe(`2. Mitochondria and Energy\nCellular respiration ${WIDE} takes place in cells.`);
  });

  it("ends a paragraph at a short line that closes a sentence", () => {
    expect(rejoinLines(`${WIDE} first\nparagraph ends.\nThe next one ${WIDE}\nstarts.`)).toBe(
      `${WIDE} first paragraph ends.\nThe next one ${WIDE} starts.`,
    );
  });

  it("keeps list items apart and joins the wrapped line of an item", () => {
    const text = `Intro line ${WIDE}:\n• First item\n• Second item that wraps ${WIDE}\nonto the next line\n1. Numbered\na) Lettered`;
    expect(rejoinLines(text)).toBe(
      `Intro line ${WIDE}:\n• First item\n• Second item that wraps ${WIDE} onto the next line\n1. Numbered\na) Lettered`,
    );
  });

  it("carries a sentence on when the next line starts in lower case, even after a short line", () => {
    expect(rejoinLines(`${WIDE}\nshort line without a stop\ncontinues here.`)).toBe(
      `${WIDE} short line without a stop continues here.`,
    );
  });

  it("keeps the hyphen of a compound broken before a capital, and joins URLs without a space", () => {
    expect(
      rejoinLines(`Marie Curie worked with Jean-\nPaul on ${WIDE}\nsee https://example.edu/\ncourse/notes`),
    ).toBe(`Marie Curie worked with Jean-Paul on ${WIDE} see https://example.edu/course/notes`);
  });

  it("joins wrapped CJK lines without a space", () => {
    expect(rejoinLines(`细胞是生物体的基本单位${"细".repeat(40)}\n线粒体是细胞的能量工厂`)).toBe(
      `细胞是生物体的基本单位${"细".repeat(40)}线粒体是细胞的能量工厂`,
    );
  });

  it("keeps narrow blocks (tables, short lists, addresses) line by line", () => {
    expect(rejoinLines("Nucleus\nStores DNA\nRibosome\nBuilds proteins")).toBe(
      "Nucleus\nStores DNA\nRibosome\nBuilds proteins",
    );
  });
});

describe("normalizeLaidOutText", () => {
  it("cleans then rejoins", () => {
    expect(
      normalizeLaidOutText(`  Cellular  respiration ${WIDE} mito-  \n  chondria\u0000 and more.  `),
    ).toBe(`Cellular respiration ${WIDE} mitochondria and more.`);
  });
});
