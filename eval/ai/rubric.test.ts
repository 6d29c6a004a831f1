import { describe, expect, it } from "vitest";
import {
  boilerplate,
  clauseProblems,
  contentWords,
  documentBoilerplate,
  draftProblems,
  profileDocument,
  questionTerm,
  runningLines,
  sentenceProblems,
  splitSentences,
  summaryHeadings,
  summarySentences,
} from "./rubric.ts";

describe("splitSentences", () => {
  it("does not split inside identifiers, versions, numbers and file names", () => {
    const text =
      "Libtasn1 parses ASN.1 as in X.680. Version v2.0 reads file.txt in 3.14 seconds. Done in the U.S. today.";
    expect(splitSentences(text)).toEqual([
      "Libtasn1 parses ASN.1 as in X.680.",
      "Version v2.0 reads file.txt in 3.14 seconds.",
      "Done in the U.S. today.",
    ]);
  });

  it("does not split after abbreviations and initials", () => {
    const text =
      "Use a list, e.g. The one in Fig. 3 of the paper. See W. R. Pearson, i.e. The author. Next one.";
    expect(splitSentences(text)).toEqual([
      "Use a list, e.g. The one in Fig. 3 of the paper.",
      "See W. R. Pearson, i.e. The author.",
      "Next one.",
    ]);
  });

  it("does not split at a stop followed by a lower-case word", () => {
    expect(splitSentences("The value is approx. ten. It is small.")).toEqual([
      "The value is approx. ten.",
      "It is small.",
    ]);
  });

  it("breaks at blank lines, list items and headings, and keeps a closing quote with its sentence", () => {
    const text = 'He said "stop." Then left\n\n- first item\n- second item\n# Heading\nBody text.';
    expect(splitSentences(text)).toEqual([
      'He said "stop."',
      "Then left",
      "- first item",
      "- second item",
      "# Heading",
      "Body text.",
    ]);
  });

  it("keeps dot leaders and ellipses inside their sentence", () => {
    expect(splitSentences("1.1 Linear systems . . . . . . 5. Next sentence... goes on. Last.")).toEqual([
      "1.1 Linear systems . . . . . . 5.",
      "Next sentence... goes on.",
      "Last.",
    ]);
  });

  it("splits at ! and ? too", () => {
    expect(splitSentences("Really? Yes! Fine.")).toEqual(["Really?", "Yes!", "Fine."]);
  });
});

describe("summaryHeadings", () => {
  it("lists the headings, which the rubric checks for boilerplate only", () => {
    const summary = "## Copyright © 1998 Wichert Akkerman\n\nText here.\n\n## 3. Templates\n\nMore text.";
    expect(summaryHeadings(summary)).toEqual(["Copyright © 1998 Wichert Akkerman", "3. Templates"]);
    expect(boilerplate("Copyright © 1998 Wichert Akkerman")).toMatch(/licence/);
    expect(boilerplate("3. Templates")).toBeNull();
  });
});

describe("summarySentences", () => {
  it("drops headings, unwraps bullets and splits prose", () => {
    const summary =
      "## Introduction\n\nFirst point here. Second point here.\n\n- A bullet sentence.\n- Another one.";
    expect(summarySentences(summary)).toEqual([
      "First point here.",
      "Second point here.",
      "A bullet sentence.",
      "Another one.",
    ]);
  });
});

describe("boilerplate", () => {
  it("finds licence and copyright notices", () => {
    expect(
      boilerplate(
        "Permission is granted to copy, distribute and/or modify this document under the terms of the GNU Free Documentation License, Version 1.3.",
      ),
    ).toMatch(/licence/);
    expect(boilerplate("Copyright © 2001–2022 Free Software Foundation, Inc.")).toMatch(/licence/);
    expect(boilerplate("THIS SOFTWARE IS PROVIDED WITHOUT ANY WARRANTY.")).toMatch(/licence/);
    expect(
      boilerplate(
        "Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer.",
      ),
    ).toMatch(/licence/);
    expect(
      boilerplate("ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE."),
    ).toMatch(/licence/);
    // A licence named in a sentence about licences is not a notice.
    expect(boilerplate("The GPL version 3 is incompatible with version 2 of the license.")).toBeNull();
  });

  it("finds tables of contents, index entries and page numbers", () => {
    expect(boilerplate("2.1 ASN.1 syntax. . . . . . . . . . . . . 2")).toMatch(/contents/);
    expect(boilerplate("Table of Contents")).toMatch(/contents/);
    expect(boilerplate("asn1_read_value, 13, 14, 17")).toMatch(/index/);
    expect(boilerplate("Page 12 of 40")).toMatch(/page number/);
    expect(boilerplate("iv")).toMatch(/page number/);
  });

  it("finds running headers glued to a sentence, but not the same words inside a sentence", () => {
    const pages = Array.from(
      { length: 10 },
      (_, i) => `Chapter 4: Function reference ${i + 8}\n\nBody ${i}.`,
    );
    const running = runningLines(pages);
    expect(running).toContain("Chapter : Function reference");
    expect(
      boilerplate("Chapter 4: Function reference 12 Returns: ASN1_SUCCESS if it worked.", running),
    ).toMatch(/running header/);
    expect(boilerplate("The chapter on function reference material is long.", running)).toBeNull();
  });

  it("treats every sentence of a licence appendix as boilerplate, in multi-page documents only", () => {
    const appendix =
      "A.1 GNU Free Documentation License\n\nThe purpose of this License is to make a manual free. This License is a kind of copyleft. " +
      "A Secondary Section is a named appendix of the Document. You accept this License if you copy the work.";
    const manual = profileDocument(["Intro page.", "The parser is case sensitive.", appendix]);
    expect([...manual.licencePages]).toEqual([3]);
    expect(documentBoilerplate(manual, "A Secondary Section is a named appendix of the Document.")).toMatch(
      /page 3/,
    );
    expect(documentBoilerplate(manual, "The parser is case sensitive.")).toBeNull();
    expect(
      draftProblems(
        { question: "What is a Secondary Section?", answer: "a named appendix of the Document", page: 3 },
        manual,
      ).join(),
    ).toMatch(/licence text/);
    expect(profileDocument([appendix]).licencePages.size).toBe(0);
  });

  it("leaves ordinary sentences alone", () => {
    expect(boilerplate("The parser is case sensitive.")).toBeNull();
    expect(boilerplate("Version 3.0 of the standard was published in 2015.")).toBeNull();
  });
});

describe("sentenceProblems", () => {
  const doc = profileDocument([
    "Libtasn1 provides Abstract Syntax Notation One (ASN.1, as specified by X.680) parsing. The main type is asn1_node, used to store the ASN.1 definitions.",
  ]);

  it("passes a complete sentence of the document", () => {
    expect(sentenceProblems("The main type is asn1_node, used to store the ASN.1 definitions.", doc)).toEqual(
      [],
    );
  });

  it("fails a sentence cut inside ASN.1, at either end", () => {
    expect(sentenceProblems("The main type is asn1_node, used to store the ASN.", doc).join()).toMatch(
      /ends inside/,
    );
    expect(sentenceProblems("1 definitions.", doc).join()).toMatch(/starts inside/);
  });

  it("fails a lower-case start, a missing stop and a cut at an abbreviation", () => {
    expect(sentenceProblems("parsing happens here.").join()).toMatch(/capital/);
    expect(sentenceProblems("The parser is case sensitive").join()).toMatch(/end with/);
    expect(sentenceProblems("Use a tool, e.g.").join()).toMatch(/abbreviation/);
  });

  it("fails a sentence that ends on a colon", () => {
    expect(sentenceProblems("The following storage classes exist:.").join()).toMatch(/colon/);
  });

  it("accepts a stop before a lower-case line start (definition lists), not before a lower-case word", () => {
    const list = profileDocument([
      "structure: pointer to the structure you want to visit.\nname: an element.",
    ]);
    expect(sentenceProblems("Pointer to the structure you want to visit.", list)).toEqual([]);
    const prose = profileDocument([
      "The attribute is MyClass.i and f. __doc__ is also valid. It is approx. ten.",
    ]);
    expect(sentenceProblems("It is approx.", prose).join()).toMatch(/abbreviation|does not end the sentence/);
    // '__' belongs to Python names: the next sentence starts with one, not with a lower-case word.
    expect(sentenceProblems("The attribute is MyClass.i and f.", prose)).toEqual([]);
  });

  it("accepts identifiers and code at the start", () => {
    expect(sentenceProblems("^X exits from the help viewer.")).toEqual([]);
    expect(sentenceProblems("tables.xsl uses a table to show the navigation.")).toEqual([]);
    expect(sentenceProblems("asn1Parser reads a single file.")).toEqual([]);
    expect(sentenceProblems("`nano` is a small editor.")).toEqual([]);
    expect(sentenceProblems("/etc holds configuration files.")).toEqual([]);
  });

  it("fails boilerplate", () => {
    expect(sentenceProblems("All rights reserved.").join()).toMatch(/boilerplate/);
  });
});

describe("flashcard drafts", () => {
  const doc = profileDocument([
    "9.2. Python Scopes and Namespaces\n\nA namespace is a mapping from names to objects. Most namespaces are currently implemented as Python dictionaries.\n\nGlossary\n\n- Scope: a textual region of a Python program where a namespace is directly accessible\n- Iterator: an object with a __next__() method",
  ]);

  it("reads the term of a question", () => {
    expect(questionTerm("What is a namespace?")).toBe("a namespace");
    expect(questionTerm("What does ASN.1 stand for?")).toBe("ASN.1");
    expect(questionTerm("Define scope.")).toBe("scope");
    expect(contentWords("What is the?")).toEqual([]);
    // Names in capitals are terms even when they spell a function word.
    expect(contentWords("ANY")).toEqual(["ANY"]);
  });

  it("passes a definition card whose answer is the rest of the defining sentence", () => {
    expect(
      draftProblems({ question: "What is a namespace?", answer: "a mapping from names to objects" }, doc),
    ).toEqual([]);
    expect(
      draftProblems(
        { question: "What is a namespace?", answer: "A namespace is a mapping from names to objects." },
        doc,
      ),
    ).toEqual([]);
  });

  it("passes a glossary line whose definition has no final stop", () => {
    expect(
      draftProblems(
        {
          question: "What is a scope?",
          answer: "a textual region of a Python program where a namespace is directly accessible",
        },
        doc,
      ),
    ).toEqual([]);
  });

  it("fails a question without a content word ('What is the?')", () => {
    expect(
      draftProblems({ question: "What is the?", answer: "a mapping from names to objects" }, doc).join(),
    ).toMatch(/no content word/);
  });

  it("fails an answer that is not in the document, or stops mid-sentence, or starts mid-sentence", () => {
    expect(
      draftProblems({ question: "What is a namespace?", answer: "a kind of dictionary" }, doc).join(),
    ).toMatch(/does not appear/);
    expect(
      draftProblems({ question: "What is a namespace?", answer: "a mapping from names" }, doc).join(),
    ).toMatch(/stops before the end/);
    expect(
      draftProblems(
        { question: "What are namespaces?", answer: "implemented as Python dictionaries." },
        doc,
      ).join(),
    ).toMatch(/starts in the middle/);
  });

  it("judges a cloze card by its term and its filled-in sentence", () => {
    expect(
      draftProblems({ question: "A _____ is a mapping from names to objects.", answer: "namespace" }, doc),
    ).toEqual([]);
    expect(
      draftProblems({ question: "A namespace is a _____ from names.", answer: "mapping" }, doc).join(),
    ).toMatch(/does not end the sentence/);
    expect(
      draftProblems({ question: "A _____ is a mapping from names to objects.", answer: "the" }, doc).join(),
    ).toMatch(/no content word/);
  });

  it("fails boilerplate on either side", () => {
    const licensed = profileDocument([
      "Permission is granted to copy this document under the GNU Free Documentation License.",
    ]);
    expect(
      draftProblems(
        {
          question: "What is the licence?",
          answer: "Permission is granted to copy this document under the GNU Free Documentation License.",
        },
        licensed,
      ).join(),
    ).toMatch(/boilerplate/);
  });

  it("checks clauses for balance and length", () => {
    expect(clauseProblems("names to", doc).join()).toMatch(/three words/);
    expect(clauseProblems("an object with a __next__( method", doc).join()).toMatch(/unbalanced/);
  });
});
