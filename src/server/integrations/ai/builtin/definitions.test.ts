import { describe, expect, it } from "vitest";
import { definitionCards } from "./definitions.ts";
import { readFixture } from "./fixtures/read-fixture.ts";

const byTerm = (pages: string[]) => new Map(definitionCards(pages).map((c) => [c.term, c]));

describe("definitionCards", () => {
  it("finds 'is a', 'refers to', 'means', 'is defined as', bold and glossary definitions in a lecture", () => {
    const cards = byTerm(readFixture("cell-biology"));
    expect(cards.get("the plasma membrane")).toMatchObject({
      term: "the plasma membrane",
      question: "What is the plasma membrane?",
      answer: "A phospholipid bilayer that separates the cell from its surroundings.",
      page: 1,
    });
    expect(cards.get("diffusion")?.answer).toBe(
      "The net movement of particles from a region of higher concentration to a region of lower concentration.",
    );
    expect(cards.get("Osmosis")).toMatchObject({
      question: "What is Osmosis?",
      answer: "The diffusion of water across a selectively permeable membrane.",
      page: 2,
    });
    expect(cards.get("cellular respiration")?.answer).toBe(
      "The breakdown of glucose with oxygen to release usable energy.",
    );
    expect(cards.get("photosynthesis")?.answer).toBe(
      "The process that converts light energy into chemical energy stored in sugar.",
    );
    expect(cards.get("prokaryotes")).toMatchObject({
      question: "What are prokaryotes?",
      answer: "Single-celled organisms that lack a nucleus and membrane-bound organelles.",
    });
    expect(cards.get("Cytoskeleton")).toMatchObject({
      answer: "A network of protein fibres that gives the cell its shape and moves organelles.",
      page: 3,
    });
    expect(cards.get("Ribosome")?.answer).toBe("A complex of RNA and protein that builds polypeptides.");
  });

  it("asks every card the same way and keeps one fact per card", () => {
    for (const name of ["cell-biology", "algorithms", "french-revolution"] as const) {
      for (const card of definitionCards(readFixture(name))) {
        expect(card.question).toMatch(/^What (is|are|was|were) .+\?$/);
        expect(card.question).toContain(card.term);
        expect(card.answer).not.toMatch(/\*\*/);
        expect(card.answer.length).toBeLessThanOrEqual(300);
        expect(card.quality).toBeGreaterThan(0);
        expect(card.quality).toBeLessThanOrEqual(1);
      }
    }
    expect(byTerm(readFixture("french-revolution")).get("the Estates-General")?.question).toBe(
      "What was the Estates-General?",
    );
  });

  it("rejects pronoun subjects, labels, generic and overly long terms", () => {
    const pages = [
      [
        "It is a common mistake to skip the reading.",
        "This is the most important idea of the week.",
        "There are three types of muscle tissue.",
        "These are the main parts of a neuron.",
        "The main goal of this course is a solid grasp of physiology.",
        "The result is a higher heart rate.",
        "The Declaration of the Rights of Man and of the Citizen is a document about rights.",
        "Note: the lab report is due on Friday.",
        "Students are expected to attend every lab that is scheduled.",
        "Exams are usually the hardest part that students face.",
      ].join("\n"),
    ];
    expect(definitionCards(pages)).toEqual([]);
  });

  it("dedupes a term defined twice, keeping the first definition", () => {
    const cards = definitionCards(readFixture("cell-biology")).filter((c) => c.term === "mitochondria");
    expect(cards).toEqual([
      {
        term: "mitochondria",
        question: "What are mitochondria?",
        answer: "The organelles in which cellular respiration produces most of the cell's ATP.",
        page: 3,
        quality: expect.any(Number),
      },
    ]);
    const twice = definitionCards([
      "Homeostasis means keeping a stable internal environment.\n\nHomeostasis is the maintenance of a steady internal state.",
    ]);
    expect(twice.map((c) => c.answer)).toEqual(["Keeping a stable internal environment."]);
  });

  it("uses the sentence that defines a bold term when no pattern matches", () => {
    const [card] = definitionCards([
      "Water crosses membranes by **osmosis**, the diffusion of water toward higher solute concentration.",
    ]);
    expect(card).toMatchObject({
      term: "osmosis",
      question: "What is osmosis?",
      answer:
        "Water crosses membranes by osmosis, the diffusion of water toward higher solute concentration.",
      page: 1,
    });
  });

  it("leaves out a definition too long for a card rather than cutting it mid-sentence", () => {
    const long =
      "The citric acid cycle is a series of chemical reactions used by all aerobic organisms to release stored energy through the oxidation of acetyl-CoA derived from carbohydrates, fats and proteins, and it also provides precursors of certain amino acids, as well as the reducing agent NADH, which is used in numerous other reactions and pathways of the cell.";
    expect(definitionCards([long])).toEqual([]);
  });

  it("reads glossary lines with a colon or a spaced dash, in lists too, and lower-cases common-noun phrases", () => {
    const cards = definitionCards([
      "Glossary\n\n- Stack: a last-in, first-out collection of items.\n- Binary heap – a complete binary tree that keeps the heap property.\n* Queue — a first-in, first-out collection.",
    ]);
    expect(cards.map((c) => [c.question, c.answer])).toEqual([
      ["What is Stack?", "A last-in, first-out collection of items."],
      ["What is binary heap?", "A complete binary tree that keeps the heap property."],
      ["What is Queue?", "A first-in, first-out collection."],
    ]);
  });

  it("takes a glossary line only when it holds one statement and a plain term", () => {
    const cards = definitionCards([
      "Für die Prüfung: the café opens at 8. Bring a pen.\nNucleus 🧠: stores the DNA of the cell\nEnzyme: a protein catalyst, e.g. amylase in saliva.",
    ]);
    expect(cards.map((c) => c.term)).toEqual(["Enzyme"]);
  });

  it("asks a heading's or a glossary line's plural term with 'are', and leaves out two-topic headings", () => {
    const cards = definitionCards([
      [
        "## Generator Expressions",
        "",
        "Generator expressions are coded as expressions with a syntax like that of list comprehensions.",
        "",
        "## Mitochondria and Energy",
        "",
        "Cellular respiration takes place mainly in the mitochondria, where glucose is broken down.",
        "",
        "Bias: a systematic error that pushes every measurement the same way.",
        "",
        "Affinity of columns: the type a column prefers for the values stored in it.",
      ].join("\n"),
    ]);
    expect(cards.map((c) => c.question)).toEqual([
      "What are Generator Expressions?",
      "What is Bias?",
      "What is affinity of columns?",
    ]);
  });

  it("never reads headings or code as definitions", () => {
    expect(
      definitionCards([
        "# Memory Is A Resource\n\n```\nresult = x if x is a number else y\n```\n\n    mean = total / n",
      ]),
    ).toEqual([]);
  });

  it("takes no action, release or examples heading as a term, and marks down answers that define nothing", () => {
    const page = [
      "To apply affinity is to convert an operand to a particular storage class before comparing.",
      "",
      "Collation Sequence Examples",
      "",
      "The examples below identify the collating sequences used by each comparison.",
      "",
      "Version 0.21",
      "",
      "Added more references suggested on the tutor mailing list.",
      "",
      "The operator module",
      "",
      "The operator module was mentioned earlier in this guide.",
      "",
      "If the value is a NULL value, the comparison is skipped. The value is a NULL value.",
      "",
      "A predicate is a function that returns the truth value of some condition.",
    ].join("\n");
    const cards = definitionCards([page]);
    const terms = cards.map((c) => c.term.toLowerCase());
    expect(terms).not.toContain("to apply affinity");
    expect(terms).not.toContain("collation sequence examples");
    expect(terms).not.toContain("version 0.21");
    for (const card of cards.filter((c) => /operator module|^the value$/i.test(c.term)))
      expect(card.quality, card.term).toBeLessThan(0.6);
    expect(
      cards.find((c) => c.term === "A predicate" || c.term === "a predicate")?.quality,
    ).toBeGreaterThanOrEqual(0.6);
  });
});
