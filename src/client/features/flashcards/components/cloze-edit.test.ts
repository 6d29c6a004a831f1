import { describe, expect, it } from "vitest";
import { wrapInCloze } from "./cloze-edit.ts";

describe("the Cloze button", () => {
  it("wraps the selection in the next cloze number", () => {
    expect(wrapInCloze("Paris is in France", 0, 5)).toEqual({
      text: "{{c1::Paris}} is in France",
      caret: 13,
    });
    expect(wrapInCloze("{{c1::Paris}} is in France", 20, 26).text).toBe("{{c1::Paris}} is in {{c2::France}}");
    expect(wrapInCloze("{{c3::a}} b", 10, 11).text).toBe("{{c3::a}} {{c4::b}}");
  });

  it("puts an empty cloze at the caret with the caret inside", () => {
    expect(wrapInCloze("ab", 1, 1)).toEqual({ text: "a{{c1::}}b", caret: 7 });
  });
});
