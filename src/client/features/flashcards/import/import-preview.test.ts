import { describe, expect, it } from "vitest";
import type { ImportPreview } from "#shared/flashcards/contract.ts";
import { importButtonLabel, importedTitle, importSummary, separatorHint } from "./import-preview.tsx";

const card = (question: string) => ({ question, answer: "a", hint: null, tags: [] });
const preview = (planned: ImportPreview["planned"], duplicates: number, errors = 0): ImportPreview => ({
  cards: [card("One"), card("Two"), card("Three")],
  errors: Array.from({ length: errors }, (_, i) => ({ line: i + 1, text: "x", reason: "bad" })),
  duplicates,
  planned,
});

describe("import preview words", () => {
  it("does not count a duplicate that will be skipped among the flashcards ready", () => {
    const p = preview({ imported: 2, updated: 0, skipped: 1 }, 1);
    expect(importSummary(p)).toBe("2 flashcards ready, 1 duplicate skipped");
    expect(importButtonLabel(p)).toBe("Import 2 flashcards");
  });

  it("names the cards to update and the duplicates kept", () => {
    const updating = preview({ imported: 2, updated: 1, skipped: 0 }, 1, 1);
    expect(importSummary(updating)).toBe(
      "2 flashcards ready, 1 flashcard to update, 1 line could not be read",
    );
    expect(importButtonLabel(updating)).toBe("Import 2 flashcards, update 1");
    const keeping = preview({ imported: 3, updated: 0, skipped: 0 }, 1);
    expect(importSummary(keeping)).toBe("3 flashcards ready, 1 duplicate kept");
    expect(importButtonLabel(keeping)).toBe("Import 3 flashcards");
  });

  it("reads as before without duplicates", () => {
    const p = preview({ imported: 3, updated: 0, skipped: 0 }, 0);
    expect(importSummary(p)).toBe("3 flashcards ready");
    expect(importButtonLabel(null)).toBe("Import");
  });
});

describe("the toast after an import", () => {
  it("counts flashcards, as the preview and the Anki import do", () => {
    expect(importedTitle({ imported: 1, updated: 0, skipped: 0, errors: [] } as never)).toBe(
      "Imported 1 flashcard",
    );
    expect(
      importedTitle({
        imported: 20,
        updated: 2,
        skipped: 1,
        errors: [{ line: 3, text: "x", reason: "bad" }],
      } as never),
    ).toBe("Imported 20 flashcards, updated 2, skipped 1 duplicate, skipped 1 unreadable line");
  });
});

describe("separatorHint", () => {
  const problem = (code: string) => ({
    line: 1,
    text: "Front;Back",
    reason: "No comma between front and back",
    code,
  });
  const none = { imported: 0, updated: 0, skipped: 0 };

  it("asks for the file's separator when no line has the one chosen", () => {
    const p: ImportPreview = {
      cards: [],
      errors: [problem("no_delimiter"), problem("no_delimiter")],
      duplicates: 0,
      planned: none,
    };
    expect(separatorHint(p)).toMatch(/choose it above/);
  });

  it("says nothing when some lines made cards or the lines fail for other reasons", () => {
    const other: ImportPreview = {
      cards: [],
      errors: [problem("no_delimiter"), problem("unclosed_quote")],
      duplicates: 0,
      planned: none,
    };
    expect(separatorHint(other)).toBeNull();
    const some: ImportPreview = {
      cards: [card("One")],
      errors: [problem("no_delimiter")],
      duplicates: 0,
      planned: { ...none, imported: 1 },
    };
    expect(separatorHint(some)).toBeNull();
  });
});
