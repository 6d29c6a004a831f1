import { decodeHTML } from "entities";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseFormula, unneutralise } from "../csv.ts";
import { ankiFieldText, ankiHtmlToText, textToAnkiHtml } from "./anki-html.ts";
import { cardMarkdown } from "./card-markdown.ts";
import {
  type CardType,
  IMAGE_MARKDOWN,
  MAX_TAGS,
  mediaRefsOf,
  type PortableCard,
  TAG_MAX_LENGTH,
} from "./card-model.ts";
import { createFlashcardSchema } from "./contract.ts";
import {
  applyDuplicatePolicy,
  CONTROL,
  classifyDuplicates,
  delimiterForFile,
  EXCERPT_LENGTH,
  parseAnkiText,
  parseCsv,
  toAnkiText,
  toSpreadsheetCsv,
} from "./text-formats.ts";

const card = (front: string, back: string, more: Partial<PortableCard> = {}): PortableCard => ({
  front,
  back,
  hint: null,
  tags: [],
  type: "basic",
  media: [],
  ...more,
});
const fields = (r: { cards: PortableCard[] }) => r.cards.map((c) => [c.front, c.back, c.hint]);
const stripLine = ({ line: _line, ...c }: PortableCard & { line: number }) => c;

/** The text a card's Markdown shows, formatting aside: what a student reads on the card. */
function shownText(markdown: string): string {
  const html = cardMarkdown.render(markdown);
  expect(html).not.toMatch(/<(?:em|strong|code|s|a|ul|ol|li|pre)\b/);
  return decodeHTML(
    html
      .replace(/<br>\n/g, "\n")
      .replace(/<\/p>\n<p>/g, "\n\n")
      .replace(/<\/?p>\n?/g, ""),
  ).replace(/\n$/, "");
}

describe("CSV (RFC 4180)", () => {
  it("keeps semicolons inside comma-separated fields: the delimiter is the one chosen, never guessed", () => {
    const input = "Paris,capital; largest city\nRome,capital; on the Tiber\n";
    const result = parseCsv(input, { delimiter: "," });
    expect(fields(result)).toEqual([
      ["Paris", "capital; largest city", null],
      ["Rome", "capital; on the Tiber", null],
    ]);
    expect(result.problems).toEqual([]);
  });

  it("reads quoted fields holding delimiters, semicolons, doubled quotes, CRLF and LF", () => {
    const input = 'a,"one, two; three"\r\n"say ""hi""","line 1\r\nline 2\nline 3"\r\n"x",y';
    expect(fields(parseCsv(input, { delimiter: "," }))).toEqual([
      ["a", "one, two; three", null],
      ['say "hi"', "line 1\r\nline 2\nline 3", null],
      ["x", "y", null],
    ]);
  });

  it("reads Excel's 'sep=;' first line as the file's delimiter, not as a bad card", () => {
    const excel = "sep=;\r\nFront;Back\r\nHund;dog, a pet\r\n";
    for (const delimiter of [";", ","]) {
      const result = parseCsv(excel, { delimiter });
      expect(result.problems).toEqual([]);
      expect(result.delimiter).toBe(";");
      expect(result.cards.map(stripLine)).toEqual([card("Hund", "dog, a pet")]);
      expect(result.cards[0]?.line).toBe(3);
    }
  });

  it("takes the delimiter from the file type, and none from a .txt", () => {
    expect(delimiterForFile("cards.csv")).toBe(",");
    expect(delimiterForFile("Cards.TSV")).toBe("\t");
    expect(delimiterForFile("cards.txt")).toBeNull();
    expect(delimiterForFile("csv")).toBeNull();
  });

  it("drops a byte order mark and reads a header row's column names, tags going to tags", () => {
    const input = "\uFEFFTags,Term,Definition,Hint\nfr verbs,être,to be,irregular\n";
    const result = parseCsv(input, { delimiter: "," });
    expect(result.columns).toEqual(["tags", "front", "back", "hint"]);
    expect(result.cards.map(stripLine)).toEqual([
      card("être", "to be", { hint: "irregular", tags: ["fr", "verbs"] }),
    ]);
  });

  it("reads a header that names a front and a back column beside columns it does not know, which it ignores", () => {
    for (const [input, columns] of [
      ["Front,Back,Notes\nhola,hello,greeting\n", ["front", "back", "ignore"]],
      ["Source;Term;Definition\nbook;hola;hello\n", ["ignore", "front", "back"]],
      // RFC 4180 quoted cells: a delimiter and a doubled quote inside the unknown column's name.
      [
        '"Term","Definition","Source, ""page"""\r\n"hola","hello","p. 1, ""Intro"""\r\n',
        ["front", "back", "ignore"],
      ],
    ] as const) {
      const result = parseCsv(input, { delimiter: input.includes(";") ? ";" : "," });
      expect(result.columns, input).toEqual(columns);
      expect(result.cards.map(stripLine), input).toEqual([card("hola", "hello")]);
      expect(result.problems, input).toEqual([]);
    }
    // Only a front named: a row of cards with an unknown third cell, not a header.
    const noBack = parseCsv("Term,hello,Notes\nhola,hi\n", { delimiter: "," });
    expect(noBack.columns).toEqual(["front", "back", "hint"]);
    expect(noBack.cards.map((c) => c.front)).toEqual(["Term", "hola"]);
  });

  it("reports one problem per bad line with its line number and imports the rest", () => {
    const input = ["uno,one", "dos", "", ",two", "tres,", '"cuatro,four', "cinco,five"].join("\n");
    const result = parseCsv(input, { delimiter: "," });
    expect(fields(result)).toEqual([
      ["uno", "one", null],
      ["cinco", "five", null],
    ]);
    expect(result.problems.map((p) => [p.line, p.code])).toEqual([
      [2, "no_delimiter"],
      [4, "empty_front"],
      [5, "empty_back"],
      [6, "unclosed_quote"],
    ]);
    expect(result.problems[0]?.reason).toBe("No comma between front and back");
  });

  it("counts lines inside multi-line quoted fields", () => {
    const input = 'a,"1\n2\n3"\nb\nc,4';
    const result = parseCsv(input, { delimiter: "," });
    expect(result.problems.map((p) => p.line)).toEqual([4]);
    expect(result.cards.map((c) => c.line)).toEqual([1, 5]);
  });

  it("refuses forty lines of control-character junk with a tab each", () => {
    const junk = Array.from(
      { length: 40 },
      (_, i) => `\u0001\u0002${String.fromCharCode(0x10 + (i % 8))}x\tq\u0007`,
    );
    const result = parseCsv(junk.join("\n"), { delimiter: "\t" });
    expect(result.cards).toEqual([]);
    expect(result.problems).toHaveLength(40);
    expect(new Set(result.problems.map((p) => p.code))).toEqual(new Set(["not_text"]));
  });

  it("refuses lines with replacement characters or NUL, naming why", () => {
    const result = parseCsv("caf\uFFFD,coffee\nok,fine\nnul\u0000,x", { delimiter: "," });
    expect(fields(result)).toEqual([["ok", "fine", null]]);
    expect(result.problems.map((p) => [p.line, p.reason])).toEqual([
      [1, "Contains characters that could not be read (�): save the file as UTF-8 and try again"],
      [3, "Contains NUL characters: this is not a text file"],
    ]);
  });

  it("keeps excerpts short and free of control characters", () => {
    const long = `${"x".repeat(200)}\u0001`;
    const [problem] = parseCsv(long, { delimiter: "," }).problems;
    expect([...(problem?.excerpt ?? "")].length).toBe(EXCERPT_LENGTH);
    expect(problem?.excerpt).toMatch(/^x+…$/);
  });

  it("names extra columns instead of dropping them, unless the columns were chosen", () => {
    const input = "a,b,c,d";
    expect(parseCsv(input, { delimiter: "," }).problems[0]?.code).toBe("extra_columns");
    expect(
      parseCsv(input, { delimiter: ",", columns: ["front", "back", "ignore", "tags"] }).cards.map(stripLine),
    ).toEqual([card("a", "b", { tags: ["d"] })]);
  });

  it("checks field lengths", () => {
    const result = parseCsv(`${"q".repeat(1001)},a`, { delimiter: "," });
    expect(result.problems[0]?.reason).toBe("The front is longer than 1000 characters");
  });

  it("refuses a delimiter that is a quote, a line break or longer than a character", () => {
    expect(() => parseCsv("a", { delimiter: '"' })).toThrow(RangeError);
    expect(() => parseCsv("a", { delimiter: "::" })).toThrow(RangeError);
  });
});

describe("spreadsheet CSV export", () => {
  it("neutralises formulas (OWASP CSV injection) and quotes by RFC 4180 with CRLF", () => {
    const out = toSpreadsheetCsv(
      [card("=1+1", "+cmd|' /C calc'!A0", { hint: "@SUM(A1)" }), card("-2", 'say "x", then y')],
      { bom: false },
    );
    expect(out).toBe(
      [
        "Front,Back,Hint,Tags,Type",
        "'=1+1,'+cmd|' /C calc'!A0,'@SUM(A1),,basic",
        `'-2,"say ""x"", then y",,,basic`,
        "",
      ].join("\r\n"),
    );
  });

  it("undoes exactly the neutralisation and nothing else", () => {
    for (const s of ["=x", "'=x", "''@y", "'plain", "plain", "-", "\tx", "a=b"])
      expect(unneutralise(neutraliseFormula(s))).toBe(s);
    expect(unneutralise("'plain")).toBe("'plain");
  });
});

describe("Anki plain text import", () => {
  it("keeps an imported card's tags within what a card may hold (Anki has no limits)", () => {
    const many = Array.from({ length: 60 }, (_, i) => `t${i}`);
    const long = `AnKing::${"Biochemistry_and_Molecular_Biology::".repeat(4)}DNA`;
    const emoji = `${"x".repeat(TAG_MAX_LENGTH - 1)}🧬`;
    const input = ["#separator:tab", "#tags column:3", `a\tb\t${[long, emoji, ...many].join(" ")}`].join(
      "\n",
    );
    const [only] = parseAnkiText(input).cards;
    expect(only!.tags).toHaveLength(MAX_TAGS);
    expect(only!.tags.slice(0, 3)).toEqual([
      long.slice(0, TAG_MAX_LENGTH),
      "x".repeat(TAG_MAX_LENGTH - 1),
      "t0",
    ]);
    // What the card's edit form checks: the tags pass it untouched.
    const edited = createFlashcardSchema.safeParse({ question: "a", answer: "b", tags: only!.tags });
    expect(edited.error?.issues).toBeUndefined();
  });

  it("reads the headers Anki writes: separator, html, tags column, guid, notetype and deck columns", () => {
    const input = [
      "#separator:tab",
      "#html:true",
      "#guid column:1",
      "#notetype column:2",
      "#deck column:3",
      "#tags column:6",
      "abc123\tBasic\tSpanish::Verbs\tser<br>estar\tto be<div>two verbs</div>\tverbs irregular",
      "def456\tCloze\tSpanish\t{{c1::Madrid}} is the capital\t\tgeo",
      "ghi789\tBasic (and reversed card)\tSpanish\tperro\tdog &amp; <b>hound</b>\t",
    ].join("\n");
    const result = parseAnkiText(input);
    expect(result.problems).toEqual([]);
    expect(result.cards.map(stripLine)).toEqual([
      card("ser\nestar", "to be\ntwo verbs", {
        tags: ["verbs", "irregular"],
        guid: "abc123",
        deck: "Spanish::Verbs",
      }),
      card("{{c1::Madrid}} is the capital", "", {
        type: "cloze",
        tags: ["geo"],
        guid: "def456",
        deck: "Spanish",
      }),
      card("perro", "dog & **hound**", { type: "reversed", guid: "ghi789", deck: "Spanish" }),
    ]);
  });

  it("lets a #columns header decide the columns, so a Tags column is tags and never the hint", () => {
    const input = "#separator:Comma\n#columns:Tags,Back,Front,Hint\nfr,un,one,starts with o\n";
    expect(parseAnkiText(input).cards.map(stripLine)).toEqual([
      card("one", "un", { hint: "starts with o", tags: ["fr"] }),
    ]);
  });

  it("accepts every separator name and a literal character, and Anki's trimmed values", () => {
    const names = { Comma: ",", Semicolon: ";", Tab: "\t", Space: " ", Pipe: "|", Colon: ":" };
    for (const [name, sep] of Object.entries(names)) {
      const result = parseAnkiText(`#separator:${name}\na${sep}b\n`);
      expect([name, fields(result)]).toEqual([name, [["a", "b", null]]]);
    }
    expect(fields(parseAnkiText("#separator:~\na~b"))).toEqual([["a", "b", null]]);
    expect(fields(parseAnkiText("#separator:tab\t\t\n#html:false\t\t\na\tb"))).toEqual([["a", "b", null]]);
  });

  it("turns <br>, <br/>, <div> and entities into text with html:true, and shows markup as typed with html:false", () => {
    const row = "a<br/>b<div>c</div><div><br></div>d &lt;e&gt; &#233; &nbsp;\tx";
    expect(parseAnkiText(`#html:true\n${row}`).cards[0]?.front).toBe("a\nb\nc\n\nd <e> é");
    const literal = parseAnkiText(`#html:false\n${row}`).cards[0]!.front;
    expect(shownText(literal)).toBe(row.split("\t")[0]);
  });

  it("shows the text of an #html:false field as Anki does, characters Markdown would format included", () => {
    const row = "2*3*4 is *not* _emphasis_\t`code` **b** ~~s~~ [1](x) $5 <b>z</b> a&amp;b\n";
    const [card] = parseAnkiText(`#separator:tab\n#html:false\n${row}`).cards;
    expect(card).toMatchObject({
      front: "2\\*3\\*4 is \\*not\\* \\_emphasis\\_",
      back: "\\`code\\` \\*\\*b\\*\\* \\~\\~s\\~\\~ \\[1\\](x) \\$5 <b>z</b> a\\&amp;b",
    });
    expect(shownText(card!.front)).toBe("2*3*4 is *not* _emphasis_");
    expect(shownText(card!.back)).toBe("`code` **b** ~~s~~ [1](x) $5 <b>z</b> a&amp;b");
    // Lines that Markdown would make a list stay text, and a line break stays one.
    const list = parseAnkiText('#html:false\n"- a\n1. b\n+ c"\tx').cards[0]!.front;
    expect(shownText(list)).toBe("- a\n1. b\n+ c");
  });

  it("keeps Markdown when the file says html:true, says nothing, or is Studyhall's own export", () => {
    const row = "<i>x</i> <b>y</b>\t<code>z</code>";
    expect(parseAnkiText(`#html:true\n${row}`).cards[0]).toMatchObject({ front: "*x* **y**", back: "`z`" });
    expect(parseAnkiText("*x*\t`z`").cards[0]).toMatchObject({ front: "*x*", back: "`z`" });
    expect(parseAnkiText("#html:false\n#markdown:true\n*x*\t`z`").cards[0]).toMatchObject({
      front: "*x*",
      back: "`z`",
    });
  });

  it("decodes every named character reference a browser knows, as Anki shows the field", () => {
    const cases: [string, string][] = [
      // Decks made by other tools spell accents and symbols as references.
      ["caf&eacute; &Uuml;ber se&ntilde;or &szlig; &oelig;", "café Über señor ß œ"],
      ["&rarr; &forall;x &isin; &Ropf; &frac13;", "→ ∀x ∈ ℝ ⅓"],
      // A browser reads a few old names without their ';' in text; unknown names stay as written.
      ["&copy 2024 &zzz; &#x1F600; &#0;", "© 2024 \\&zzz; 😀 \uFFFD"],
      // Names are case-sensitive, a number's hex digits are not: a browser shows '&NBSP;' as written.
      ["a&nbsp;b&#XA0;c&#xa0;d&#160;e &NBSP; &Eacute;&eacute;", "a b c d e \\&NBSP; Éé"],
    ];
    for (const [html, text] of cases) expect([html, ankiHtmlToText(html)]).toEqual([html, text]);
  });

  it("writes a superscript or subscript in Unicode's forms when it has them, else as text", () => {
    const cases: [string, string][] = [
      [
        "H<sub>2</sub>O, x<sup>2</sup>, 10<sup>-3</sup>, Fe<sup>3+</sup>, e<sup>&minus;1</sup>",
        "H₂O, x², 10⁻³, Fe³⁺, e⁻¹",
      ],
      ["<b>CO<sub>2</sub></b> and 2<sup>n</sup>", "**CO₂** and 2ⁿ"],
      // No form for every character: the text as it was.
      ["1<sup>st</sup>, x<sub>ij</sub>, a<sup>*</sup>, <sup></sup>end", "1st, xij, a\\*, end"],
    ];
    for (const [html, text] of cases) expect([html, ankiHtmlToText(html)]).toEqual([html, text]);
  });

  it("reads a picture's file name into Anki's sort field whatever quotes its src has", () => {
    expect(ankiFieldText(`<img src='a b.png'> x <img src=c.jpg> <img src="d&amp;e.gif">`)).toBe(
      "a b.png x c.jpg d&e.gif",
    );
  });

  it("keeps Anki's bold, italic, strikethrough and code as Markdown, with the editor's inner spaces outside", () => {
    const cases: [string, string][] = [
      ["<b>bold</b> and <i>it</i>, un<em>believ</em>able", "**bold** and *it*, un*believ*able"],
      ["<b>word&nbsp;</b>next<strong> </strong>end", "**word** next end"],
      ["<b><i>both</i></b> <i><i>once</i></i> <b><b>once</b></b>", "***both*** *once* **once**"],
      // A marker reaches over a line break, not over a blank line: each line gets its own.
      ["<b>a<br><br>b</b>", "**a**\n\n**b**"],
      ["<s>gone</s> <code>a*b</code> <code>a`b</code> <u>under</u>", "~~gone~~ `a*b` ``a`b`` under"],
      ["</b>stray <b>unclosed", "stray unclosed"],
      // Anki's text is text: what Markdown would read as formatting is escaped.
      [
        "2*3*4, __init__, [1], $5<br>- not a list<br>1. nor this",
        "2\\*3\\*4, \\_\\_init\\_\\_, \\[1\\], \\$5\n\\- not a list\n1\\. nor this",
      ],
    ];
    for (const [html, text] of cases) expect([html, ankiHtmlToText(html)]).toEqual([html, text]);
  });

  it("keeps Anki's lists (nested under their item) and web links as Markdown, and other links as text", () => {
    const cases: [string, string][] = [
      ["Steps:<ol><li>one</li><li>two</li></ol>after", "Steps:\n\n1. one\n2. two\n\nafter"],
      ["<ul><li>a<ul><li>inner</li></ul></li><li>b</li></ul>", "- a\n\n  - inner\n- b"],
      ["<ol><li>x<ol><li>y</li><li>z</li></ol></li><li>w</li></ol>", "1. x\n\n   1. y\n   2. z\n2. w"],
      // Text after a nested list is its item's, past a blank line: on the next line alone, Markdown would
      // read it as more of the nested list's last item.
      ["<ol><li>x<ol><li>y</li></ol>after</li><li>z</li></ol>", "1. x\n\n   1. y\n\n   after\n2. z"],
      ["<ul><li><ul><li></li></ul>a</li></ul>", "- \n  -\n\n  a"],
      [
        'see <a href="https://en.wikipedia.org/wiki/Cell_(biology)">the cell</a>, <a href="mailto:t@x.edu">mail</a>',
        "see [the cell](<https://en.wikipedia.org/wiki/Cell_(biology)>), [mail](mailto:t@x.edu)",
      ],
      [
        '<a href="javascript:alert(1)">x</a> <a href="https://a.b">https://a.b</a>',
        "x [https://a.b](https://a.b)",
      ],
    ];
    for (const [html, text] of cases) expect([html, ankiHtmlToText(html)]).toEqual([html, text]);
  });

  it("reads MathJax formulas as the cards' $...$ and $$...$$, and leaves what would not read back as one", () => {
    const row = "\\( x^2 \\) and \\(a &lt; b\\)<br>\\[ \\frac{1}{2} \\]\t\\(n\\)2 costs $5";
    expect(parseAnkiText(`#html:true\n${row}`).cards[0]).toMatchObject({
      front: "$x^2$ and $a < b$\n$$ \\frac{1}{2} $$",
      // Followed by a digit, `$n$2` is no formula by the cards' rule: the MathJax stays as written.
      back: "\\\\(n\\\\)2 costs \\$5",
    });
    expect(ankiHtmlToText("\\(a<br>b\\)")).toBe("$a\nb$");
  });

  it("reads Anki's LaTeX tags [$]...[/$] and [$$]...[/$$] as the cards' formulas, back to MathJax for Anki", () => {
    expect(ankiHtmlToText("Area: [$]\\pi r^2[/$], and<br>[$$]E = mc^2[/$$]")).toBe(
      "Area: $\\pi r^2$, and\n$$E = mc^2$$",
    );
    expect(textToAnkiHtml(ankiHtmlToText("[$]a &lt; b[/$]"))).toBe("\\(a &lt; b\\)");
    // A full LaTeX fragment is not a formula the cards can show: it stays as written.
    expect(ankiHtmlToText("[latex]\\begin{tabular}{c}x\\end{tabular}[/latex]")).toBe(
      "\\[latex\\]\\\\begin{tabular}{c}x\\\\end{tabular}\\[/latex\\]",
    );
  });

  it("writes formulas in MathJax's delimiters for Anki, and a typed \\( as a character reference", () => {
    expect(textToAnkiHtml("$x^2$ is $$\\int f$$, not $5")).toBe("\\(x^2\\) is \\[\\int f\\], not $5");
    expect(textToAnkiHtml("$a<b$ and \\\\(c\\\\)")).toBe("\\(a&lt;b\\) and \\&#40;c\\&#41;");
    expect(textToAnkiHtml("`$x$`")).toBe("<code>$x$</code>");
  });

  it("guesses HTML as Anki does when there is no #html header, and keeps images as media", () => {
    const result = parseAnkiText('<img src="cat pic.jpg"> cat\tkatze [sound:katze.mp3]');
    expect(result.cards[0]).toMatchObject({
      front: "![](<cat pic.jpg>) cat",
      back: "katze [sound:katze.mp3]",
      media: [
        { name: "cat pic.jpg", kind: "image" },
        { name: "katze.mp3", kind: "audio" },
      ],
    });
  });

  it("skips comment lines anywhere, adds file-level tags, reads a legacy first 'tags:' line", () => {
    const input =
      "tags:old\n#tags:unit1 unit2\n#notetype:Cloze\n#deck:Bio\n{{c1::ATP}} stores energy\t\n# a comment\n";
    expect(parseAnkiText(input).cards.map(stripLine)).toEqual([
      card("{{c1::ATP}} stores energy", "", { type: "cloze", tags: ["old", "unit1", "unit2"], deck: "Bio" }),
    ]);
  });

  it("numbers problems after the headers and reports a cloze card without deletions", () => {
    const input = "#separator:tab\n#notetype column:1\nCloze\tno deletion here\nBasic\tfront\n";
    const result = parseAnkiText(input);
    expect(result.problems.map((p) => [p.line, p.code])).toEqual([
      [3, "no_cloze"],
      [4, "empty_back"],
    ]);
  });

  it("uses the student's delimiter when the file has no #separator header", () => {
    expect(fields(parseAnkiText("a;b", { delimiter: ";" }))).toEqual([["a", "b", null]]);
    expect(parseAnkiText("a;b").problems[0]?.code).toBe("no_delimiter");
  });
});

describe("Anki plain text export", () => {
  const seven = [
    card("#hashtag", "a comment in Anki unless quoted"),
    card("# also", "b"),
    card("tab\tinside", "c"),
    card('quote " inside', "d"),
    card("line\nbreak", "e", { hint: "h" }),
    card("plain", "f", { tags: ["t1", "t2"] }),
    card("ünï©ødé 😀", "g"),
  ];

  it("quotes fields that start with '#' or hold a tab, a quote or a line break", () => {
    expect(toAnkiText(seven)).toBe(
      [
        "#separator:tab",
        "#html:false",
        "#markdown:true",
        "#tags column:4",
        "#columns:Front\tBack\tHint\tTags",
        '"#hashtag"\ta comment in Anki unless quoted\t\t',
        '"# also"\tb\t\t',
        '"tab\tinside"\tc\t\t',
        '"quote "" inside"\td\t\t',
        '"line\nbreak"\te\th\t',
        "plain\tf\t\tt1 t2",
        "ünï©ødé 😀\tg\t\t",
        "",
      ].join("\n"),
    );
  });

  it("reads back all seven cards (the '#' card used to be lost)", () => {
    expect(parseAnkiText(toAnkiText(seven)).cards.map(stripLine)).toEqual(seven);
  });

  it("writes guid, note type and deck headers when the cards need them", () => {
    const text = toAnkiText([card("{{c1::x}}", "", { type: "cloze", guid: "g#1" })], { deck: "Bio::Cells" });
    expect(text.split("\n").slice(0, 8)).toEqual([
      "#separator:tab",
      "#html:false",
      "#markdown:true",
      "#guid column:1",
      "#notetype column:2",
      "#deck:Bio::Cells",
      "#tags column:6",
      "#columns:GUID\tNotetype\tFront\tBack\tHint\tTags",
    ]);
    expect(text.split("\n")[8]).toBe("g#1\tCloze\t{{c1::x}}\t\t\t");
  });
});

describe("files written by Studyhall's previous export (flashcard-io.ts)", () => {
  // Its output for two cards, verbatim.
  const oldCsv = 'question,answer,hint\r\n#tag,b,h\r\n"q, with comma","say ""x""",';
  const oldTsv = '#separator:tab\n#html:false\n#tag\tb\th\nq, with comma\t"say ""x"""\t\n';
  it("reads its CSV (question, answer, hint header) and its Anki TSV (hint in the third column)", () => {
    const expected = [card("#tag", "b", { hint: "h" }), card("q, with comma", 'say "x"')];
    expect(parseCsv(oldCsv, { delimiter: "," }).cards.map(stripLine)).toEqual(expected);
    // Its '#tag' line was unquoted: Anki drops it as a comment, and so do we (the bug issue 25 names).
    expect(parseAnkiText(oldTsv).cards.map(stripLine)).toEqual(expected.slice(1));
  });
});

describe("duplicates", () => {
  const existing = [
    { id: 10, front: "Paris" },
    { id: 11, front: "Rome  city" },
  ];
  const imported = [card("paris", "x"), card("Berlin", "y"), card("rome city", "z"), card("berlin", "w")];

  it("classifies by normalised front: case, Unicode form and spaces aside", () => {
    expect(classifyDuplicates(imported, existing)).toEqual([
      { status: "duplicate", existingId: 10 },
      { status: "new" },
      { status: "duplicate", existingId: 11 },
      { status: "repeated", firstIndex: 1 },
    ]);
    expect(classifyDuplicates([card("e\u0301", "x")], [{ id: 1, front: "\u00e9" }])[0]?.status).toBe(
      "duplicate",
    );
  });

  it("skips, updates or keeps as the student chose", () => {
    const skip = applyDuplicatePolicy(imported, existing, "skip");
    expect(skip.create.map((c) => c.front)).toEqual(["Berlin"]);
    expect(skip.skipped.map((s) => s.index)).toEqual([0, 2, 3]);
    const update = applyDuplicatePolicy(imported, existing, "update");
    expect(update.create.map((c) => c.back)).toEqual(["w"]);
    expect(update.update.map((u) => [u.id, u.card.back])).toEqual([
      [10, "x"],
      [11, "z"],
    ]);
    expect(applyDuplicatePolicy(imported, existing, "keep").create).toHaveLength(4);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Round trips

/** Text a student could have on a card: no control characters but tab and line breaks, trimmed. */
const cardText = (min: number) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          "#",
          ",",
          ";",
          "\t",
          "\n",
          "\r\n",
          '"',
          "'",
          "=",
          "+",
          "-",
          "@",
          "|",
          ":",
          " ",
          "<b>",
          "&amp;",
          "é",
          "😀",
          "日本",
          "{",
          "}",
        ),
        fc.string({ unit: "grapheme", maxLength: 6 }),
      ),
      { minLength: min, maxLength: 12 },
    )
    .map((parts) =>
      parts
        .join("")
        .replace(new RegExp(CONTROL.source, "g"), "")
        .replace(/\uFFFD/g, "")
        .trim(),
    )
    .filter((s) => s.length >= min);

const tagArb = fc
  .array(
    fc.oneof(fc.stringMatching(/^[a-zA-Z0-9_:#"'=-]{1,10}$/), fc.constantFrom("日本語", "Ünï", "a::b")),
    {
      maxLength: 4,
    },
  )
  .map((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i));

const cardArb: fc.Arbitrary<PortableCard> = fc
  .record({
    kind: fc.constantFrom<CardType>("basic", "reversed", "cloze"),
    front: cardText(1),
    back: cardText(1),
    extra: cardText(0),
    hint: fc.option(cardText(1), { nil: null }),
    tags: tagArb,
    guid: fc.option(fc.stringMatching(/^[!-~]{1,10}$/), { nil: undefined }),
  })
  .map(({ kind, front, back, extra, hint, tags, guid }) => {
    const f = kind === "cloze" ? `${front} {{c1::${back}}}`.trim() : front;
    const b = kind === "cloze" ? extra : back;
    return {
      front: f,
      back: b,
      hint,
      tags,
      type: kind,
      media: mediaRefsOf(f, b, hint),
      ...(guid ? { guid } : {}),
    } satisfies PortableCard;
  });

describe("round trips", () => {
  it("Anki text: export then parse gives the same cards", () => {
    fc.assert(
      fc.property(fc.array(cardArb, { minLength: 1, maxLength: 8 }), (cards) => {
        const result = parseAnkiText(toAnkiText(cards));
        expect(result.problems).toEqual([]);
        expect(result.cards.map(stripLine)).toEqual(cards);
      }),
      { numRuns: 300 },
    );
  });

  it("Anki text with html:false: a card shows each field's text as Anki shows it", () => {
    // Anki shows such a field as typed, but for MathJax's \\( and [sound:] (its own syntax) and white
    // space at a line's start (HTML shows none), which this text leaves out.
    const plainField = cardText(1)
      .map((s) =>
        s
          .replace(/\\[([]/g, "")
          .replace(/\r\n?/g, "\n")
          .replace(/\t/g, " ")
          .replace(/[ ]*\n[ ]*/g, "\n")
          .replace(/ {2,}/g, " ")
          .replace(/\n{3,}/g, "\n\n")
          .trim(),
      )
      .filter((s) => s !== "" && !s.includes("[sound:"));
    fc.assert(
      fc.property(plainField, plainField, (front, back) => {
        const quote = (f: string) => `"${f.replace(/"/g, '""')}"`;
        const result = parseAnkiText(`#separator:tab\n#html:false\n${quote(front)}\t${quote(back)}\n`);
        expect(result.problems).toEqual([]);
        expect(shownText(result.cards[0]!.front)).toBe(front);
        expect(shownText(result.cards[0]!.back)).toBe(back);
      }),
      { numRuns: 300 },
    );
  });

  it("spreadsheet CSV: export then parse gives the same cards", () => {
    fc.assert(
      fc.property(
        fc.array(cardArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(",", ";", "\t"),
        (cards, delimiter) => {
          const result = parseCsv(toSpreadsheetCsv(cards, { delimiter }), { delimiter });
          expect(result.problems).toEqual([]);
          // The spreadsheet has no guid column: a spreadsheet is for people.
          expect(result.cards.map(stripLine)).toEqual(cards.map(({ guid: _guid, ...c }) => c));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("Anki HTML: text to HTML and back reads the same, formatting, formulas and MathJax delimiters included", () => {
    const markdownish = fc
      .array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom("a", "b", " ", "\n", "\n\n", "x y") },
          {
            weight: 4,
            arbitrary: fc.constantFrom(..."*_`~[]()$\\&<>#!-+.:".split(""), "1. ", "- ", "    ", "**", "~~"),
          },
          fc.constantFrom(
            "$x^2$",
            "$$ \\frac{a}{b} $$",
            "\\(",
            "\\)",
            "[l](https://a.b/c_(d))",
            "&amp;",
            "&#40;",
          ),
          fc.constantFrom("[sound:x.mp3]", "{{c1::a::b}}", "<b>", "```"),
        ),
        { maxLength: 14 },
      )
      .map((parts) => parts.join(""));
    // As card-media-parts shows a text: pictures apart, the Markdown between them rendered run by run.
    const shown = (text: string) => {
      const parts: string[] = [];
      let last = 0;
      const render = (run: string) => cardMarkdown.render(run);
      for (const m of text.matchAll(IMAGE_MARKDOWN)) {
        parts.push(render(text.slice(last, m.index)), `[picture ${m[2] ?? m[3]} ${m[1]}]`);
        last = m.index + m[0].length;
      }
      parts.push(render(text.slice(last)));
      // The card renderer shows a code block's text only: its language goes nowhere.
      return (
        parts
          .join("")
          .replace(/ class="language-[^"]*"/g, "")
          .replace(/\s+<\/code>/g, "</code>")
          // Two lists one after the other (`*` then `-` items) come back as one: the same items, in order.
          .replace(/<\/(ul|ol)>\s*<\1>/g, "")
          .replace(/\s+/g, " ")
          // Alike to the eye, with one spelling in Anki's HTML: italic inside italic; italic over a line
          // break (italic on each line); a loose list's items (a paragraph each) and a tight list's; two
          // line breaks and a paragraph break; a line break that opens a paragraph or an item; a space
          // before a line break or at the start of a link.
          .replace(/<(em|strong|s)>((?:(?!<\/?\1>).)*)<\1>((?:(?!<\/?\1>).)*)<\/\1>/g, "<$1>$2$3")
          .replace(/<\/(em|strong|s)><br> <\1>/g, "<br> ")
          // Text after an empty nested item ('1. *' then an indented line) comes back after a blank line,
          // which Markdown makes a paragraph of the item: the same words under the same empty bullet.
          .replace(/<\/(ul|ol)> ?<p>((?:(?!<\/?p>).)*)<\/p> ?<\/li>/g, "</$1> $2</li>")
          // A loose item's first paragraph before a code block or a list in the item, and a tight item's
          // text before it.
          .replace(/<li> ?<p>((?:(?!<\/?p>|<\/?li>).)*)<\/p> ?(?=<(?:pre|ul|ol)>)/g, "<li>$1")
          .replace(/<li> ?<p>/g, "<li>")
          .replace(/<\/p> ?<\/li>/g, "</li>")
          .replace(/<br> <br> /g, "</p> <p>")
          .replace(/<(em|strong|s)><br> /g, "<br> <$1>")
          .replace(/<(p|li)><br> /g, "<$1>")
          .replace(/ <br>/g, "<br>")
          .replace(/(<a href="[^"]*">) /g, "$1")
          .trim()
      );
    };
    fc.assert(
      fc.property(
        // A sound tag just before '(' reads as a link to Markdown alone; card-text shows the tag apart.
        fc.oneof(markdownish, cardText(0)).filter((t) => !/\[sound:[^\]]*\]\(/.test(t)),
        fc.constantFrom("", "![](a.png)", "![alt](<my pic.jpg>)"),
        (t, m) => {
          const text = `${t}${m}`.trim();
          const back = ankiHtmlToText(textToAnkiHtml(text));
          expect([text, shown(back)]).toEqual([text, shown(text)]);
          // And again: what went to Anki and back once goes there and back the same.
          expect(shown(ankiHtmlToText(textToAnkiHtml(back)))).toBe(shown(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
