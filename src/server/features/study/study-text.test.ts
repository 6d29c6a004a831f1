import { describe, expect, it } from "vitest";
import { pageRanges, titleFromText } from "./study-text.ts";

describe("pageRanges", () => {
  it("places each non-blank page in the text extractDocument joins with blank lines", () => {
    const pages = [
      { n: 1, text: "First page" },
      { n: 2, text: "   " },
      { n: 3, text: "Third\npage" },
      { n: 4, text: "Last" },
    ];
    const text = pages
      .map((p) => p.text)
      .filter((t) => t.trim())
      .join("\n\n");
    const ranges = pageRanges(pages);
    expect(ranges.map((r) => r.page)).toEqual([1, 3, 4]);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(["First page", "Third\npage", "Last"]);
    expect(ranges.at(-1)?.end).toBe(text.length);
  });

  it("answers no ranges for no text", () => {
    expect(pageRanges([{ n: 1, text: "" }])).toEqual([]);
  });
});

describe("titleFromText", () => {
  it("takes the first non-blank line, squeezed and shortened", () => {
    expect(titleFromText("\n\n  Photosynthesis   notes \nbody")).toBe("Photosynthesis notes");
    const long = titleFromText("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("...")).toBe(true);
    expect(titleFromText(" \n ")).toBe("Untitled document");
  });
});
