import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CORPUS, pageCount } from "./corpus.ts";
import {
  count,
  emptyTally,
  isOffTopic,
  judge,
  parseQuestions,
  QUESTION_KINDS,
  type Question,
  ratio,
} from "./score.ts";

const files = new Set(CORPUS.map((d) => d.file));
const question: Question = {
  id: "fhs-99",
  document: "fhs-3.0.pdf",
  page: 21,
  alsoPages: [22],
  question: "What is the PID file of crond called?",
  kind: "which",
  answerHint: "/run/crond.pid",
};
const offTopic: Question = { id: "off-99", offTopic: true, question: "Who won?", kind: "off-topic" };

describe("parseQuestions", () => {
  it("skips the comment line and reads both shapes", () => {
    const jsonl = [
      JSON.stringify({ _comment: "test split" }),
      JSON.stringify(question),
      "",
      JSON.stringify(offTopic),
    ].join("\n");
    expect(parseQuestions(jsonl, "q.jsonl", files)).toEqual([question, offTopic]);
  });

  it("names the line of a malformed, duplicate or unknown question", () => {
    expect(() => parseQuestions("{nope", "q.jsonl")).toThrow("q.jsonl:1: not JSON");
    const twice = [JSON.stringify(question), JSON.stringify(question)].join("\n");
    expect(() => parseQuestions(twice, "q.jsonl")).toThrow("q.jsonl:2: duplicate id fhs-99");
    const unknown = JSON.stringify({ ...question, document: "nowhere.pdf" });
    expect(() => parseQuestions(unknown, "q.jsonl", files)).toThrow("unknown document nowhere.pdf");
    const noPage = JSON.stringify({ ...question, page: 0 });
    expect(() => parseQuestions(noPage, "q.jsonl")).toThrow("q.jsonl:1");
    const extra = JSON.stringify({ ...question, answer: "x" });
    expect(() => parseQuestions(extra, "q.jsonl")).toThrow("q.jsonl:1");
  });
});

describe("judge", () => {
  it("scores the first citation and the first three, accepting alsoPages", () => {
    const right = { document: "fhs-3.0.pdf", page: 21 };
    const also = { document: "fhs-3.0.pdf", page: 22 };
    const wrongPage = { document: "fhs-3.0.pdf", page: 5 };
    const otherDoc = { document: "libtasn1-manual.pdf", page: 21 };
    const unknown = { document: null, page: 21 };
    expect(judge(question, [right], false)).toEqual({ first: true, top3: true, refused: false });
    expect(judge(question, [also], false)).toMatchObject({ first: true, top3: true });
    expect(judge(question, [wrongPage, otherDoc, right], false)).toMatchObject({ first: false, top3: true });
    expect(judge(question, [wrongPage, otherDoc, unknown, right], false)).toMatchObject({
      first: false,
      top3: false,
    });
    expect(judge(question, [], true)).toMatchObject({ first: false, top3: false });
  });

  it("counts refusals for off-topic questions only", () => {
    const tally = emptyTally();
    count(tally, offTopic, judge(offTopic, [], true));
    count(tally, offTopic, judge(offTopic, [{ document: "fhs-3.0.pdf", page: 1 }], false));
    count(tally, question, judge(question, [{ document: "fhs-3.0.pdf", page: 21 }], false));
    expect(tally).toEqual({ answered: 1, first: 1, top3: 1, offTopic: 2, refusals: 1 });
    expect(ratio(tally.refusals, tally.offTopic)).toBe("1/2  50.0%");
    expect(ratio(0, 0)).toBe("n/a");
  });
});

describe("the committed question files", () => {
  const read = (split: string) =>
    parseQuestions(readFileSync(new URL(`questions.${split}.jsonl`, import.meta.url), "utf8"), split, files);
  const dev = read("dev");
  const test = read("test");
  const answered = (qs: Question[]) => qs.filter((q) => !isOffTopic(q));

  it("hold at least 150 answerable and 20 off-topic questions, about 40% of them in dev", () => {
    const all = [...dev, ...test];
    expect(answered(all).length).toBeGreaterThanOrEqual(150);
    expect(all.filter(isOffTopic).length).toBeGreaterThanOrEqual(20);
    expect(dev.length / all.length).toBeGreaterThan(0.35);
    expect(dev.length / all.length).toBeLessThan(0.45);
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
  });

  it("ask about every document in both splits, and every kind in the test split", () => {
    for (const split of [dev, test]) {
      const documents = new Set(answered(split).map((q) => ("document" in q ? q.document : "")));
      expect([...documents].sort()).toEqual([...files].sort());
    }
    expect(new Set(test.map((q) => q.kind))).toEqual(new Set([...QUESTION_KINDS, "off-topic"]));
  });

  it("start the test file with the do-not-tune notice", () => {
    const first = readFileSync(new URL("questions.test.jsonl", import.meta.url), "utf8").split("\n")[0] ?? "";
    expect(JSON.parse(first)._comment).toMatch(
      /never tuned on: do not read this file while changing the engine/,
    );
  });
});

describe("pageCount", () => {
  it("counts a one-page text by its length and keeps real pages", () => {
    expect(pageCount(36, 70_000)).toBe(36);
    expect(pageCount(1, 30_001)).toBe(11);
    expect(pageCount(1, 2_000)).toBe(1);
  });
});
