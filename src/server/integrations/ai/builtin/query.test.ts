import { describe, expect, it } from "vitest";
import { builtinProvider } from "./answer.ts";
import { chunkDocument } from "./chunk.ts";
import { readFixture } from "./fixtures/read-fixture.ts";
import { bestSentences, coverage, joinQuoted, MIN_COVERAGE, questionTerms, toTsQuery } from "./query.ts";

const tsquery = (question: string) => toTsQuery(questionTerms(question));
const SAFE_TSQUERY = /^(?:[\p{L}\p{M}\p{N}]+(?: \| [\p{L}\p{M}\p{N}]+)*)?$/u;

describe("questionTerms and toTsQuery", () => {
  it("keeps the content words of a natural question and ORs them", () => {
    expect(tsquery("What is the difference between osmosis and diffusion?")).toBe(
      "difference | osmosis | diffusion",
    );
    expect(tsquery("How does photosynthesis work?")).toBe("photosynthesis");
    expect(tsquery("Can you explain the Krebs cycle to me, please?")).toBe("krebs | cycle");
    expect(tsquery("What happened in 1789?")).toBe("1789");
    expect(tsquery("What did Robespierre's committee do?")).toBe("robespierre | committee");
  });

  it("gives each stem once, with the stem beside the word", () => {
    expect(questionTerms("Sorting, sorts and sorted arrays")).toEqual([
      { word: "sorting", stem: "sort" },
      { word: "arrays", stem: "array" },
    ]);
  });

  it("folds Latin accents, keeps the words of every script and drops the rest", () => {
    expect(tsquery("la révolution française et le café")).toBe("revolution | francaise | et | cafe");
    // As the chunks' index folds them (foldedSearchVector): Greek loses its tonos, Devanagari keeps
    // its vowel signs, and a run of CJK is one word, as PostgreSQL's parser reads it.
    // Another language's question words are not its topic, as 'what is' is not.
    expect(tsquery("Что такое фотосинтез?")).toBe("фотосинтез");
    expect(tsquery("¿Qué es la fotosíntesis?")).toBe("fotosintesis");
    expect(tsquery("Was ist Photosynthese?")).toBe("photosynthese");
    expect(tsquery("Τι είναι η φωτοσύνθεση;")).toBe("τι | ειναι | φωτοσυνθεση");
    expect(tsquery("हिन्दी व्याकरण")).toBe("हिन्दी | व्याकरण");
    expect(tsquery("光合作用とは何ですか")).toBe("光合作用とは何ですか");
    expect(tsquery("what is it? 🙂 — ©")).toBe("");
  });

  it("never lets input break tsquery syntax", () => {
    const specials = [
      "&",
      "|",
      "!",
      "(",
      ")",
      ":*",
      "<->",
      "<2>",
      "'",
      '"',
      "\\",
      ":",
      "*",
      "-",
      "—",
      "é",
      "ß",
      "ǅ",
      "🙂",
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 300; i++) {
      const parts = Array.from({ length: 1 + Math.floor(random() * 12) }, () =>
        random() < 0.5
          ? specials[Math.floor(random() * specials.length)]
          : `word${Math.floor(random() * 50)}`,
      );
      const question = parts.join(random() < 0.5 ? " " : "");
      expect(tsquery(question), question).toMatch(SAFE_TSQUERY);
    }
    expect(tsquery("'; DROP TABLE chunks; -- osmosis & !diffusion:* <-> (x)")).toBe(
      "drop | table | chunks | osmosis | diffusion",
    );
  });

  it("caps the number of terms of a very long question", () => {
    const long = Array.from({ length: 100 }, (_, i) => `topic${i}`).join(" ");
    expect(questionTerms(long)).toHaveLength(32);
  });
});

describe("coverage", () => {
  const chunks = ["cell-biology", "algorithms", "french-revolution"].flatMap((name) =>
    chunkDocument(readFixture(name as "cell-biology")),
  );
  const best = (question: string) =>
    Math.max(...chunks.map((c) => coverage(questionTerms(question), c.text)));

  it("counts a question in another language by its topic, not its question words", () => {
    const page = "Клетка — это основная структурная единица всех живых организмов.";
    expect(coverage(questionTerms("Что такое клетка?"), page)).toBeGreaterThanOrEqual(MIN_COVERAGE);
    expect(coverage(questionTerms("¿Qué es una célula?"), "La célula es la unidad básica de la vida.")).toBe(
      1,
    );
  });

  it("is the weighted share of the question's terms found in the chunk", () => {
    const terms = questionTerms("osmosis and cholesterol");
    expect(coverage(terms, "Osmosis moves water.")).toBe(0.5);
    expect(coverage(terms, "Cholesterol and osmosis.")).toBe(1);
    expect(coverage(terms, "Nothing relevant.")).toBe(0);
    expect(coverage([], "Anything.")).toBe(0);
  });

  it("counts 'lecture 2' as a term of its own: the number says which lecture", () => {
    const terms = questionTerms("What is cell biology lecture 2 about?");
    expect(tsquery("What is cell biology lecture 2 about?")).toBe(
      "(lecture <-> 2) | cell | biology | lecture",
    );
    expect(coverage(terms, "Cell Biology Lecture 2. The cell membrane and transport.")).toBe(1);
    expect(coverage(terms, "Cell biology: review the lecture slides of lecture 3.")).toBe(0.75);
  });

  it("weighs common words less, or by the IDF the caller supplies", () => {
    const terms = questionTerms("important osmosis");
    expect(coverage(terms, "This is important.")).toBeCloseTo(0.3 / 1.3);
    const idf = (stem: string) => (stem === "osmosi" ? 1 : 3);
    expect(coverage(terms, "This is important.", idf)).toBe(0.75);
  });

  it.each([
    "What is osmosis?",
    "How does binary search work?",
    "What was the Reign of Terror?",
    "What do the Golgi apparatus and vesicles do with proteins?",
    "Why does merge sort need extra memory?",
  ])("covers a question the material answers: %s", (question) => {
    expect(best(question)).toBeGreaterThanOrEqual(MIN_COVERAGE);
  });

  it.each([
    "What is the capital of Australia?",
    "Explain the Krebs cycle",
    "How do I compute a derivative with the chain rule?",
    "Who won the 1998 World Cup?",
  ])("does not cover a question the material does not answer: %s", (question) => {
    expect(best(question)).toBeLessThan(MIN_COVERAGE);
  });
});

describe("bestSentences", () => {
  const chunk =
    "## Transport Across Membranes\n\nDiffusion is the net movement of particles down a gradient. Osmosis refers to the diffusion of water across a membrane. Active transport uses ATP to move substances against their gradient. Pumps are proteins.";

  it("picks the sentences holding most of the question, in chunk order, with offsets into the chunk", () => {
    const found = bestSentences("How do osmosis and diffusion move particles across a membrane?", chunk, 2);
    expect(found.map((s) => s.text)).toEqual([
      "Diffusion is the net movement of particles down a gradient.",
      "Osmosis refers to the diffusion of water across a membrane.",
    ]);
    for (const s of found) expect(chunk.slice(s.start, s.end)).toBe(s.text);
    expect(found[1]!.score).toBeGreaterThan(found[0]!.score);
  });

  it("prefers the earlier of two equally good sentences", () => {
    const [first] = bestSentences("gradient", chunk, 1);
    expect(first?.text).toBe("Diffusion is the net movement of particles down a gradient.");
  });

  it("never quotes a heading, and returns nothing without overlap or when n is 0", () => {
    expect(bestSentences("transport membranes", chunk, 5).map((s) => s.text)).not.toContain(
      "## Transport Across Membranes",
    );
    expect(bestSentences("French Revolution", chunk, 3)).toEqual([]);
    expect(bestSentences("osmosis", chunk, 0)).toEqual([]);
  });
});

describe("joinQuoted", () => {
  const PASSAGE =
    "Python supports a limited form of class-private members, called name mangling. " +
    "Any identifier of the form __spam is textually replaced with _classname__spam. " +
    "Name mangling is done without regard to the position of the identifier.";

  it("marks with '…' a sentence of the passage left out between two quoted ones", () => {
    const at = (text: string) => {
      const start = PASSAGE.indexOf(text);
      return { text, start, end: start + text.length, score: 1 };
    };
    const first = at("Python supports a limited form of class-private members, called name mangling.");
    const second = at("Any identifier of the form __spam is textually replaced with _classname__spam.");
    const third = at("Name mangling is done without regard to the position of the identifier.");
    expect(joinQuoted(PASSAGE, [first, third])).toBe(`${first.text} … ${third.text}`);
    expect(joinQuoted(PASSAGE, [first, second])).toBe(`${first.text} ${second.text}`);
  });

  it("is how the built-in engine quotes: its answer never runs two distant sentences together", async () => {
    const answer = await builtinProvider.answer({
      question: "What is name mangling?",
      terms: questionTerms("What is name mangling?"),
      mode: "material",
      sources: [{ n: 1, kind: "document", id: 1, title: "classes", page: 4, text: PASSAGE, start: 0 }],
      history: [],
      timeZone: "UTC",
    });
    const quote = answer.citations[0]?.quote ?? "";
    expect(quote).toContain("called name mangling. … Name mangling is done");
    expect(answer.content).toContain(quote);
  });

  it("quotes the sentence that says what the asked term is before the ones that only name it", async () => {
    const text =
      "Packages may keep files in /opt and its subdirectories. Distributions must not modify /opt at all. " +
      "/opt is reserved for the installation of add-on application software packages.";
    const answer = await builtinProvider.answer({
      question: "What is /opt for?",
      terms: questionTerms("What is /opt for?"),
      mode: "material",
      sources: [{ n: 1, kind: "document", id: 1, title: "fhs", page: 20, text, start: 0 }],
      history: [],
      timeZone: "UTC",
    });
    expect(answer.citations[0]?.quote).toContain(
      "/opt is reserved for the installation of add-on application software packages.",
    );
  });
});
