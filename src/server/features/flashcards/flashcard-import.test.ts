import { beforeAll, describe, expect, it } from "vitest";
import type { Flashcard, ImportOptionsInput } from "#shared/flashcards/contract.ts";
import { createFlashcardSet, createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { multipartForm } from "#tests/multipart-form.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const req = t.req;

const newSet = (owner: TestUser, title = "Cells") => createFlashcardSet(t.app, { owner, title });
const cardsOf = async (owner: TestUser, id: number) =>
  (await req(owner, "GET", `/api/study/flashcard-sets/${id}/cards`)).json() as Flashcard[];
const importText = (who: TestUser, id: number, text: string, options: ImportOptionsInput) =>
  req(who, "POST", `/api/study/flashcard-sets/${id}/import`, { text, options });
const importFile = (
  who: TestUser,
  id: number,
  name: string,
  data: Buffer,
  options: object,
  preview = false,
) => {
  const form = multipartForm([
    { name: "options", value: JSON.stringify(options) },
    { name: "file", fileName: name, type: "text/plain", data },
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/study/flashcard-sets/${id}/import/file${preview ? "/preview" : ""}`,
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
};
const qa = (cards: Flashcard[]) => cards.map((c) => [c.question, c.answer, c.hint, c.tags]);

describe("import faithful to the formats (issue 25 §5)", () => {
  it("splits a comma-separated CSV whose fields hold semicolons on the commas", async () => {
    const set = await newSet(ada);
    const res = await importText(ada, set.id, "Front,Back\nH2O; water,a; b\n", { format: "csv" });
    expect(res.statusCode).toBe(201);
    expect(qa(await cardsOf(ada, set.id))).toEqual([["H2O; water", "a; b", null, []]]);
    const file = await importFile(ada, set.id, "more.csv", Buffer.from("x;1,y;2\n"), { format: "csv" });
    expect(file.statusCode).toBe(201);
    expect((await cardsOf(ada, set.id)).at(-1)!.question).toBe("x;1");
  });

  it("reads Anki's <br>/<div> as line breaks and a Tags column as tags", async () => {
    const set = await newSet(ada);
    const anki =
      "#separator:tab\n#html:true\n#columns:Front\tBack\tTags\n#tags column:3\na<br>b\t<div>c</div><div>d</div>\tbio cells\n";
    expect((await importText(ada, set.id, anki, { format: "anki" })).statusCode).toBe(201);
    expect(qa(await cardsOf(ada, set.id))).toEqual([["a\nb", "c\nd", null, ["bio", "cells"]]]);
  });

  it("refuses text that is not text line by line, or skips those lines with a report when asked", async () => {
    const set = await newSet(ada);
    const junk = Array.from({ length: 40 }, (_, i) => `\u0001junk${i}\t\u0002`).join("\n");
    const body = `good\tcard\n${junk}\n${"y".repeat(900_000)}\u0003\tbad`;
    const refused = await importText(ada, set.id, body, { format: "anki" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/Nothing was imported. Fix line 2 \(/);
    expect(await cardsOf(ada, set.id)).toEqual([]);

    const preview = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
      text: body,
      options: { format: "anki" },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().errors).toHaveLength(41);
    // A short excerpt, never the whole 900 KB line.
    expect(
      Math.max(...preview.json().errors.map((e: { text: string }) => e.text.length)),
    ).toBeLessThanOrEqual(80);
    expect(preview.body.length).toBeLessThan(20_000);

    const skipped = await importText(ada, set.id, body, { format: "anki", badLines: "skip" });
    expect(skipped.statusCode).toBe(201);
    expect(skipped.json()).toMatchObject({ imported: 1, updated: 0, skipped: 0 });
    expect(skipped.json().errors).toHaveLength(41);
    expect(qa(await cardsOf(ada, set.id))).toEqual([["good", "card", null, []]]);
  });

  it("skips, updates or keeps cards whose front is already in the set, as the student chooses", async () => {
    const set = await newSet(ada);
    const file = "Front,Back\nOne,1\nTwo,2\n";
    await importText(ada, set.id, file, { format: "csv" });
    const again = await importText(ada, set.id, file, { format: "csv" });
    expect(again.json()).toMatchObject({ imported: 0, skipped: 2 });
    const changed = await importText(ada, set.id, "Front,Back\n one ,uno\nThree,3\n", {
      format: "csv",
      duplicates: "update",
    });
    expect(changed.json()).toMatchObject({ imported: 1, updated: 1, skipped: 0 });
    expect(qa(await cardsOf(ada, set.id)).map((c) => c.slice(0, 2))).toEqual([
      ["one", "uno"],
      ["Two", "2"],
      ["Three", "3"],
    ]);
    const kept = await importText(ada, set.id, file, { format: "csv", duplicates: "keep" });
    expect(kept.json()).toMatchObject({ imported: 2 });
    expect(await cardsOf(ada, set.id)).toHaveLength(5);
    const preview = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
      text: file,
      options: { format: "csv" },
    });
    expect(preview.json().duplicates).toBe(2);
  });

  it("offers a role for the columns a two-column CSV has, not a third it does not", async () => {
    const set = await newSet(ada);
    const preview = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
      text: "uno,one\ndos,two\n",
      options: { format: "csv" },
    });
    expect(preview.json().columns).toEqual(["front", "back"]);
    const three = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
      text: "uno,one,a hint\ndos,two\n",
      options: { format: "csv" },
    });
    expect(three.json().columns).toEqual(["front", "back", "hint"]);
  });

  it("names each unreadable line's problem code, so the dialog can ask for another separator", async () => {
    const set = await newSet(ada);
    const preview = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
      text: "Front;Back\nuno;one\n",
      options: { format: "csv" },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().cards).toEqual([]);
    expect(preview.json().errors.map((e: { code: string }) => e.code)).toEqual([
      "no_delimiter",
      "no_delimiter",
    ]);
  });

  it("previews what the commit will do with the duplicates policy chosen, not every card read", async () => {
    const set = await newSet(ada);
    await importText(ada, set.id, "Front,Back\nOne,1\nTwo,2\n", { format: "csv" });
    const file = "Front,Back\nOne,uno\nThree,3\nthree,drei\n";
    for (const duplicates of ["skip", "update", "keep"] as const) {
      const preview = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
        text: file,
        options: { format: "csv", duplicates },
      });
      const other = await newSet(ada, `Copy ${duplicates}`);
      await importText(ada, other.id, "Front,Back\nOne,1\nTwo,2\n", { format: "csv" });
      const done = await importText(ada, other.id, file, { format: "csv", duplicates });
      const { imported, updated, skipped } = done.json();
      expect(preview.json().planned).toEqual({ imported, updated, skipped });
    }
    const skip = await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/preview`, {
      text: file,
      options: { format: "csv" },
    });
    expect(skip.json().planned).toEqual({ imported: 1, updated: 0, skipped: 2 });
  });

  it("takes 5,000 cards in a file over 5 MB as a multipart upload, beyond the 1 MB JSON limit", async () => {
    const set = await newSet(ada);
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `Frage ${i} ${"ü".repeat(500)},Antwort ${i} ${"é".repeat(300)}`,
    );
    const data = Buffer.from(`${rows.join("\r\n")}\r\n`);
    expect(data.length).toBeGreaterThan(5 * 1024 * 1024);
    const preview = await importFile(ada, set.id, "big.csv", data, { format: "csv" }, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().cards).toHaveLength(5000);
    const res = await importFile(ada, set.id, "big.csv", data, { format: "csv" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: 5000 });
    expect(await cardsOf(ada, set.id)).toHaveLength(5000);
  }, 120_000);

  it("reads a UTF-16 file with its byte order mark (Excel's 'Unicode Text', tab-separated)", async () => {
    const set = await newSet(ada);
    const body = "Stra\u00dfe\tstreet\r\n\u65e5\u672c\tJapan\r\n";
    const le = Buffer.from(`\uFEFF${body}`, "utf16le");
    const be = Buffer.from(le).swap16();
    for (const data of [le, be]) {
      const preview = await importFile(
        ada,
        set.id,
        "vocab.txt",
        data,
        { format: "csv", delimiter: "\t" },
        true,
      );
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({
        cards: [
          { question: "Stra\u00dfe", answer: "street" },
          { question: "\u65e5\u672c", answer: "Japan" },
        ],
        errors: [],
      });
    }
  });

  it("reads a Windows-1252 file (Excel's 'CSV' on Windows) with its accents, dashes and curly quotes", async () => {
    const set = await newSet(ada);
    // café;coffee – “a drink” / naïve;naive, each character one byte as Windows-1252 writes it.
    const cp1252 = Buffer.from([
      ...Buffer.from("caf", "latin1"),
      0xe9,
      ...Buffer.from(";coffee ", "latin1"),
      0x96,
      0x20,
      0x93,
      ...Buffer.from("a drink", "latin1"),
      0x94,
      0x0d,
      0x0a,
      ...Buffer.from("na", "latin1"),
      0xef,
      ...Buffer.from("ve;naive\r\n", "latin1"),
    ]);
    const preview = await importFile(
      ada,
      set.id,
      "vocab.csv",
      cp1252,
      { format: "csv", delimiter: ";" },
      true,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      cards: [
        { question: "café", answer: "coffee – “a drink”" },
        { question: "naïve", answer: "naive" },
      ],
      errors: [],
    });
  });

  it("answers bad uploads with 4xx: no options, a .txt CSV without a delimiter, an .apkg, not multipart, another student's set", async () => {
    const set = await newSet(ada);
    const data = Buffer.from("a,1\n");
    expect((await importFile(ada, set.id, "a.csv", data, { format: "xls" })).statusCode).toBe(400);
    const txt = await importFile(ada, set.id, "a.txt", data, { format: "csv" });
    expect(txt.statusCode).toBe(400);
    expect(txt.json().error).toMatch(/Choose the delimiter/);
    expect((await importFile(ada, set.id, "a.txt", data, { format: "csv", delimiter: "," })).statusCode).toBe(
      201,
    );
    expect((await importFile(ada, set.id, "deck.apkg", data, { format: "csv" })).statusCode).toBe(415);
    expect(
      (await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/import/file`, { x: 1 })).statusCode,
    ).toBe(415);
    expect((await importFile(bob, set.id, "a.csv", data, { format: "csv" })).statusCode).toBe(404);
    expect((await importText(ada, set.id, "a,1", { format: "csv", delimiter: '"' })).statusCode).toBe(400);
  });
});

describe("export that Anki and Studyhall read back (issue 25 §5, issue 27 fault 10)", () => {
  const seven = [
    ["#hashtag front", "back"],
    ["=1+1", "formula"],
    ["+plus", "-minus"],
    ["@at", "tab\there"],
    ['say "hi"', "quote"],
    ["line\nbreak", "multi\nline"],
    ["semi; colon, comma", "plain"],
  ];

  it("exports Anki text exactly and a neutralised CSV, and both import back to the same 7 cards", async () => {
    const set = await newSet(ada);
    for (const [question, answer] of seven)
      await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, { question, answer });
    const anki = (await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=anki`)).json();
    expect(anki.content).toContain('"#hashtag front"\tback');
    expect(anki.content).toContain("=1+1\tformula");
    const csv = (await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=csv`)).json();
    expect(csv.content).toContain("'=1+1,formula");
    expect(csv.content).toContain("'+plus,'-minus");

    for (const [name, content, format] of [
      ["set.txt", anki.content, "anki"],
      ["set.csv", csv.content, "csv"],
    ] as const) {
      const copy = await newSet(ada, `copy ${format}`);
      const res = await importFile(ada, copy.id, name, Buffer.from(content), { format });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().imported).toBe(7);
      expect(qa(await cardsOf(ada, copy.id))).toEqual(seven.map(([q, a]) => [q, a, null, []]));
    }
  });
});

describe("Anki text with #html:false", () => {
  it("imports another program's fields as the text Anki shows, and reads Studyhall's own export back as Markdown", async () => {
    const set = await newSet(ada);
    const file = "#separator:tab\n#html:false\n2*3*4 and _x_\t<b>bold</b> `code` a&amp;b\n";
    expect((await importText(ada, set.id, file, { format: "anki" })).statusCode).toBe(201);
    // Escaped, so the card renders exactly these characters, as Anki shows them.
    expect(qa(await cardsOf(ada, set.id))).toEqual([
      ["2\\*3\\*4 and \\_x\\_", "<b>bold</b> \\`code\\` a\\&amp;b", null, []],
    ]);

    const ours = await newSet(ada, "Markdown");
    const cards = [
      ["**bold** and *italic*", "- one\n- two"],
      ["`code` ~~old~~", "[link](https://example.org) $x^2$"],
    ];
    for (const [question, answer] of cards)
      await req(ada, "POST", `/api/study/flashcard-sets/${ours.id}/cards`, { question, answer });
    const anki = (await req(ada, "GET", `/api/study/flashcard-sets/${ours.id}/export?format=anki`)).json();
    expect(anki.content).toMatch(/^#separator:tab\n#html:false\n#markdown:true\n/);
    const copy = await newSet(ada, "Copy");
    const res = await importFile(ada, copy.id, "set.txt", Buffer.from(anki.content), { format: "anki" });
    expect(res.statusCode, res.body).toBe(201);
    expect(qa(await cardsOf(ada, copy.id))).toEqual(cards.map(([q, a]) => [q, a, null, []]));
  });
});

describe("CSV columns the student chose (issue 25 §5)", () => {
  const headerless = "cell bio,nucleus,holds the DNA,think control\norganelle,ribosome,makes proteins,\n";
  const roles = ["tags", "front", "back", "hint"];

  it("imports a 4-column headerless CSV by the chosen roles, and names the extra column without them", async () => {
    const set = await newSet(ada);
    const data = Buffer.from(headerless);
    const guessed = await importFile(ada, set.id, "cells.csv", data, { format: "csv" }, true);
    expect(guessed.statusCode).toBe(200);
    expect(guessed.json().columns).toEqual(["front", "back", "hint", "ignore"]);
    expect(guessed.json().errors).toEqual([
      {
        line: 1,
        text: "cell bio,nucleus,holds the DNA,think control",
        reason: "More columns than front, back, hint: choose what each column holds",
        code: "extra_columns",
      },
    ]);
    expect((await importFile(ada, set.id, "cells.csv", data, { format: "csv" })).statusCode).toBe(400);
    expect(await cardsOf(ada, set.id)).toEqual([]);

    const options = { format: "csv", columns: roles };
    const preview = await importFile(ada, set.id, "cells.csv", data, options, true);
    expect(preview.json()).toMatchObject({ errors: [], columns: roles });
    const res = await importFile(ada, set.id, "cells.csv", data, options);
    expect(res.statusCode, res.body).toBe(201);
    expect(qa(await cardsOf(ada, set.id))).toEqual([
      ["nucleus", "holds the DNA", "think control", ["cell", "bio"]],
      ["ribosome", "makes proteins", null, ["organelle"]],
    ]);
  });

  it("refuses roles without exactly one Front and one Back, in words", async () => {
    const set = await newSet(ada);
    for (const columns of [
      ["front", "front", "back", "hint"],
      ["tags", "front", "hint", "hint"],
      ["front", "back", "sideways", "hint"],
    ]) {
      const res = await importText(ada, set.id, headerless, { format: "csv", columns } as ImportOptionsInput);
      expect(res.statusCode, columns.join()).toBe(400);
      expect(res.json().error).toMatch(/Choose (exactly one Front column and one Back column|Front, Back)/);
    }
    expect(await cardsOf(ada, set.id)).toEqual([]);
  });
});

describe("Quizlet export (issue 25 §5)", () => {
  it("writes term, tab, definition per line as <title>.txt, line breaks and tabs as spaces", async () => {
    const set = await newSet(ada, "Cell biology");
    for (const card of [
      { question: "nucleus", answer: "holds the DNA", hint: "control", tags: ["bio"] },
      { question: "line\nbreak", answer: "tab\there\n\nand more" },
      { question: "{{c1::Ribosomes}} make proteins", type: "cloze" },
    ])
      expect((await req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, card)).statusCode).toBe(
        201,
      );
    const csv = (await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=csv`)).json();
    const res = await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=quizlet`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      filename: "Cell-biology.txt",
      mimeType: "text/plain",
      content: "nucleus\tholds the DNA\nline break\ttab here and more\n____ make proteins\tRibosomes\n",
    });
    // Quizlet has no cloze: the blank is in the term, the answer is the definition. The CSV keeps the cloze.
    expect(csv.content).toContain("{{c1::Ribosomes}} make proteins");
    const copy = await newSet(ada, "Copy");
    const imported = await importText(ada, copy.id, res.json().content, {
      format: "text",
      termSeparator: "tab",
      rowSeparator: "newline",
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(qa(await cardsOf(ada, copy.id)).map((c) => c.slice(0, 2))).toEqual([
      ["nucleus", "holds the DNA"],
      ["line break", "tab here and more"],
      ["____ make proteins", "Ribosomes"],
    ]);

    const unknown = await req(ada, "GET", `/api/study/flashcard-sets/${set.id}/export?format=pdf`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual(expect.any(String));
    expect(
      (await req(bob, "GET", `/api/study/flashcard-sets/${set.id}/export?format=quizlet`)).statusCode,
    ).toBe(404);
  });
});

describe("renaming sets (issue 25 §6)", () => {
  it("edits a flashcard set's title, description and colour by PATCH or PUT; bad input is a 400", async () => {
    const set = await newSet(ada);
    const url = `/api/study/flashcard-sets/${set.id}`;
    const res = await req(ada, "PATCH", url, {
      title: " Organelles ",
      description: "Ch. 3",
      color: "#10b981",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: set.id,
      title: "Organelles",
      description: "Ch. 3",
      color: "#10B981",
    });
    expect((await req(ada, "PUT", url, { description: "" })).json()).toMatchObject({
      title: "Organelles",
      description: null,
      color: "#10B981",
    });
    expect((await req(ada, "PATCH", url, { color: null })).json().color).toBeNull();
    for (const bad of [{}, { title: "  " }, { color: "red" }, { title: "x".repeat(201) }])
      expect((await req(ada, "PATCH", url, bad)).statusCode).toBe(400);
    expect((await req(bob, "PATCH", url, { title: "Mine" })).statusCode).toBe(404);
  });

  it("edits a study set's title, description and colour; another student's is a 404", async () => {
    const s = await createStudySet(t.app, { owner: ada, title: "Bio", color: "#3B82F6" });
    const res = await req(ada, "PATCH", `/api/study/sets/${s.id}`, { title: "Biology", color: "#ef4444" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, title: "Biology", color: "#EF4444", description: null });
    const put = await req(ada, "PUT", `/api/study/sets/${s.id}`, { description: "Term 1" });
    expect(put.json()).toMatchObject({ title: "Biology", description: "Term 1" });
    expect((await req(ada, "PATCH", `/api/study/sets/${s.id}`, { title: "" })).statusCode).toBe(400);
    expect((await req(bob, "PATCH", `/api/study/sets/${s.id}`, { title: "x" })).statusCode).toBe(404);
    const list = (await req(ada, "GET", "/api/study/sets")).json() as { id: number; title: string }[];
    expect(list.find((x) => x.id === s.id)?.title).toBe("Biology");
  });
});
