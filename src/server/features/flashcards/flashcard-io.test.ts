import { describe, expect, it } from "vitest";
import { type ImportOptionsInput, importOptionsSchema } from "#shared/flashcards/contract.ts";
import { parseImport, toAnkiTsv, toCsv, toQuizletText } from "./flashcard-io.ts";

const opts = (o: ImportOptionsInput) => importOptionsSchema.parse(o);
const text = (
  termSeparator: "tab" | "comma" | "dash" | { custom: string },
  rowSeparator: "newline" | "semicolon" | { custom: string } = "newline",
) => opts({ format: "text", termSeparator, rowSeparator });
const fronts = (r: ReturnType<typeof parseImport>) => r.cards.map((c) => [c.front, c.back, c.hint]);

describe("Quizlet's export and paste box", () => {
  it("splits on tab with an optional hint, on the first comma, on a spaced dash, on custom separators", () => {
    expect(fronts(parseImport("chat\tcat\nchien\tdog\tstarts with d", text("tab")))).toEqual([
      ["chat", "cat", null],
      ["chien", "dog", "starts with d"],
    ]);
    expect(fronts(parseImport("Paris, capital of France, on the Seine", text("comma")))).toEqual([
      ["Paris", "capital of France, on the Seine", null],
    ]);
    expect(fronts(parseImport("well-known - famous", text("dash")))).toEqual([
      ["well-known", "famous", null],
    ]);
    expect(fronts(parseImport("a\t1|||b\t2", text("tab", { custom: "|||" })))).toEqual([
      ["a", "1", null],
      ["b", "2", null],
    ]);
  });

  it("refuses lines of control-character junk one by one, quoting a short excerpt", () => {
    const junk = Array.from({ length: 40 }, (_, i) => `\u0001\u0002junk${i}\t\u0003`).join("\n");
    const r = parseImport(`good\tcard\n${junk}\n${"x".repeat(900_000)}\tlong`, text("tab"));
    expect(r.cards.map((c) => c.front)).toEqual(["good"]);
    expect(r.problems).toHaveLength(41);
    expect(r.problems[0]).toMatchObject({ line: 2, reason: expect.stringMatching(/control characters/) });
    expect(r.problems.every((p) => p.excerpt.length <= 80)).toBe(true);
    expect(parseImport("caf\uFFFD\tcoffee", text("tab")).problems[0]!.reason).toMatch(/UTF-8/);
  });
});

describe("CSV: the delimiter is chosen, never guessed", () => {
  const csv = (o: Partial<{ delimiter: string }> = {}) => opts({ format: "csv", ...o });

  it("splits a comma-separated file whose fields hold semicolons on the commas only", () => {
    const r = parseImport('a;b,c;d\n"x, y;z",w', csv(), "cards.csv");
    expect(fronts(r)).toEqual([
      ["a;b", "c;d", null],
      ["x, y;z", "w", null],
    ]);
  });

  it("takes the file type's delimiter (.tsv tab), the student's choice over it, and asks for .txt", () => {
    expect(fronts(parseImport("a,1\tb", csv(), "cards.tsv"))).toEqual([["a,1", "b", null]]);
    expect(fronts(parseImport("a;1", csv({ delimiter: ";" }), "cards.csv"))).toEqual([["a", "1", null]]);
    expect(() => parseImport("a,1", csv(), "cards.txt")).toThrow(/Choose the delimiter/);
    expect(fronts(parseImport("a,1", csv()))).toEqual([["a", "1", null]]);
  });

  it("reads RFC 4180 quoting: delimiters, doubled quotes and line breaks inside quotes", () => {
    const r = parseImport('"a,\n""b""",c\r\nd,e', csv(), "x.csv");
    expect(fronts(r)).toEqual([
      ['a,\n"b"', "c", null],
      ["d", "e", null],
    ]);
    expect(r.cards[1]!.line).toBe(3);
  });
});

describe("Anki's Notes in Plain Text", () => {
  it("reads every header: separator, html line breaks, columns with a Tags column, notetype, deck and guid columns", () => {
    const file = [
      "#separator:Pipe",
      "#html:true",
      "#guid column:1",
      "#notetype column:2",
      "#deck column:3",
      "#tags column:6",
      "#columns:GUID|Notetype|Deck|Front|Back|Tags",
      "g1|Basic|Bio::Cells|line one<br>line two|<div>a</div><div>b</div>|cells bio",
    ].join("\n");
    const [card] = parseImport(file, opts({ format: "anki" })).cards;
    expect(card).toMatchObject({
      front: "line one\nline two",
      back: "a\nb",
      hint: null,
      tags: ["cells", "bio"],
      guid: "g1",
      deck: "Bio::Cells",
    });
  });

  it("puts a Tags column named only by #columns into tags, not the hint", () => {
    const r = parseImport(
      "#separator:tab\n#columns:Front\tBack\tTags\nq\ta\tt1 t2",
      opts({ format: "anki" }),
    );
    expect(r.cards[0]).toMatchObject({ front: "q", back: "a", hint: null, tags: ["t1", "t2"] });
  });
});

describe("export", () => {
  const cards = [
    { question: "#not a comment", answer: "a\tb", hint: null, tags: ["x"] },
    { question: "=1+1", answer: '-say "hi"', hint: "@h", tags: [] },
    { question: "multi\nline", answer: "+", hint: null, tags: ["t1", "t2"] },
  ];
  const stored = (r: ReturnType<typeof parseImport>) =>
    r.cards.map((c) => ({ question: c.front, answer: c.back, hint: c.hint, tags: c.tags }));

  it("quotes a field starting with '#' or holding tabs, quotes or line breaks in Anki text, which stays exact", () => {
    const out = toAnkiTsv(cards);
    expect(out).toContain('"#not a comment"\t"a\tb"');
    expect(out).toContain('=1+1\t"-say ""hi"""\t@h');
    expect(stored(parseImport(out, opts({ format: "anki" })))).toEqual(cards);
  });

  it("neutralises formula cells in the spreadsheet CSV and reads back the same cards", () => {
    const out = toCsv(cards);
    expect(out).toContain("'=1+1");
    expect(out).toContain('"\'-say ""hi"""');
    expect(out).toContain("'@h");
    expect(stored(parseImport(out, opts({ format: "csv" }), "set.csv"))).toEqual(cards);
  });
});

describe("Quizlet export", () => {
  const quizlet = text("tab", "newline");
  const frontsBacks = (r: ReturnType<typeof parseImport>) => r.cards.map((c) => [c.front, c.back]);

  it("writes term, tab, definition per line, which our Quizlet reader gives back for one-line cards", () => {
    const cards = [
      {
        question: "mitochondria",
        answer: "powerhouse of the cell, makes ATP",
        hint: "energy",
        tags: ["bio"],
      },
      { question: "well-known - famous", answer: 'say "hi"; then =1+1', hint: null, tags: [] },
      { question: "{{c1::Paris}} is the capital of France", answer: "city", hint: null, tags: [] },
    ];
    const out = toQuizletText(cards);
    expect(out).toBe(
      'mitochondria\tpowerhouse of the cell, makes ATP\nwell-known - famous\tsay "hi"; then =1+1\n' +
        "{{c1::Paris}} is the capital of France\tcity\n",
    );
    const back = parseImport(out, quizlet);
    expect(back.problems).toEqual([]);
    // Hints and tags are not written: Quizlet has neither.
    expect(back.cards.map((c) => [c.front, c.back, c.hint, c.tags])).toEqual(
      cards.map((c) => [c.question, c.answer, null, []]),
    );
  });

  it("writes a cloze card as its text with blanks and the hidden answers, which our reader reads back", () => {
    const cloze = (question: string, answer = "") => ({
      question,
      answer,
      hint: null,
      tags: [],
      type: "cloze",
    });
    const cards = [
      cloze("{{c1::Ribosomes}} make proteins"),
      cloze("{{c1::Paris}} is the capital of {{c2::France::country}}", "since 508"),
      cloze("{{c1::Paris}} and {{c2::paris}} again, {{c0::not}} blanked"),
      cloze("{{c1::outer {{c2::inner}} part}} nested"),
      // A cloze whose text lost its deletions still exports as a card.
      cloze("no deletion left"),
      { question: "Q", answer: "A", hint: null, tags: [], type: "reversed" },
    ];
    const out = toQuizletText(cards);
    expect(out.split("\n")).toEqual([
      "____ make proteins\tRibosomes",
      "____ is the capital of ____ (country)\tParis, France — since 508",
      "____ and ____ again, not blanked\tParis",
      "____ nested\touter inner part",
      "no deletion left\tno deletion left",
      "Q\tA",
      "",
    ]);
    const back = parseImport(out, quizlet);
    expect(back.problems).toEqual([]);
    expect(back.cards).toHaveLength(cards.length);
  });

  it("writes each run of tabs and line breaks inside a field as one space, so no card splits or merges", () => {
    const cards = [
      { question: "multi\nline", answer: "a\tb", hint: null, tags: [] },
      { question: "gap\r\n\n\t here", answer: "x\n\ny\t\tz", hint: null, tags: [] },
      { question: "last", answer: "one\n", hint: null, tags: [] },
    ];
    const out = toQuizletText(cards);
    expect(out.split("\n")).toHaveLength(cards.length + 1);
    expect(frontsBacks(parseImport(out, quizlet))).toEqual([
      ["multi line", "a b"],
      ["gap  here", "x y z"],
      ["last", "one"],
    ]);
  });
});

describe("CSV columns chosen by the student", () => {
  const rows = "cell bio,nucleus,holds the DNA,think control\norganelle,ribosome,makes proteins,\n";

  it("reads a headerless 4-column CSV by the roles chosen; without them the extra column is a problem", () => {
    const chosen = parseImport(
      rows,
      opts({ format: "csv", delimiter: ",", columns: ["tags", "front", "back", "hint"] }),
    );
    expect(chosen.problems).toEqual([]);
    expect(chosen.cards.map((c) => [c.front, c.back, c.hint, c.tags])).toEqual([
      ["nucleus", "holds the DNA", "think control", ["cell", "bio"]],
      ["ribosome", "makes proteins", null, ["organelle"]],
    ]);

    const guessed = parseImport(rows, opts({ format: "csv", delimiter: "," }));
    expect(guessed.cards).toHaveLength(1);
    expect(guessed.width).toBe(4);
    expect(guessed.problems.map((p) => p.code)).toEqual(["extra_columns"]);
  });

  it("refuses roles without exactly one front and one back", () => {
    for (const columns of [
      ["front", "front", "back"],
      ["front", "hint", "tags"],
      ["back", "back", "front", "front"],
    ] as const) {
      const parsed = importOptionsSchema.safeParse({ format: "csv", columns });
      expect(parsed.success, columns.join()).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Choose exactly one Front column and one Back column");
    }
  });
});
