import { describe, expect, it } from "vitest";
import { BLANK, clozeDrafts } from "./cloze.ts";
import { definitionCards } from "./definitions.ts";
import { draftCards, draftQuiz, SELECTED_QUALITY } from "./drafts.ts";
import { readFixture } from "./fixtures/read-fixture.ts";
import { analyzeDocument } from "./structure.ts";

describe("definition shapes", () => {
  it("reads 'stands for', 'Y is called X', 'Y, called X,' and a heading with its defining sentence", () => {
    const cards = definitionCards([
      "IDL stands for Interface Description Language.\n\nA partition identity is called primitive if no proper subidentity exists.\n\nThe first stanza, called the header stanza, names the package.\n\n# Garbage collection\n\nGarbage collection frees the memory that no object refers to any more.",
    ]);
    expect(cards.map((c) => [c.question, c.answer])).toEqual([
      ["What is IDL?", "Interface Description Language."],
      ["What is primitive?", "A partition identity is called primitive if no proper subidentity exists."],
      ["What is the header stanza?", "The first stanza, called the header stanza, names the package."],
      [
        "What is garbage collection?",
        "Garbage collection frees the memory that no object refers to any more.",
      ],
    ]);
  });

  it("never takes a term that ends on a function word or names nothing", () => {
    const cards = definitionCards([
      "Although there is a limit, the pool grows.\n\nClasses provide a means of bundling data.\n\nThe limited expression can be a constant name.",
    ]);
    for (const card of cards)
      expect(card.question).not.toMatch(
        /What is (?:although there|classes provide a|the limited expression can)\?/i,
      );
  });
});

describe("cloze drafts", () => {
  const doc = analyzeDocument([
    "# Library Notes\n\nThe header file of this library is libtasn1.h and every program includes it.\n\nThe main type used in it is asn1_node, and it is used to store the definitions and structures.\n\nThe asn1_node type is created by the parser from a definitions file.\n\nEvery function returns ASN1_SUCCESS when it succeeds and an error code otherwise.\n\nThe error codes are listed with asn1_strerror, which gives a message for each one.",
  ]);

  it("blanks one key term of a complete sentence and keeps the sentence in Anki's cloze syntax", () => {
    const drafts = clozeDrafts(doc, 3);
    expect(drafts.length).toBeGreaterThan(0);
    for (const d of drafts) {
      expect(d.question.split(BLANK)).toHaveLength(2);
      const sentence = d.question.replace(BLANK, d.answer);
      expect(d.cloze).toBe(d.question.replace(BLANK, `{{c1::${d.answer}}}`));
      expect(doc.sentences.map((s) => s.text)).toContain(sentence);
      expect(sentence.split(d.answer)).toHaveLength(2);
      expect(d.answer).toMatch(/\p{L}{3}/u);
    }
    expect(drafts.some((d) => d.termKind === "identifier")).toBe(true);
  });

  it("gives the same drafts every time", () => {
    expect(clozeDrafts(doc, 3)).toEqual(clozeDrafts(doc, 3));
  });
});

describe("draftCards and draftQuiz", () => {
  const pages = readFixture("cell-biology");

  it("gives definitions first, then cloze drafts, each ticked only at or above the quality threshold", () => {
    const cards = draftCards(pages);
    const kinds = cards.map((c) => c.kind);
    expect(kinds.indexOf("cloze")).toBeGreaterThan(kinds.lastIndexOf("definition"));
    expect(kinds).toContain("cloze");
    for (const card of cards) {
      expect(card.selected).toBe((card.quality ?? 0) >= SELECTED_QUALITY);
      if (card.kind === "cloze") expect(card.question).toContain(BLANK);
    }
  });

  it("makes a quiz without a model: the answer among distinct options, the same quiz every time", () => {
    const quiz = draftQuiz(pages);
    expect(quiz.length).toBeGreaterThanOrEqual(5);
    for (const q of quiz) {
      expect(q.options).toContain(q.answer);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(q.options.length);
      expect(q.options.length).toBeGreaterThanOrEqual(3);
    }
    expect(quiz.some((q) => q.question.includes(BLANK))).toBe(true);
    expect(draftQuiz(pages)).toEqual(quiz);
  });
});
