import { describe, expect, it } from "vitest";
import { acceptedAnswers, gradeAnswer, lenientForm, typosAllowed } from "./grading.ts";

const verdict = (typed: string, answer: string) => gradeAnswer(typed, answer).verdict;

describe("lenientForm", () => {
  it("ignores case, accents, punctuation, spacing and a leading article", () => {
    expect(lenientForm("  The Mitochondrion! ")).toBe("mitochondrion");
    expect(lenientForm("Café-crème")).toBe("cafe creme");
    expect(lenientForm("an   apple")).toBe("apple");
    expect(lenientForm("A")).toBe("a");
    expect(lenientForm("salt & pepper")).toBe("salt and pepper");
  });

  it("folds accents and optional vowel points, but not the vowel signs of Indic and Thai scripts", () => {
    expect(lenientForm("Ἀθῆναι")).toBe(lenientForm("Αθηναι"));
    expect(lenientForm("Ёлка")).toBe("елка");
    expect(lenientForm("كَتَبَ")).toBe("كتب");
    expect(lenientForm("שָׁלוֹם")).toBe("שלום");
    expect(lenientForm("कि")).not.toBe(lenientForm("क"));
    expect(lenientForm("কি")).not.toBe(lenientForm("ক"));
    expect(lenientForm("กิน")).not.toBe(lenientForm("กน"));
    expect(lenientForm("கி")).not.toBe(lenientForm("க"));
    expect(lenientForm("が")).not.toBe(lenientForm("か"));
    expect(lenientForm("한국")).toBe("한국");
  });
});

describe("acceptedAnswers", () => {
  it("reads alternatives written with ';', ' / ' or on separate lines, and keeps the whole answer", () => {
    expect(acceptedAnswers("car; automobile")).toEqual(["car; automobile", "car", "automobile"]);
    expect(acceptedAnswers("colour / color")).toEqual(["colour / color", "colour", "color"]);
    expect(acceptedAnswers("one\ntwo")).toEqual(["one\ntwo", "one", "two"]);
    // A slash inside a word is part of the answer (km/h), not a choice.
    expect(acceptedAnswers("km/h")).toEqual(["km/h"]);
  });

  it("makes words in brackets optional, but not brackets that are part of a formula", () => {
    expect(acceptedAnswers("mitochondria (organelle)")).toEqual(["mitochondria (organelle)", "mitochondria"]);
    expect(acceptedAnswers("(cell) membrane; plasmalemma")).toEqual([
      "(cell) membrane; plasmalemma",
      "(cell) membrane",
      "plasmalemma",
      "membrane; plasmalemma",
      "membrane",
    ]);
    expect(acceptedAnswers("f(x) = 2x")).toEqual(["f(x) = 2x"]);
    expect(acceptedAnswers("x = (-5)")).toEqual(["x = (-5)"]);
    expect(acceptedAnswers("(optional)")).toEqual(["(optional)"]);
  });
});

describe("gradeAnswer", () => {
  it("accepts the answer however it is cased, accented or punctuated", () => {
    expect(verdict("mitochondria", "Mitochondria")).toBe("correct");
    expect(verdict("resume", "Résumé")).toBe("correct");
    expect(verdict("the French Revolution", "French Revolution.")).toBe("correct");
    expect(verdict("H2O", "H₂O")).toBe("correct");
  });

  it("accepts any written alternative", () => {
    expect(verdict("automobile", "car; automobile")).toBe("correct");
    expect(gradeAnswer("color", "colour / color").expected).toBe("color");
  });

  it("accepts an answer with or without its words in brackets", () => {
    expect(verdict("mitochondria", "mitochondria (organelle)")).toBe("correct");
    expect(verdict("mitochondria organelle", "mitochondria (organelle)")).toBe("correct");
    expect(verdict("membrane", "(cell) membrane")).toBe("correct");
    expect(verdict("cell membrane", "(cell) membrane")).toBe("correct");
    expect(verdict("organelle", "mitochondria (organelle)")).toBe("wrong");
  });

  it("forgives a small typo in a long enough word and says which answer was meant", () => {
    expect(gradeAnswer("photosynthsis", "photosynthesis")).toEqual({
      verdict: "typo",
      expected: "photosynthesis",
    });
    expect(verdict("mitocondria", "mitochondria")).toBe("typo");
    expect(verdict("prokaryotes", "prokaryote")).toBe("typo");
  });

  it("does not forgive typos in short words, or two in a medium one", () => {
    expect(verdict("cat", "car")).toBe("wrong");
    expect(verdict("hosue", "house")).toBe("typo");
    expect(verdict("hsoeu", "house")).toBe("wrong");
  });

  it("marks a different number wrong, however close its digits", () => {
    expect(verdict("1429", "1492")).toBe("wrong");
    expect(verdict("in 1492", "1492")).toBe("wrong");
    expect(verdict("Year 1492", "year 1492")).toBe("correct");
  });

  it("keeps signs and operators that decide the answer, and drops punctuation that does not", () => {
    expect(verdict("5", "-5")).toBe("wrong");
    expect(verdict("-5", "5")).toBe("wrong");
    expect(verdict("− 5", "-5")).toBe("correct");
    expect(verdict("5.", "5")).toBe("correct");
    expect(verdict("x-1", "x+1")).toBe("wrong");
    // Long enough for a typo allowance, but a changed operator is never a typo.
    expect(verdict("x - 1 = 10", "x + 1 = 10")).toBe("wrong");
    expect(verdict("x+1=10", "x + 1 = 10")).toBe("correct");
    expect(verdict("34", "3/4")).toBe("wrong");
    expect(verdict("3 4", "3/4")).toBe("wrong");
    expect(verdict("3/4", "¾")).toBe("correct");
    expect(verdict("x > 5", "x < 5")).toBe("wrong");
    expect(verdict("a != b", "a ≠ b")).toBe("correct");
    expect(verdict("a = b", "a ≠ b")).toBe("wrong");
    expect(verdict("C", "C++")).toBe("wrong");
    expect(verdict("c++", "C++")).toBe("correct");
    expect(verdict("C", "C#")).toBe("wrong");
    expect(verdict("50", "50%")).toBe("wrong");
    expect(verdict("50 percent", "50%")).toBe("correct");
    expect(verdict("2*3", "2 × 3")).toBe("correct");
    expect(verdict("x = -b", "x=−b")).toBe("correct");
    // Hyphens and slashes inside words, a date's separators and Markdown emphasis are punctuation.
    expect(verdict("well known", "well-known")).toBe("correct");
    expect(verdict("covid 19", "COVID-19")).toBe("correct");
    expect(verdict("km h", "km/h")).toBe("correct");
    expect(verdict("2024/01/05", "2024-01-05")).toBe("correct");
    expect(verdict("bold", "**bold**")).toBe("correct");
  });

  it("reads a superscript as a power, and a power typed inline as a near miss at best", () => {
    expect(verdict("x^2", "x²")).toBe("correct");
    expect(verdict("x²", "x^2")).toBe("correct");
    expect(verdict("10^-3", "10⁻³")).toBe("correct");
    expect(verdict("x2", "x²")).toBe("typo");
    expect(verdict("x^2 + y^2", "x² + y²")).toBe("correct");
    expect(verdict("x2 + y2", "x² + y²")).toBe("typo");
    // A number's power typed inline is another number; a different power is never a typo.
    expect(verdict("102", "10²")).toBe("wrong");
    expect(verdict("x³", "x²")).toBe("wrong");
    expect(verdict("area in m3", "area in m²")).toBe("wrong");
    expect(verdict("x₃", "x₂")).toBe("wrong");
  });

  it("takes a number however its thousands are grouped, and a decimal point or comma", () => {
    for (const typed of ["1000", "1,000", "1 000", "1\u2009000", "1\u00A0000", "1\u202F000", "1'000"]) {
      expect(verdict(typed, "1000")).toBe("correct");
      expect(verdict("1000", typed)).toBe("correct");
    }
    expect(verdict("1000000", "1,000,000")).toBe("correct");
    expect(verdict("1.000.000", "1,000,000")).toBe("correct");
    expect(verdict("10 000 km", "10,000 km")).toBe("correct");
    expect(verdict("3,5", "3.5")).toBe("correct");
    expect(verdict("3.14", "3,14")).toBe("correct");
    expect(verdict("1,5 litres", "1.5 litres")).toBe("correct");
    expect(verdict("1,000.5", "1000.5")).toBe("correct");
    expect(verdict("1.000,5", "1000.5")).toBe("correct");
    expect(verdict("-2,5", "-2.5")).toBe("correct");
  });

  it("keeps a different number wrong, however it is grouped or close its digits", () => {
    // Three digits after a comma group thousands, as in English: '3,500' is not 3.5.
    expect(verdict("3,500", "3.5")).toBe("wrong");
    expect(verdict("3,500", "3500")).toBe("correct");
    // A single point is a decimal point: '1.000' is 1, not a thousand.
    expect(verdict("1.000", "1000")).toBe("wrong");
    expect(verdict("1000", "100")).toBe("wrong");
    expect(verdict("100", "1,000")).toBe("wrong");
    expect(verdict("the year 1000 ad", "the year 100 ad")).toBe("wrong");
    expect(verdict("35", "3.5")).toBe("wrong");
    expect(verdict("3.5", "35")).toBe("wrong");
    expect(verdict("3.6", "3,5")).toBe("wrong");
    expect(verdict("12.5 percent of the population", "12.6 percent of the population")).toBe("wrong");
    // Numbers set apart are still several numbers.
    expect(verdict("1 2 3", "123")).toBe("wrong");
    expect(verdict("1,2,3", "1, 2, 3")).toBe("correct");
    expect(verdict("3 4", "34")).toBe("wrong");
  });

  it("takes a decimal with or without trailing zeros: they do not change its value", () => {
    expect(verdict("3.5", "3.50")).toBe("correct");
    expect(verdict("3.50", "3.5")).toBe("correct");
    expect(verdict("3,50", "3.5")).toBe("correct");
    expect(verdict("0.5 mol", "0.500 mol")).toBe("correct");
    expect(verdict("1000.5", "1,000.50")).toBe("correct");
    expect(verdict("2", "2.0")).toBe("correct");
    expect(verdict("2.00", "2")).toBe("correct");
    expect(verdict("-2.50", "-2.5")).toBe("correct");
    expect(verdict("٣٫٥٠", "3.5")).toBe("correct");
  });

  it("keeps a number wrong whose zeros do change its value", () => {
    expect(verdict("35", "3.50")).toBe("wrong");
    expect(verdict("3.50", "35")).toBe("wrong");
    expect(verdict("3.05", "3.5")).toBe("wrong");
    expect(verdict("3.5", "3.05")).toBe("wrong");
    expect(verdict("30.5", "3.5")).toBe("wrong");
    expect(verdict("1000", "100")).toBe("wrong");
    expect(verdict("100", "1000")).toBe("wrong");
    expect(verdict("20", "2.0")).toBe("wrong");
    expect(verdict("2.0", "20")).toBe("wrong");
    // Zeros before the point are the number's, not trailing: 3.5 is not 350.
    expect(verdict("350", "3.50")).toBe("wrong");
    // Three digits after a comma still group thousands: '3,500' is 3500, not 3.5.
    expect(verdict("3,500", "3.5")).toBe("wrong");
    expect(verdict("3,500", "3.50")).toBe("wrong");
  });

  it("reads the digits of any script as the same number", () => {
    expect(verdict("١٢٣", "123")).toBe("correct");
    expect(verdict("۱۴۹۲", "1492")).toBe("correct");
    expect(verdict("१४९२", "1492")).toBe("correct");
    expect(verdict("１４９２", "1492")).toBe("correct");
    expect(verdict("1492", "١٤٩٢")).toBe("correct");
    expect(verdict("٣٫٥", "3.5")).toBe("correct");
    expect(verdict("١٬٠٠٠", "1,000")).toBe("correct");
    expect(verdict("x = ٥", "x = 5")).toBe("correct");
    expect(verdict("١٤٢٩", "1492")).toBe("wrong");
    expect(verdict("۱۰۰", "1000")).toBe("wrong");
    expect(verdict("१४२९", "1492")).toBe("wrong");
  });

  it("takes a number typed as digits or as its word, and still forgives a typo around it", () => {
    expect(verdict("2 pyruvate molecules", "two pyruvate molecules")).toBe("correct");
    expect(verdict("Twenty", "20")).toBe("correct");
    expect(
      verdict(
        "the breakdown of glucose into 2 pyruvate molecule",
        "The breakdown of glucose into two pyruvate molecules.",
      ),
    ).toBe("typo");
    expect(verdict("3 pyruvate molecules", "two pyruvate molecules")).toBe("wrong");
    // Part of a longer word is not a number: 'often' holds 'ten', 'someone' 'one'.
    expect(lenientForm("often someone")).toBe("often someone");
  });

  it("marks a different vowel sign wrong in scripts where it is a letter", () => {
    expect(verdict("क", "कि")).toBe("wrong");
    expect(verdict("か", "が")).toBe("wrong");
    expect(verdict("नमस्ते", "नमस्ते")).toBe("correct");
    // Six UTF-16 units but three letters: too short for a typo.
    expect(verdict("नमस्ते", "नमस्ति")).toBe("wrong");
  });

  it("takes a Vietnamese answer without its tones as almost right, and another tone as another word", () => {
    expect(gradeAnswer("Việt Nam", "Việt Nam")).toEqual({ verdict: "correct", expected: "Việt Nam" });
    expect(gradeAnswer("viet nam", "Việt Nam")).toEqual({ verdict: "typo", expected: "Việt Nam" });
    expect(verdict("Viêt Nam", "Việt Nam")).toBe("typo");
    expect(verdict("mả", "mả")).toBe("correct");
    expect(verdict("ma", "mả")).toBe("typo");
    expect(verdict("ma", "mạ")).toBe("typo");
    expect(verdict("đi", "đi")).toBe("correct");
    expect(verdict("di", "đi")).toBe("typo");
    expect(verdict("cam on", "cảm ơn")).toBe("typo");
    expect(verdict("tieng viet", "tiếng Việt")).toBe("typo");
    // Another tone or vowel is another word: wrong in a short answer, a typo in a longer one.
    expect(verdict("mà", "mả")).toBe("wrong");
    expect(verdict("mạ", "mả")).toBe("wrong");
    expect(verdict("mã", "mạ")).toBe("wrong");
    expect(verdict("mo", "mơ")).toBe("typo");
    expect(verdict("mô", "mơ")).toBe("wrong");
    expect(verdict("cám ơn", "cảm ơn")).toBe("typo");
    // A tone may sit on either vowel of 'oa', 'uy' (old and new spelling), and be typed composed or not.
    expect(verdict("hoà bình", "hòa bình")).toBe("correct");
    expect(verdict("thuỷ", "thủy")).toBe("correct");
    expect(verdict("Việt Nam".normalize("NFD"), "Việt Nam")).toBe("correct");
    expect(verdict("viet nam", "Vietnam; Việt Nam")).toBe("typo");
    expect(verdict("vietnam", "Vietnam; Việt Nam")).toBe("correct");
    // 'an' is a Vietnamese word, not an English article to leave out.
    expect(verdict("ủi", "an ủi")).toBe("wrong");
    expect(verdict("an ui", "an ủi")).toBe("typo");
    expect(verdict("an com", "ăn cơm")).toBe("typo");
  });

  it("still folds accents silently outside Vietnamese", () => {
    expect(verdict("cafe", "café")).toBe("correct");
    expect(verdict("ma", "má")).toBe("correct");
    expect(verdict("nao", "não")).toBe("correct");
    expect(verdict("caj", "čaj")).toBe("correct");
    // 'đ' counts as Vietnamese: a Croatian word with it is accepted too, with its spelling shown.
    expect(verdict("dak", "đak")).toBe("typo");
    expect(verdict("Ha Noi", "Ha Noi")).toBe("correct");
  });

  it("forgives no typo in a short Chinese, Japanese or Korean answer, counting letters not code units", () => {
    expect(verdict("日面", "日本")).toBe("wrong");
    expect(verdict("東京大字", "東京大学")).toBe("wrong");
    expect(verdict("한극", "한국")).toBe("wrong");
    expect(verdict("東京大学", "東京大学")).toBe("correct");
    expect(typosAllowed("𠮷野家")).toBe(0);
    expect(typosAllowed("東京大学の学生です")).toBe(1);
    expect(typosAllowed("café")).toBe(1);
  });

  it("marks an empty or unrelated answer wrong, expecting the whole answer", () => {
    expect(gradeAnswer("   ", "Paris")).toEqual({ verdict: "wrong", expected: "Paris" });
    expect(gradeAnswer("London", "Paris; the capital of France").verdict).toBe("wrong");
  });
});
