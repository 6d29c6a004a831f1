import { describe, expect, it } from "vitest";
import { formatFocus } from "./focus-stats.ts";

describe("formatFocus", () => {
  it.each([
    [0, "0 s"],
    [59, "59 s"],
    [60, "1 min"],
    [1500, "25 min"],
    [3599, "59 min"],
    [3600, "1 h 00 min"],
    [3900, "1 h 05 min"],
    [90_000, "25 h 00 min"],
  ])("%i s is %s", (seconds, text) => {
    expect(formatFocus(seconds)).toBe(text);
  });
});
