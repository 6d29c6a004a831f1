import { describe, expect, it } from "vitest";
import { CHAT_NOT_FOUND } from "#shared/chat/contract.ts";
import { builtinProvider } from "./answer.ts";
import { questionTerms } from "./query.ts";
import { smallTalk } from "./small-talk.ts";

describe("smallTalk", () => {
  it.each([
    "hi",
    "Hello!",
    "hey there",
    "Good morning",
    "thanks",
    "Thank you!",
    "what can you do?",
    "Who are you",
    "help",
    "ok",
    "Okay.",
    "got it!",
  ])("answers %s", (message) => {
    expect(smallTalk(message)).toMatch(/\w/);
  });

  it("leaves questions alone, even those that start with a greeting", () => {
    for (const message of [
      "hi, what is osmosis?",
      "What is a namespace?",
      "thanks for explaining mitosis, what is meiosis?",
      "help me understand recursion",
    ]) {
      expect(smallTalk(message), message).toBeNull();
    }
  });

  it("answers small talk from the built-in engine instead of 'not in your materials'", async () => {
    const answer = await builtinProvider.answer({
      question: "hi",
      terms: questionTerms("hi"),
      mode: "none",
      sources: [],
      history: [],
      timeZone: "UTC",
    });
    expect(answer.content).not.toContain(CHAT_NOT_FOUND);
    expect(answer.content).toMatch(/your (?:uploaded )?study documents/);
    const material = await builtinProvider.answer({
      question: "What is osmosis?",
      terms: questionTerms("What is osmosis?"),
      mode: "none",
      sources: [],
      history: [],
      timeZone: "UTC",
    });
    expect(material.content).toContain(CHAT_NOT_FOUND);
  });
});
