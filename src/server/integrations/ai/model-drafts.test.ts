import { describe, expect, it } from "vitest";
import { normalizeAnswer, seededRng } from "#shared/flashcards/quiz.ts";
import { readFixture } from "./builtin/fixtures/read-fixture.ts";
import { documentParts, modelSummary, parseCardDrafts, parseQuizDrafts } from "./model-drafts.ts";
import type { CompletionRequest } from "./openai.ts";

describe("documentParts", () => {
  it("keeps every character of a long document, page-marked, in parts that fit the limit", () => {
    const pages = readFixture("cell-biology");
    const parts = documentParts(pages, 1500);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(1500 + 20);
    const words = (s: string) =>
      s
        .replace(/\[Page \d+\]/g, "")
        .split(/\s+/)
        .filter(Boolean);
    expect(words(parts.join("\n"))).toEqual(words(pages.join("\n")));
    expect(parts[0]).toMatch(/^\[Page 1\]/);
    expect(parts.join("\n")).toContain(`[Page ${pages.length}]`);
  });

  it("cuts a single page longer than the limit, even with no blank line in it", () => {
    const parts = documentParts(["word ".repeat(2000)], 1000);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(1020);
  });
});

describe("modelSummary", () => {
  it("maps each part to notes and reduces them, so the last page reaches the model", async () => {
    const seen: CompletionRequest[] = [];
    const complete = async (r: CompletionRequest) => {
      seen.push(r);
      return r.system.startsWith("You take notes") ? `- note on ${r.user.slice(0, 9)}` : "The summary.";
    };
    const pages = readFixture("algorithms");
    const last = pages.at(-1)!.trim().slice(-40);
    const summary = await modelSummary(complete, "gpt-4o", pages, "bullets", undefined);
    expect(summary).toBe("The summary.");
    // Long enough for several parts at the default size? If not, the whole text went in one request.
    const notes = seen.filter((r) => r.system.startsWith("You take notes"));
    const all = seen.map((r) => r.user).join("\n");
    if (notes.length === 0) expect(all).toContain(last);
    else expect(notes.map((r) => r.user).join("\n")).toContain(last);
    expect(seen.at(-1)!.system).toContain("3 to 7 bullet points");
  });

  it("reduces a document of many parts through notes", async () => {
    const pages = Array.from({ length: 40 }, (_, i) =>
      `Page ${i + 1} says fact number ${i + 1}. `.repeat(200),
    );
    const seen: CompletionRequest[] = [];
    await modelSummary(
      async (r) => {
        seen.push(r);
        return "- a note";
      },
      "m",
      pages,
      "brief",
    );
    const notes = seen.filter((r) => r.system.startsWith("You take notes"));
    expect(notes.length).toBeGreaterThan(1);
    expect(notes.map((r) => r.user).join("")).toContain("Page 40 says fact number 40.");
    expect(seen.at(-1)!.system).toContain("exactly 3 plain sentences");
  });
});

describe("parseCardDrafts", () => {
  it("keeps valid cards and drops the invalid ones", () => {
    const reply = JSON.stringify({
      cards: [
        { question: "What is a prokaryote?", answer: "A single-celled organism without a nucleus.", page: 1 },
        { question: "", answer: "No question", page: 1 },
        { question: "What is ATP?", page: 2 },
        { question: "Page out of range?", answer: "Yes", page: 9 },
        { question: "What is ATP?", answer: "The cell's energy currency.", page: "2" },
        { question: "what is atp?", answer: "A duplicate", page: 2 },
        "not an object",
      ],
    });
    expect(parseCardDrafts(reply, 4)).toEqual([
      { question: "What is a prokaryote?", answer: "A single-celled organism without a nucleus.", page: 1 },
      { question: "What is ATP?", answer: "The cell's energy currency.", page: 2 },
    ]);
  });

  it("reads a fenced reply and a bare list", () => {
    const card = { question: "Q?", answer: "A.", page: 1 };
    expect(
      parseCardDrafts(`Here you go:\n\`\`\`json\n{"cards": [${JSON.stringify(card)}]}\n\`\`\``, 1),
    ).toEqual([card]);
    expect(parseCardDrafts(JSON.stringify([card]), 1)).toEqual([card]);
  });

  it("throws on a reply that is not the JSON asked for", () => {
    expect(() => parseCardDrafts("Sure! Here are some cards: 1. ...", 3)).toThrow(/JSON/);
    expect(() => parseCardDrafts('{"cards": "none"}', 3)).toThrow(/JSON/);
    expect(() => parseCardDrafts('{"cards": [{"question": "Q", "answer": "A", "page": 1}', 3)).toThrow(
      /JSON/,
    );
  });
});

describe("parseQuizDrafts", () => {
  const q = (question: string, answer: string, distractors: string[], page = 1) => ({
    question,
    answer,
    distractors,
    page,
  });

  it("makes options distinct and plausible, includes the answer once, and keeps the page", () => {
    const reply = JSON.stringify({
      questions: [
        q(
          "When did the Bastille fall?",
          "1789",
          ["1789", "1792", " 1793 ", "1792", "the year when everything changed forever"],
          3,
        ),
      ],
    });
    const [question] = parseQuizDrafts(reply, 5, seededRng(1));
    expect(question?.page).toBe(3);
    expect(question?.answer).toBe("1789");
    expect([...(question?.options ?? [])].sort()).toEqual(["1789", "1792", "1793"]);
  });

  it("drops questions with fewer than two usable distractors, a bad page or missing fields", () => {
    const reply = JSON.stringify({
      questions: [
        q("One distractor?", "Paris", ["Paris", "Lyon"]),
        q("Bad page?", "Paris", ["Lyon", "Nice"], 0),
        { question: "No answer?", distractors: ["a", "b"], page: 1 },
        q("Fine?", "Paris", ["Lyon", "Nice", "Lille"]),
      ],
    });
    expect(parseQuizDrafts(reply, 2).map((x) => x.question)).toEqual(["Fine?"]);
  });

  it("keeps the right answer from being the longest option more often than chance", () => {
    const longestRight = Array.from({ length: 12 }, (_, i) =>
      q(`Long ${i}?`, `The long right answer number ${i}`, [
        `Short wrong ${i}a`,
        `Short wrong ${i}b`,
        `Short wrong ${i}c`,
      ]),
    );
    const mixed = Array.from({ length: 12 }, (_, i) =>
      q(`Mixed ${i}?`, `Right ${i}`, [`A longer wrong answer ${i}`, `Wrong ${i}b`, `Wrong ${i}c`]),
    );
    const out = parseQuizDrafts(JSON.stringify({ questions: [...longestRight, ...mixed] }), 1, seededRng(2));
    const isLongest = (x: { options: string[]; answer: string }) =>
      x.options.every((o) => o === x.answer || normalizeAnswer(o).length < normalizeAnswer(x.answer).length);
    expect(out.filter((x) => x.question.startsWith("Mixed"))).toHaveLength(12);
    expect(out.filter(isLongest).length).toBeGreaterThan(0);
    expect(out.filter(isLongest).length).toBeLessThanOrEqual(out.length / 4);
    // Options are shuffled: the answer is not always first.
    expect(new Set(out.map((x) => x.options.indexOf(x.answer))).size).toBeGreaterThan(1);
  });

  it("throws on malformed JSON", () => {
    expect(() => parseQuizDrafts("{questions: [", 1)).toThrow(/JSON/);
  });
});
