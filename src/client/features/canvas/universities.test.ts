import { describe, expect, it } from "vitest";
import { parseCanvasDomain } from "#shared/canvas/contract.ts";
import { CUSTOM_UNIVERSITY, UNIVERSITIES, universityDomain } from "./universities.ts";

describe("UNIVERSITIES", () => {
  it("lists about 55 schools, each with a distinct, valid Canvas host", () => {
    expect(UNIVERSITIES.length).toBeGreaterThanOrEqual(50);
    expect(UNIVERSITIES.length).toBeLessThanOrEqual(60);
    expect(new Set(UNIVERSITIES.map((u) => u.domain)).size).toBe(UNIVERSITIES.length);
    for (const u of UNIVERSITIES) {
      expect(parseCanvasDomain(u.domain)).toEqual({ ok: true, host: u.domain, scheme: null });
    }
  });

  it("is sorted by name so the select is easy to scan", () => {
    const names = UNIVERSITIES.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe("universityDomain", () => {
  it("answers the selected school's host, or the custom domain", () => {
    expect(universityDomain("canvas.harvard.edu", "ignored")).toBe("canvas.harvard.edu");
    expect(universityDomain(CUSTOM_UNIVERSITY.value, "  my.school.edu ")).toBe("my.school.edu");
    expect(universityDomain("", "")).toBe("");
    expect(universityDomain("not.in.list.edu", "")).toBe("");
  });
});
