import { describe, expect, it } from "vitest";
import { FLASHCARD_MAX_LENGTH } from "#shared/constants.ts";
import { importOptionsSchema } from "#shared/flashcards/contract.ts";
import { type ImportedCard, parseFlashcards, toAnkiTsv, toCsv } from "./flashcard-io.ts";

const text = (
  termSeparator: "tab" | "comma" | "dash" | { custom: string },
  rowSeparator: "newline" | "semicolon" | { custom: string } = "newline",
) => ({ format: "text" as const, termSeparator, rowSeparator });

const card = (question: string, answer: string, hint: string | null = null): ImportedCard => ({
  question,
  answer,
  hint,
});

describe("pasted text like Quizlet's import", () => {
  it("splits on tab, with an optional hint column", () => {
    expect(parseFlashcards("chat\tcat\nchien\tdog\tstarts with d", text("tab"))).toEqual({
      cards: [card("chat", "cat"), card("chien", "dog", "starts with d")],
      errors: [],
    });
  });

  it("splits on the first comma only, keeping commas in the definition", () => {
    expect(
      parseFlashcards("Paris, capital of France, on the Seine\nRome,Italy", text("comma")).cards,
    ).toEqual([card("Paris", "capital of France, on the Seine"), card("Rome", "Italy")]);
  });

  it("splits on a dash, preferring one with spaces so hyphenated terms survive", () => {
    expect(parseFlashcards("well-known - famous\nx-ray – radiation\ncat-feline", text("dash")).cards).toEqual(
      [card("well-known", "famous"), card("x-ray", "radiation"), card("cat", "feline")],
    );
  });

  it("splits on a custom term separator, with a hint column", () => {
    expect(parseFlashcards("H :: hydrogen :: lightest\nHe :: helium", text({ custom: "::" })).cards).toEqual([
      card("H", "hydrogen", "lightest"),
      card("He", "helium"),
    ]);
  });

  it("splits rows on semicolons or a custom separator", () => {
    expect(parseFlashcards("a,1;b,2; c,3 ;", text("comma", "semicolon")).cards).toEqual([
      card("a", "1"),
      card("b", "2"),
      card("c", "3"),
    ]);
    expect(parseFlashcards("a\t1|||b\t2", text("tab", { custom: "|||" })).cards).toEqual([
      card("a", "1"),
      card("b", "2"),
    ]);
  });

  it("skips empty lines and a header line, and numbers the bad lines as the student sees them", () => {
    const input = ["Term\tDefinition", "", "uno\tone", "dos", "", "\ttwo", "tres\t", "cuatro\tfour"].join(
      "\n",
    );
    expect(parseFlashcards(input, text("tab"))).toEqual({
      cards: [card("uno", "one"), card("cuatro", "four")],
      errors: [
        { line: 4, text: "dos", reason: "No separator between term and definition" },
        { line: 6, text: "\ttwo", reason: "The term is empty" },
        { line: 7, text: "tres\t", reason: "The definition is empty" },
      ],
    });
  });

  it("numbers lines correctly when rows are separated by semicolons across lines", () => {
    const result = parseFlashcards("a,1;\nb;\nc,3", text("comma", "semicolon"));
    expect(result.errors).toEqual([
      { line: 2, text: "b", reason: "No separator between term and definition" },
    ]);
    expect(result.cards).toEqual([card("a", "1"), card("c", "3")]);
  });

  it("reports too many columns and fields that are too long", () => {
    const long = "x".repeat(FLASHCARD_MAX_LENGTH.answer + 1);
    const result = parseFlashcards(`a\tb\tc\td\nq\t${long}`, text("tab"));
    expect(result.errors.map((e) => [e.line, e.reason])).toEqual([
      [1, "More than 3 columns (term, definition, hint)"],
      [2, `The definition is longer than ${FLASHCARD_MAX_LENGTH.answer} characters`],
    ]);
  });

  it("accepts Windows line endings and a byte-order mark", () => {
    expect(parseFlashcards("\uFEFFa\t1\r\nb\t2\r\n", text("tab")).cards).toEqual([
      card("a", "1"),
      card("b", "2"),
    ]);
  });
});

describe("CSV", () => {
  it("reads quoted fields with embedded separators, quotes and newlines", () => {
    const csv = 'question,answer,hint\n"Paris, France","capital ""city""",\n"two\nlines",answer,"a, hint"\n';
    expect(parseFlashcards(csv, { format: "csv" })).toEqual({
      cards: [card("Paris, France", 'capital "city"'), card("two\nlines", "answer", "a, hint")],
      errors: [],
    });
  });

  it("detects semicolon- or tab-separated files", () => {
    expect(parseFlashcards("a;1\nb;2\nc;3", { format: "csv" }).cards).toEqual([
      card("a", "1"),
      card("b", "2"),
      card("c", "3"),
    ]);
  });

  it("reports bad rows with the line they start on", () => {
    const csv = 'a,1\n"multi\nline",2\nlonely\n"never closed,3\n';
    const result = parseFlashcards(csv, { format: "csv" });
    expect(result.cards).toEqual([card("a", "1"), card("multi\nline", "2")]);
    expect(result.errors[0]).toEqual({
      line: 4,
      text: "lonely",
      reason: "No separator between term and definition",
    });
    expect(result.errors[1]).toMatchObject({ line: 5, reason: "A quote is never closed" });
  });
});

describe("Anki plain-text notes", () => {
  it("reads tab-separated notes with a hint column by default", () => {
    expect(parseFlashcards("front\tback\tthe hint\nq2\ta2", { format: "anki" }).cards).toEqual([
      card("front", "back", "the hint"),
      card("q2", "a2"),
    ]);
  });

  it("honours #separator and #html, stripping the HTML", () => {
    const anki = [
      "#separator:Semicolon",
      "#html:true",
      // Anki quotes a field that holds its separator, as the entity's ';' here.
      '<b>bonjour</b>;"hello<br>hi &amp; welcome";[sound:bonjour.mp3]',
      '"a;b";<div>c</div>',
    ].join("\n");
    expect(parseFlashcards(anki, { format: "anki" })).toEqual({
      cards: [card("bonjour", "hello hi & welcome"), card("a;b", "c")],
      errors: [],
    });
  });

  it("keeps HTML as text when #html is false, and takes a literal separator", () => {
    expect(parseFlashcards("#separator:|\n#html:false\n<b>x</b>|y", { format: "anki" }).cards).toEqual([
      card("<b>x</b>", "y"),
    ]);
  });

  it("drops the columns Anki names as guid, notetype, deck or tags, and numbers lines past the header", () => {
    const anki = [
      "#separator:tab",
      "#html:false",
      "#guid column:1",
      "#notetype column:2",
      "#deck column:3",
      "#tags column:6",
      "abc\tBasic\tFrench\tchat\tcat\tanimals",
      "abd\tBasic\tFrench\tchien\t\tanimals",
    ].join("\n");
    expect(parseFlashcards(anki, { format: "anki" })).toEqual({
      cards: [card("chat", "cat")],
      errors: [{ line: 8, text: "abd\tBasic\tFrench\tchien\t\tanimals", reason: "The definition is empty" }],
    });
  });
});

describe("1,000 rows", () => {
  const many = Array.from({ length: 1000 }, (_, i) => card(`term ${i}`, `definition ${i}, with a comma`));

  it.each([
    ["text", text("tab"), many.map((c) => `${c.question}\t${c.answer}`).join("\n")],
    ["csv", { format: "csv" as const }, toCsv(many)],
    ["anki", { format: "anki" as const }, toAnkiTsv(many)],
  ])("parses 1,000 %s rows", (_name, options, input) => {
    const result = parseFlashcards(input, options);
    expect(result.errors).toEqual([]);
    expect(result.cards).toEqual(many);
  });
});

describe("export", () => {
  const tricky = [
    card("Paris, France", 'the "City of Light"', "starts with P"),
    card("two\nlines", "tab\there", null),
    card("plain", "simple", null),
    card("=SUM(A1)", "  spaced  ".trim(), "semi; colon"),
  ];

  it("writes RFC 4180 CSV with a header and CRLF", () => {
    expect(toCsv([card("a,b", 'say "hi"', null)])).toBe('question,answer,hint\r\n"a,b","say ""hi""",');
  });

  it("writes Anki TSV with the separator and html headers", () => {
    expect(toAnkiTsv([card("q", "a", "h")])).toBe("#separator:tab\n#html:false\nq\ta\th\n");
  });

  it.each([
    ["CSV", toCsv, { format: "csv" as const }],
    ["Anki TSV", toAnkiTsv, { format: "anki" as const }],
  ])("round-trips %s back to the same cards", (_name, write, options) => {
    expect(parseFlashcards(write(tricky), options)).toEqual({ cards: tricky, errors: [] });
  });
});

describe("import options", () => {
  it("accepts the form's choices and refuses an empty custom separator", () => {
    expect(importOptionsSchema.safeParse(text({ custom: "::" }, "semicolon")).success).toBe(true);
    expect(importOptionsSchema.safeParse({ format: "csv" }).success).toBe(true);
    expect(importOptionsSchema.safeParse(text({ custom: "" })).success).toBe(false);
    expect(importOptionsSchema.safeParse({ format: "xlsx" }).success).toBe(false);
  });
});
