import { describe, expect, it } from "vitest";
import { questionTerms } from "./query.ts";
import { answerKind, idf, isDefinitionQuestion, rankPassages, type TermStatistics } from "./relevance.ts";

const stats = (passages: number, frequencies: Record<string, number>): TermStatistics => ({
  passages,
  documentFrequency: new Map(Object.entries(frequencies)),
});

const passage = (title: string, text: string) => ({ title, text });

describe("idf", () => {
  it("weighs a rare term above a common one, and a term no passage holds most", () => {
    const s = stats(100, { file: 90, fstab: 2 });
    expect(idf(s, "fstab")).toBeGreaterThan(idf(s, "file"));
    expect(idf(s, "unseen")).toBeGreaterThan(idf(s, "fstab"));
    expect(idf(s, "file")).toBeGreaterThan(0);
  });

  it("stays finite and positive with no passages or a count above the total", () => {
    expect(idf(stats(0, {}), "x")).toBeGreaterThan(0);
    expect(idf(stats(5, { x: 9 }), "x")).toBeGreaterThan(0);
  });
});

describe("rankPassages", () => {
  it("puts the passage holding the question's rare word above one repeating a common word", () => {
    const terms = questionTerms("Which file lists the filesystems in fstab?");
    const s = stats(200, { file: 150, list: 80, filesystem: 30, fstab: 3 });
    const ranked = rankPassages(
      terms,
      [
        passage("Manual", "A file is a file. Every file and file list is a file in the file system."),
        passage("Manual", "The fstab file describes the filesystems the system mounts at boot."),
      ],
      s,
    );
    expect(ranked[0]!.text).toContain("fstab");
    expect(ranked[0]!.coverage).toBeGreaterThan(ranked[1]!.coverage);
  });

  it("gives the IDF-weighted share of the question as coverage", () => {
    const terms = questionTerms("osmosis cholesterol");
    const s = stats(10, { osmosi: 5, cholesterol: 5 });
    const [only] = rankPassages(terms, [passage("Notes", "Osmosis moves water across membranes.")], s);
    expect(only!.coverage).toBeCloseTo(0.5);
    const [none] = rankPassages(terms, [passage("Notes", "Nothing relevant here.")], s);
    expect(none!.coverage).toBe(0);
  });

  it("counts a word of the document's title or the passage's heading toward the question", () => {
    const terms = questionTerms("How does nano justify text?");
    const s = stats(50, { nano: 40, justifi: 3, text: 30 });
    const body = "Justify fills the current paragraph so that the text lines up on both margins.";
    const [withTitle] = rankPassages(terms, [passage("The nano editor", body)], s);
    const [without] = rankPassages(terms, [passage("Editor guide", body)], s);
    expect(withTitle!.coverage).toBeCloseTo(1);
    expect(withTitle!.score).toBeGreaterThan(without!.score);
  });

  it("ranks question words standing together above the same words far apart", () => {
    const terms = questionTerms("strict tables");
    const s = stats(20, { strict: 4, tabl: 10 });
    const filler = " lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".repeat(3);
    const ranked = rankPassages(
      terms,
      [
        passage("Doc", `Strict mode is described here.${filler} Tables are described there.`),
        passage("Doc", `Strict tables refuse values of the wrong type.${filler}`),
      ],
      s,
    );
    expect(ranked[0]!.text).toMatch(/^Strict tables/);
  });

  it("prefers the passage that defines the term when the question asks what it is", () => {
    const question = "What is a sign file?";
    expect(isDefinitionQuestion(question)).toBe(true);
    expect(isDefinitionQuestion("Which file holds the matrix?")).toBe(false);
    const terms = questionTerms(question);
    const s = stats(30, { sign: 5, file: 20 });
    const candidates = [
      passage(
        "Manual",
        "Keep the sign file beside the matrix file; the sign file check reads one sign file.",
      ),
      passage("Manual", "A sign file is a list that gives the sign of each variable of the system in turn."),
    ];
    expect(rankPassages(terms, candidates, s, { definition: true })[0]!.text).toMatch(/^A sign file is/);
  });

  it("answers nothing scored for a question without terms", () => {
    expect(rankPassages([], [passage("Doc", "Text.")], stats(1, {}))).toEqual([
      { title: "Doc", text: "Text.", coverage: 0, score: 0 },
    ]);
  });
});

describe("answerKind", () => {
  it("reads what a question asks for from its form", () => {
    expect(answerKind("Which header file do I include?")).toBe("file");
    expect(answerKind("Which function frees a node?")).toBe("function");
    expect(answerKind("Which command lists the options?")).toBe("command");
    expect(answerKind("How many slides must a presentation have?")).toBe("count");
    expect(answerKind("When is the variable evaluated?")).toBe("time");
    expect(answerKind("What is a configuration file system standard about?")).toBeNull();
    expect(answerKind("Does the name self mean anything?")).toBeNull();
  });
});

describe("phrase and answer-kind boosts", () => {
  const s = stats(50, { matrix: 5, project: 5, file: 30, sign: 5 });
  it("ranks the passage holding the question's words side by side above one holding them apart", () => {
    const terms = questionTerms("Where is the project matrix kept?");
    const ranked = rankPassages(
      terms,
      [
        passage("Manual", "The matrix of numbers is large. Each project has a name and many settings."),
        passage("Manual", "Each project matrix is large. Numbers have a name and many settings here."),
      ],
      s,
    );
    expect(ranked[0]!.text).toMatch(/^Each project matrix/);
  });

  it("prefers, for a 'which file' question, the passage that names a file", () => {
    const terms = questionTerms("Which file holds the sign constraints?");
    const candidates = [
      passage("Manual", "The sign constraints are written here, one per variable."),
      passage("Manual", "The sign constraints are written in PROJECT.txt, one per variable, always."),
    ];
    const plain = rankPassages(terms, candidates, s);
    const kind = rankPassages(terms, candidates, s, { kind: "file" });
    // Without the kind, the shorter passage wins (BM25); with it, the one naming a file.
    expect(plain[0]!.text).not.toContain("PROJECT.txt");
    expect(kind[0]!.text).toContain("PROJECT.txt");
    expect(kind[0]!.score).toBeGreaterThan(kind[1]!.score);
  });
});
