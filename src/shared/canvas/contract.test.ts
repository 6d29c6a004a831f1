import { describe, expect, it } from "vitest";
import { connectCanvasSchema, MISSING_CANVAS_INPUT, parseCanvasDomain } from "./contract.ts";

describe("parseCanvasDomain", () => {
  it.each([
    ["school.instructure.com", "school.instructure.com", null],
    ["  School.Instructure.com  ", "school.instructure.com", null],
    ["https://school.instructure.com/", "school.instructure.com", "https"],
    ["https://school.instructure.com/api/v1", "school.instructure.com", "https"],
    ["https://canvas.ubc.ca/courses/12?x=1#top", "canvas.ubc.ca", "https"],
    ["https://school.instructure.com:443", "school.instructure.com", "https"],
    ["http://127.0.0.1:4567", "127.0.0.1:4567", "http"],
    ["localhost", "localhost", null],
    ["[::1]:8080", "[::1]:8080", null],
    ["canvas.example.edu.", "canvas.example.edu", null],
  ])("reduces %j to %s", (input, host, scheme) => {
    expect(parseCanvasDomain(input)).toEqual({ ok: true, host, scheme });
  });

  it.each([
    "",
    "   ",
    "ftp://school.instructure.com",
    "javascript://alert(1)",
    "user:pass@school.instructure.com",
    "https://evil.com\\@school.instructure.com",
    "school instructure com",
    "-bad-.example.com",
    "school..instructure.com",
    "https://",
  ])("refuses %j", (input) => {
    expect(parseCanvasDomain(input).ok).toBe(false);
  });
});

describe("connectCanvasSchema", () => {
  it("asks for both token and domain with the SPEC §5 message", () => {
    const res = connectCanvasSchema.safeParse({ token: " ", domain: "school.instructure.com" });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(MISSING_CANVAS_INPUT);
    const noDomain = connectCanvasSchema.safeParse({ token: "abc" });
    expect(noDomain.error?.issues[0]?.message).toBe(MISSING_CANVAS_INPUT);
  });

  it("trims what it accepts", () => {
    expect(connectCanvasSchema.parse({ token: " 1~abc ", domain: " x.instructure.com " })).toEqual({
      token: "1~abc",
      domain: "x.instructure.com",
    });
  });
});
