import { describe, expect, it } from "vitest";
import { clozeNumbers, reviewOrds } from "./card-model.ts";
import { cardSides, clozeNumbersOf, clozePlainText, parseCloze } from "./card-sides.ts";
import { gradeAnswer } from "./grading.ts";

const cloze = (question: string, ord: number, answer = "") =>
  cardSides({ type: "cloze", ord, question, answer, hint: null });

describe("cloze parsing", () => {
  it("reads numbers, hints and text around them", () => {
    expect(parseCloze("The {{c1::Seine::river}} flows through {{c2::Paris}}.")).toEqual([
      "The ",
      { numbers: [1], content: ["Seine"], hint: "river" },
      " flows through ",
      { numbers: [2], content: ["Paris"], hint: null },
      ".",
    ]);
  });

  it("reads nested clozes", () => {
    expect(parseCloze("{{c1::a {{c2::b}} c}}")).toEqual([
      { numbers: [1], content: ["a ", { numbers: [2], content: ["b"], hint: null }, " c"], hint: null },
    ]);
    expect(clozeNumbersOf("{{c1::a {{c2::b}} c}}")).toEqual([1, 2]);
    expect(clozeNumbers("{{c1::a {{c3::b}} c}} {{c3::d}}")).toEqual([1, 3]);
  });

  it("keeps balanced braces (LaTeX) inside a cloze", () => {
    expect(parseCloze("$x = {{c1::\\frac{a}{b^{2}}}}$")).toEqual([
      "$x = ",
      { numbers: [1], content: ["\\frac{a}{b^{2}}"], hint: null },
      "$",
    ]);
  });

  it("falls back to Anki's first `}}` when braces inside do not balance", () => {
    expect(parseCloze("{{c1::a { b}} c")).toEqual([{ numbers: [1], content: ["a { b"], hint: null }, " c"]);
  });

  it("reads malformed markup as text", () => {
    expect(parseCloze("{{c1::never closed")).toEqual(["{{c1::never closed"]);
    expect(parseCloze("{{cx::y}} {{c::z}} {{c,::w}}")).toEqual(["{{cx::y}} {{c::z}} {{c,::w}}"]);
    expect(parseCloze("{{c1::open {{c2::inner}}")).toEqual([
      "{{c1::open ",
      { numbers: [2], content: ["inner"], hint: null },
    ]);
    expect(clozeNumbersOf("}} {{ :: {{c1::")).toEqual([]);
    expect(clozePlainText("{{c1::a::h}} and {{c2::b}}")).toBe("a and b");
  });

  it("reads `{{c1,2::...}}` as a cloze of cards 1 and 2, as Anki 2.1.56+ does", () => {
    expect(parseCloze("{{c2,1,2::a}}")).toEqual([{ numbers: [1, 2], content: ["a"], hint: null }]);
    expect(clozeNumbersOf("{{c1,,3::a}} {{c0,2::b}}")).toEqual([1, 2, 3]);
    const text = "{{c1,2::shared}} word and {{c1::first}} vs {{c2::second}}";
    expect(cloze(text, 0).prompt).toBe("\\[...\\] word and \\[...\\] vs second");
    expect(cloze(text, 1).prompt).toBe("\\[...\\] word and first vs \\[...\\]");
    expect(cloze(text, 1).answer).toBe("shared, second");
    expect(reviewOrds({ type: "cloze", front: "{{c1,3::a}}" })).toEqual([0, 2]);
  });

  it("shows a c0 cloze's text on every card and makes no card of it, as Anki does", () => {
    expect(parseCloze("{{c0::zero::h}} {{c1::one}}")).toEqual([
      { numbers: [0], content: ["zero"], hint: "h" },
      " ",
      { numbers: [1], content: ["one"], hint: null },
    ]);
    expect(clozeNumbersOf("{{c0::zero}}")).toEqual([]);
    expect(reviewOrds({ type: "cloze", front: "{{c0::a}} {{c1::b}}" })).toEqual([0]);
    expect(cloze("{{c0::zero::h}} {{c1::one}}", 0).prompt).toBe("zero \\[...\\]");
    expect(cloze("{{c0::zero::h}} {{c1::one}}", 0).back).toBe("zero **one**");
  });

  it("gives a review item per cloze number", () => {
    expect(reviewOrds({ type: "cloze", front: "{{c2::a}} {{c1::b}} {{c2::c}}" })).toEqual([0, 1]);
    expect(reviewOrds({ type: "reversed", front: "x" })).toEqual([0, 1]);
    expect(reviewOrds({ type: "basic", front: "{{c1::x}}" })).toEqual([0]);
  });
});

describe("card sides", () => {
  const text = "The {{c1::Seine::river}} flows through {{c2::Paris}} and {{c2::Rouen}}.";

  it("blanks the row's cloze and shows the others", () => {
    expect(cloze(text, 0).prompt).toBe("The \\[river\\] flows through Paris and Rouen.");
    expect(cloze(text, 1).prompt).toBe("The Seine flows through \\[...\\] and \\[...\\].");
  });

  it("reveals the row's cloze on the answer side, with the note's extra text", () => {
    const sides = cloze(text, 1, "Both on the Seine");
    expect(sides.answer).toBe("Paris, Rouen");
    expect(sides.back).toBe("The Seine flows through **Paris** and **Rouen**.\n\nBoth on the Seine");
  });

  it("asks a word blanked several times in one card once", () => {
    const twice = "{{c1::Paris}} is the capital; {{c1::paris}} has {{c1::Seine}} and {{c2::Paris}} again";
    expect(cloze(twice, 0).answer).toBe("Paris, Seine");
    expect(cloze(twice, 0).prompt).toBe("\\[...\\] is the capital; \\[...\\] has \\[...\\] and Paris again");
    expect(gradeAnswer("Paris", cloze("{{c1::Paris}} and {{c1::Paris}}", 0).answer).verdict).toBe("correct");
  });

  it("hides a nested cloze inside the blank, and blanks it inside a shown one", () => {
    const nested = "{{c1::outer {{c2::inner}} text}}";
    expect(cloze(nested, 0).prompt).toBe("\\[...\\]");
    expect(cloze(nested, 0).answer).toBe("outer inner text");
    expect(cloze(nested, 1).prompt).toBe("outer \\[...\\] text");
  });

  it("escapes Markdown in a hint so it stays text", () => {
    expect(cloze("{{c1::x::a [b](c)}}", 0).prompt).toBe("\\[a \\[b\\](c)\\]");
  });

  it("shows a cloze number absent from the text without a blank", () => {
    const sides = cloze("{{c1::only one}}", 4);
    expect(sides.prompt).toBe("only one");
    expect(sides.answer).toBe("only one");
  });

  it("swaps the sides of a reversed card's ord 1 only", () => {
    const row = { type: "reversed", question: "chien", answer: "dog", hint: " " };
    expect(cardSides({ ...row, ord: 0 })).toEqual({
      prompt: "chien",
      answer: "dog",
      back: "dog",
      hint: null,
    });
    expect(cardSides({ ...row, ord: 1 })).toEqual({
      prompt: "dog",
      answer: "chien",
      back: "chien",
      hint: null,
    });
  });

  it("leaves a basic card as written, cloze-like text included", () => {
    const sides = cardSides({ type: "basic", ord: 0, question: "{{c1::x}}", answer: "y", hint: "h" });
    expect(sides).toEqual({ prompt: "{{c1::x}}", answer: "y", back: "y", hint: "h" });
  });
});
