import { describe, expect, it } from "vitest";
import { QUOTES, quoteOfTheDay } from "./quotes.ts";

describe("quoteOfTheDay (SPEC §2.2, §9)", () => {
  it("has ten distinct quotes, each with text and author", () => {
    expect(QUOTES).toHaveLength(10);
    expect(new Set(QUOTES.map((q) => q.text)).size).toBe(10);
    for (const q of QUOTES) {
      expect(q.text.trim()).not.toBe("");
      expect(q.author.trim()).not.toBe("");
    }
  });

  it("picks day of year modulo 10", () => {
    expect(quoteOfTheDay(new Date(2025, 0, 1))).toBe(QUOTES[1]); // day 1
    expect(quoteOfTheDay(new Date(2025, 0, 10))).toBe(QUOTES[0]); // day 10
    expect(quoteOfTheDay(new Date(2025, 1, 1))).toBe(QUOTES[2]); // day 32
    expect(quoteOfTheDay(new Date(2025, 11, 31))).toBe(QUOTES[5]); // day 365
    expect(quoteOfTheDay(new Date(2024, 11, 31))).toBe(QUOTES[6]); // day 366 in a leap year
  });

  it("stays the same all day and changes at local midnight", () => {
    expect(quoteOfTheDay(new Date(2025, 4, 4, 0, 0))).toBe(quoteOfTheDay(new Date(2025, 4, 4, 23, 59)));
    expect(quoteOfTheDay(new Date(2025, 4, 5, 0, 0))).not.toBe(quoteOfTheDay(new Date(2025, 4, 4, 23, 59)));
  });
});
