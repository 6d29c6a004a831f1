import { describe, expect, it } from "vitest";
import { contentTerms, sentences, stem, tidy, words } from "./text.ts";

const texts = (input: string) => sentences(input).map((s) => s.text);

describe("sentences", () => {
  it("does not split after titles, month abbreviations, e.g./i.e. or inside decimals", () => {
    expect(
      texts(
        "Dr. Smith arrived on Jan. 5 at 3.5 p.m. with e.g. apples, i.e. fruit. The U.S. economy grew 2.5% in 2020. Prof. Jones agreed.",
      ),
    ).toEqual([
      "Dr. Smith arrived on Jan. 5 at 3.5 p.m. with e.g. apples, i.e. fruit.",
      "The U.S. economy grew 2.5% in 2020.",
      "Prof. Jones agreed.",
    ]);
  });

  it("keeps citations and figure references inside their sentence", () => {
    expect(texts("Smith et al. (2019) showed this. See Fig. 3 for details. It costs 3.14 dollars.")).toEqual([
      "Smith et al. (2019) showed this.",
      "See Fig. 3 for details.",
      "It costs 3.14 dollars.",
    ]);
  });

  it("still ends a sentence on a word that is also an abbreviation", () => {
    expect(texts("Is a virus alive? The answer is no. Viruses need a host cell.")).toEqual([
      "Is a virus alive?",
      "The answer is no.",
      "Viruses need a host cell.",
    ]);
  });

  it("splits on question and exclamation marks", () => {
    expect(texts("Is the cell alive? Yes! It divides.")).toEqual([
      "Is the cell alive?",
      "Yes!",
      "It divides.",
    ]);
  });

  it("gives offsets that locate each sentence in the input", () => {
    const input = "First sentence here.  Second one\nwraps a line. Third.";
    const found = sentences(input);
    expect(found.map((s) => input.slice(s.start, s.end))).toEqual([
      "First sentence here.",
      "Second one\nwraps a line.",
      "Third.",
    ]);
    expect(found[1]?.text).toBe("Second one wraps a line.");
  });

  it("stems a word the same with or without its accents or ligatures, and leaves other scripts whole", () => {
    expect(contentTerms("Gödel's théorème: the ﬁeld, naïve")).toEqual(
      contentTerms("Godel's theoreme: the field, naive"),
    );
    expect(stem("Schrödinger")).toBe(stem("schrodinger"));
    // Hangul and Devanagari are recomposed after the accents go: the same letters as before, and a
    // vowel sign or a typed combining accent is part of its word.
    expect(words("한국어 हिन्दी cafe\u0301").map((w) => w.stem)).toEqual(["한국어", "हिन्दी", "cafe"]);
  });

  it("parts a word at an apostrophe as PostgreSQL does, contractions aside", () => {
    expect(words("L'Hôpital O’Brien don't it's Gödel's").map((w) => w.normal)).toEqual([
      "l",
      "hôpital",
      "o",
      "brien",
      "do",
      "not",
      "it",
      "gödel",
    ]);
  });

  it("returns content stems without stop words or punctuation", () => {
    const [first] = sentences("The mitochondria are producing energy for the cells.");
    expect(first?.terms).toEqual(["mitochondria", "produc", "energi", "cell"]);
  });

  it("never splits at a stop inside a token: ASN.1, v2.0, 3.14, file.txt, U.S.", () => {
    expect(
      texts(
        "The main type is asn1_node, used to store the ASN.1 definitions. Version v2.0 is out. Pi is 3.14 here. Open file.txt first. The U.S. team won.",
      ),
    ).toEqual([
      "The main type is asn1_node, used to store the ASN.1 definitions.",
      "Version v2.0 is out.",
      "Pi is 3.14 here.",
      "Open file.txt first.",
      "The U.S. team won.",
    ]);
  });

  it("keeps e.g., i.e., Fig. 3, Dr. and initials inside their sentence, and ends one at etc. before a capital", () => {
    expect(
      texts(
        "Use a tool, e.g. The Hammer, for this. Some, i.e. These, matter. See Fig. 3 and No. 4 below. Dr. Who and W. R. Pearson wrote it. Bring pens, etc. and paper. Bring pens, etc. The exam starts.",
      ),
    ).toEqual([
      "Use a tool, e.g. The Hammer, for this.",
      "Some, i.e. These, matter.",
      "See Fig. 3 and No. 4 below.",
      "Dr. Who and W. R. Pearson wrote it.",
      "Bring pens, etc. and paper.",
      "Bring pens, etc.",
      "The exam starts.",
    ]);
  });

  it("does not end a sentence at dot leaders or an ellipsis", () => {
    expect(texts("Wait for it... Then go. Introduction . . . . . 1")).toEqual([
      "Wait for it... Then go.",
      "Introduction . . . . . 1",
    ]);
  });

  it("ends a sentence at a stop followed by closing quotes or brackets", () => {
    expect(texts('He said "stop." Then he left. (It was late.) Next day came.')).toEqual([
      'He said "stop."',
      "Then he left.",
      "(It was late.)",
      "Next day came.",
    ]);
  });

  it("gives the same words and sentences however often a text has been read", () => {
    const text = "Install 4ti2. In 4ti2 version 1.3.1, all numbers are integers (see 4ti2.)";
    const first = sentences(text);
    expect(words("4ti2.").map((w) => w.normal)).toEqual(["4ti2"]);
    expect(sentences(text)).toEqual(first);
    expect(first[1]?.terms).toContain("4ti2");
  });

  it("returns nothing for blank input", () => {
    expect(sentences("   \n ")).toEqual([]);
  });
});

describe("words and stems", () => {
  it("stems like PostgreSQL's english configuration, so stems compare with tsvector lexemes", () => {
    // ts_lexize('english_stem', word) on PostgreSQL 15, captured once.
    const postgres =
      "photosynthesis=photosynthesi mitochondria=mitochondria economies=economi running=run generalization=general organelles=organell membranes=membran cellular=cellular respiration=respir relational=relat databases=databas quickly=quick happiness=happi arguing=argu conditional=condit sorting=sort algorithms=algorithm dividing=divid revolution=revolut";
    for (const pair of postgres.split(" ")) {
      const [word = "", lexeme] = pair.split("=");
      expect(stem(word), word).toBe(lexeme);
    }
    expect(stem("Running")).toBe("run");
  });

  it("flags stop words and drops punctuation", () => {
    const found = words("What is the difference between osmosis and diffusion?");
    expect(found.map((w) => w.normal)).toEqual([
      "what",
      "is",
      "the",
      "difference",
      "between",
      "osmosis",
      "and",
      "diffusion",
    ]);
    expect(found.filter((w) => w.stop).map((w) => w.normal)).toEqual(["what", "is", "the", "between", "and"]);
  });

  it("reads identifiers, contractions and addresses the way a search would", () => {
    expect(words("asn1_node don't it's C++ x-ray 3.14 v2.0").map((w) => w.normal)).toEqual([
      "asn1",
      "node",
      "do",
      "not",
      "it",
      "c",
      "x",
      "ray",
      "3.14",
      "v2",
      "0",
    ]);
    expect(contentTerms("See https://www.gnu.org/software/libtasn1/ or help-libtasn1@gnu.org")).toEqual([]);
  });

  it("keeps years but not single digits as content terms", () => {
    expect(contentTerms("In 1789, 3 things happened")).toEqual(["1789", "thing", "happen"]);
  });
});

describe("tidy", () => {
  it("rejoins line-end hyphenation and collapses whitespace", () => {
    expect(tidy("photo-\nsynthesis  happens\n in   leaves")).toBe("photosynthesis happens in leaves");
  });

  it("keeps a hyphen before a capital (a real compound)", () => {
    expect(tidy("Franco-\nPrussian war")).toBe("Franco-Prussian war");
  });
});
