import { describe, expect, it } from "vitest";
import {
  boundedJsonObject,
  dbId,
  dbIdParam,
  EXCERPT_MAX,
  excerpt,
  hasLoneSurrogate,
  INT4_MAX,
  inspectJson,
  MAX_JSON_DEPTH,
  requiredText,
  safeText,
  sensibleDate,
} from "./schema-primitives.ts";

describe("safeText", () => {
  it("refuses a NUL anywhere and chains like z.string()", () => {
    const title = safeText("Title is required").trim().min(1, "Title is required").max(5);
    expect(title.parse("  ab  ")).toBe("ab");
    expect(title.safeParse("a\u0000b").error?.issues[0]?.message).toMatch(/NUL/);
    expect(title.safeParse(undefined).error?.issues[0]?.message).toBe("Title is required");
    expect(title.safeParse("toolong").success).toBe(false);
  });
});

describe("requiredText", () => {
  it("refuses missing, blank and invisible text with safeText's rules, and keeps the text as sent", () => {
    const schema = requiredText("Text is required").max(10, "Too long");
    const message = (v: unknown) => schema.safeParse(v).error?.issues[0]?.message;
    expect(message(undefined)).toBe("Text is required");
    expect(message("  \n\t ")).toBe("Text is required");
    expect(message("a\u0000b")).toMatch(/NUL|character/i);
    expect(message("\u200b\u200b")).toMatch(/visible character/);
    expect(message("x".repeat(11))).toBe("Too long");
    expect(schema.parse("  hi  ")).toBe("  hi  ");
  });
});

describe("dbId and dbIdParam", () => {
  it("accept 1..2147483647 only", () => {
    expect(dbId().parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 2 ** 53, Number.NaN])
      expect(dbId().safeParse(bad).success).toBe(false);
    expect(dbIdParam().parse("42")).toBe(42);
    for (const bad of ["2147483648", "abc", "", "1e3x"])
      expect(dbIdParam().safeParse(bad).success, bad).toBe(false);
  });
});

describe("sensibleDate", () => {
  it("takes ISO date-times with an offset in the years 1900..2200", () => {
    expect(sensibleDate().safeParse("2026-03-01T10:00:00Z").success).toBe(true);
    expect(sensibleDate().safeParse("1900-01-01T00:00:00Z").success).toBe(true);
    expect(sensibleDate().safeParse("2200-12-31T23:59:59+00:00").success).toBe(true);
    for (const bad of [
      "0000-01-01T00:00:00Z",
      "1899-12-31T23:59:59Z",
      "2201-01-01T00:00:00Z",
      "2026-03-01",
    ]) {
      expect(sensibleDate().safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("boundedJsonObject", () => {
  const schema = boundedJsonObject(100);
  it("bounds the size as UTF-8 JSON", () => {
    expect(schema.safeParse({ a: "x".repeat(80) }).success).toBe(true);
    expect(schema.safeParse({ a: "x".repeat(100) }).success).toBe(false);
    expect(schema.safeParse({ a: "é".repeat(50) }).success).toBe(false); // 58 characters, 108 bytes
  });
  it("refuses NUL in keys and nested strings, and deep nesting, without recursion", () => {
    expect(schema.safeParse({ a: ["ok", { b: "x\u0000" }] }).success).toBe(false);
    expect(schema.safeParse({ "k\u0000": 1 }).success).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inspectJson(deep).depth).toBeGreaterThan(MAX_JSON_DEPTH);
    expect(boundedJsonObject().safeParse({ deep }).success).toBe(false);
  });
});

describe("safeText: well-formed Unicode with something to see (issue 27 fault 9)", () => {
  const required = safeText("Title is required").trim().min(1, "Title is required");
  it("refuses lone surrogates, high or low, but keeps real pairs", () => {
    for (const bad of ["\uD800", "a\uDC00b", "\uDBFF", "x\uD83D"])
      expect(required.safeParse(bad).success).toBe(false);
    expect(required.safeParse("\uD800").error?.issues[0]?.message).toMatch(/surrogate/);
    expect(required.parse("ok 😀")).toBe("ok 😀");
    expect(hasLoneSurrogate("😀")).toBe(false);
  });
  it("refuses text made only of zero-width or other invisible characters", () => {
    for (const bad of [
      "\u200B",
      "\u200B\u200C\u200D",
      " \u2060 ",
      "\uFEFF\u200B",
      "\u3164",
      "\u00AD",
      "\u2800",
    ])
      expect(required.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toMatch(/visible/);
    for (const ok of ["a\u200B", "é", "\u0646\u200C\u0627", "5", "—"])
      expect(required.safeParse(ok).success).toBe(true);
    // Blank optional text stays allowed (and trims to "").
    expect(safeText().trim().parse("   ")).toBe("");
  });
  it("six lone surrogates are not a password", () => {
    expect(safeText().min(6).safeParse("\uD800".repeat(6)).success).toBe(false);
  });
});

describe("excerpt", () => {
  it("quotes at most a short start of the text, controls as spaces", () => {
    expect(excerpt("short")).toBe("short");
    const long = excerpt("x".repeat(900_000));
    expect([...long].length).toBe(EXCERPT_MAX);
    expect(long.endsWith("…")).toBe(true);
    expect(excerpt("a\u0000b\nc\td", 10)).toBe("a b c\td");
    expect(excerpt("😀".repeat(5), 3)).toBe("😀😀…");
  });
  it("inspectJson finds lone surrogates in keys and values", () => {
    expect(inspectJson({ a: ["\uD800"] }).hasLoneSurrogate).toBe(true);
    expect(inspectJson({ "\uDC00": 1 }).hasLoneSurrogate).toBe(true);
    expect(inspectJson({ a: "😀" }).hasLoneSurrogate).toBe(false);
  });
});
