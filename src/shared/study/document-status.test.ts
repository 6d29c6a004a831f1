import { describe, expect, it } from "vitest";
import { processingLabel } from "./document-status.ts";

describe("processingLabel", () => {
  it("says how many pages are read once the reader knows, and just 'Processing…' before", () => {
    expect(processingLabel(null)).toBe("Processing…");
    expect(processingLabel({ done: 0, total: 0 })).toBe("Processing…");
    expect(processingLabel({ done: 2, total: 40 })).toBe("Processing… (2 of 40 pages)");
    expect(processingLabel({ done: 1, total: 1 })).toBe("Processing… (1 of 1 page)");
  });
});
