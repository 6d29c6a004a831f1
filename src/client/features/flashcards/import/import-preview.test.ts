import { describe, expect, it } from "vitest";
import type { ImportPreview } from "#shared/flashcards/contract.ts";
import { importButtonLabel, importSummary } from "./import-preview.tsx";

const card = (question: string) => ({ question, answer: "a", hint: null, tags: [] });
const preview = (planned: ImportPreview["planned"], duplicates: number, errors = 0): ImportPreview => ({
  cards: [card("One"), card("Two"), card("Three")],
  errors: Array.from({ length: errors }, (_, i) => ({ line: i + 1, text: "x", reason: "bad" })),
  duplicates,
  planned,
});

describe("import preview words", () => {
  it("does not count a duplicate that will be skipped among the cards ready", () => {
    const p = preview({ imported: 2, updated: 0, skipped: 1 }, 1);
    expect(importSummary(p)).toBe("2 cards ready, 1 duplicate skipped");
    expect(importButtonLabel(p)).toBe("Import 2 cards");
  });

  it("names the cards to update and the duplicates kept", () => {
    const updating = preview({ imported: 2, updated: 1, skipped: 0 }, 1, 1);
    expect(importSummary(updating)).toBe("2 cards ready, 1 card to update, 1 line could not be read");
    expect(importButtonLabel(updating)).toBe("Import 2 cards, update 1");
    const keeping = preview({ imported: 3, updated: 0, skipped: 0 }, 1);
    expect(importSummary(keeping)).toBe("3 cards ready, 1 duplicate kept");
    expect(importButtonLabel(keeping)).toBe("Import 3 cards");
  });

  it("reads as before without duplicates", () => {
    const p = preview({ imported: 3, updated: 0, skipped: 0 }, 0);
    expect(importSummary(p)).toBe("3 cards ready");
    expect(importButtonLabel(null)).toBe("Import");
  });
});
