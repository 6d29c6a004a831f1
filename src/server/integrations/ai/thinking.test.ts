import { describe, expect, it } from "vitest";
import { stripThinking, thinkingFilter } from "./thinking.ts";

const streamed = (pieces: string[]) => {
  const filter = thinkingFilter();
  return pieces.map((p) => filter.push(p)).join("");
};

describe("a reasoning model's <think> block", () => {
  it("is taken out of a whole answer, whichever way the server framed it", () => {
    expect(stripThinking("<think>\nSource 2 [2] looks off.\n</think>\n\nIn the chloroplasts [1].")).toBe(
      "In the chloroplasts [1].",
    );
    // The chat template opened the block in the prompt: only its end is in the answer.
    expect(stripThinking("Source 2 looks off.\n</think>\n\nIn the chloroplasts [1].")).toBe(
      "In the chloroplasts [1].",
    );
    // Reasoning that never ended is no answer at all (the caller falls back).
    expect(stripThinking("  <think>Let me see, source 1")).toBe("");
    expect(stripThinking("In the chloroplasts [1].")).toBe("In the chloroplasts [1].");
    expect(stripThinking("Write <think> in the tag name.")).toBe("Write <think> in the tag name.");
  });

  it("never reaches the student as it streams, even with its tags split across pieces", () => {
    expect(streamed(["<th", "ink>I think [2]", " fits.</thi", "nk>\n\nIn the ", "chloroplasts."])).toBe(
      "In the chloroplasts.",
    );
    expect(streamed(["\n", "<think>", "</think>", "\n", "Done."])).toBe("Done.");
    expect(streamed(["In the ", "<think> tag", "."])).toBe("In the <think> tag.");
    expect(streamed(["<", "b>Bold</b>"])).toBe("<b>Bold</b>");
  });
});
