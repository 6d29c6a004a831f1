import { describe, expect, it } from "vitest";
import { normalizeMarkers } from "./openai.ts";

describe("citation markers in the shapes models write them", () => {
  it.each([
    ["In the chloroplasts [1].", "In the chloroplasts [1]."],
    ["In the chloroplasts [1][2].", "In the chloroplasts [1][2]."],
    ["In the chloroplasts [1, 2].", "In the chloroplasts [1][2]."],
    ["In the chloroplasts [1,2; 4].", "In the chloroplasts [1][2][4]."],
    ["In the chloroplasts [2-4].", "In the chloroplasts [2][3][4]."],
    ["In the chloroplasts [1–2].", "In the chloroplasts [1][2]."],
    ["In the chloroplasts [^1].", "In the chloroplasts [1]."],
    ["In the chloroplasts【1】.", "In the chloroplasts[1]."],
    ["In the chloroplasts【4:0†cell-biology.pdf】.", "In the chloroplasts[4]."],
    ["In the chloroplasts [Source 1].", "In the chloroplasts [1]."],
    ["In the chloroplasts [sources 1 and 3].", "In the chloroplasts [1][3]."],
  ])("%s", (written, normalized) => {
    expect(normalizeMarkers(written)).toBe(normalized);
  });

  it("leaves brackets that are not citations", () => {
    for (const text of ["See [the notes].", "The year [2024] matters.", "Let x = [a, b].", "[5-"]) {
      expect(normalizeMarkers(text)).toBe(text);
    }
  });
});
