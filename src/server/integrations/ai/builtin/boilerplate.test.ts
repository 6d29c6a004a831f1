import { describe, expect, it } from "vitest";
import { boilerplateReason, isBoilerplateTitle, maskBoilerplate, runningLines } from "./boilerplate.ts";
import { analyzeDocument } from "./structure.ts";

const TOPICS = "boot bin sbin etc home lib media mnt opt root srv tmp usr var".split(" ");
const prose = (n: number) =>
  `The /${TOPICS[n]} directory holds the files of part ${n}. Programs read it when they start.`;

/** Ten pages of a manual: a title header and a folio at the top, a footer at the bottom. */
const manual = Array.from(
  { length: 10 },
  (_, i) => `Filesystem Hierarchy Standard\n\n${i + 1}\n\n${prose(i)}\n\nLSB Workgroup, The Linux Foundation`,
);

describe("boilerplateReason", () => {
  it.each([
    [
      "Permission is granted to copy, distribute and/or modify this document under the terms of the GNU Free Documentation License.",
      "licence or copyright notice",
    ],
    [
      "THIS SOFTWARE IS PROVIDED WITHOUT ANY WARRANTY; without even the implied warranty.",
      "licence or copyright notice",
    ],
    ["Copyright © 2015 The Linux Foundation", "licence or copyright notice"],
    [
      "Copying and distribution of this file, with or without modification, are permitted in any medium without royalty provided this notice is preserved.",
      "licence or copyright notice",
    ],
    [
      "This work is licensed under a Creative Commons Attribution 4.0 licence.",
      "licence or copyright notice",
    ],
    ["12", "page number"],
    ["Page 3 of 10", "page number"],
    ["iv", "page number"],
    ["1.1.1 Linear systems . . . . . . . . . . . 5", "table of contents or index"],
    ["3.4. /bin : Essential user command binaries ........................ 5", "table of contents or index"],
    ["Table of Contents", "table of contents or index"],
    ["Concept Index", "table of contents or index"],
    ["parsing, 4, 12, 31", "index entry"],
  ])("%s", (text, reason) => {
    expect(boilerplateReason(text)).toBe(reason);
  });

  it("leaves content alone, even when it mentions licences or numbers", () => {
    for (const text of [
      "The library is free software that students may use for any course.",
      "The civil war lasted four years.",
      "Version 1.3.1 added integer input files.",
      "A licence is a permission granted by an authority.",
      "Mix",
    ]) {
      expect(boilerplateReason(text), text).toBeNull();
    }
  });
});

describe("isBoilerplateTitle", () => {
  it("knows licence appendices, indexes and tables of contents by their titles", () => {
    for (const title of [
      "GNU Free Documentation License",
      "A.1 GNU Free Documentation License",
      "Appendix A Copying Information",
      "License",
      "Copyright",
      "Function and Data Index",
      "Contents",
    ]) {
      expect(isBoilerplateTitle(title), title).toBe(true);
    }
    for (const title of ["Introduction", "Licence plates of the world", "Indexing strategies"]) {
      expect(isBoilerplateTitle(title), title).toBe(false);
    }
  });
});

describe("maskBoilerplate", () => {
  it("finds running headers and footers: lines repeated at the edge of many pages, numbers aside", () => {
    expect([...runningLines(manual)].sort()).toEqual([
      "Filesystem Hierarchy Standard",
      "LSB Workgroup, The Linux Foundation",
    ]);
  });

  it("blanks headers, footers and page numbers, keeping every offset and line break", () => {
    const masked = maskBoilerplate(manual);
    masked.forEach((page, i) => {
      const original = manual[i] ?? "";
      expect(page).toHaveLength(original.length);
      expect(page.split("\n").length).toBe(original.split("\n").length);
      expect(page.trim()).toBe(prose(i));
      expect(page.indexOf(prose(i))).toBe(original.indexOf(prose(i)));
    });
  });

  it("blanks a chapter header with its folio at the top of a page", () => {
    const [page] = maskBoilerplate([
      "Chapter 2: ASN.1 structure handling 3\n\nThe parser is case sensitive. Comments begin with two dashes.",
    ]);
    expect(page?.trim()).toBe("The parser is case sensitive. Comments begin with two dashes.");
  });

  it("blanks a whole licence page, a table of contents page and an index page", () => {
    const licence =
      "GNU Free Documentation License\nVersion 1.3, 3 November 2008\nEveryone is permitted to copy and distribute verbatim copies of this License document. Permission is granted to copy, distribute and/or modify this document. The Invariant Sections are certain Secondary Sections.";
    const contents =
      "Table of Contents\n\n1 Introduction . . . . . . . . . . 1\n\n2 ASN.1 structure handling . . . . . . 2\n\n3 Utilities . . . . . . . . . . 5";
    const index =
      "Concept Index\n\nA\n\nasn1Coding program . . . . . . . . 5 asn1Parser program . . . . . . . . 5";
    const masked = maskBoilerplate([prose(1), contents, prose(2), licence, index]);
    expect(masked[0]).toBe(prose(1));
    expect(masked[1]?.trim()).toBe("");
    expect(masked[2]).toBe(prose(2));
    expect(masked[3]?.trim()).toBe("");
    expect(masked[4]?.trim()).toBe("");
  });

  it("blanks the licence lines of a page and keeps the rest", () => {
    const page =
      "This manual is for GNU Libtasn1, a library for ASN.1 and DER manipulation.\nCopyright © 2001–2022 Free Software Foundation, Inc.";
    expect(maskBoilerplate([page])[0]?.trim()).toBe(
      "This manual is for GNU Libtasn1, a library for ASN.1 and DER manipulation.",
    );
  });
});

describe("analyzeDocument without boilerplate", () => {
  it("gives no sentence from headers, licence sections or the index, and keeps the content", () => {
    const pages = [
      ...manual.slice(0, 4),
      "# Copying\n\nYou may copy and distribute a Modified Version of the Document under the conditions above.\n\n## Terms\n\nThe terms apply to every copy made by anyone.",
      "# Usage\n\nThe parser reads a single file with definitions and writes an array.",
    ];
    const texts = analyzeDocument(pages).sentences.map((s) => s.text);
    expect(texts).toContain(`${prose(0).split(". ")[0]}.`);
    expect(texts).toContain("The parser reads a single file with definitions and writes an array.");
    expect(texts.join(" ")).not.toMatch(
      /Modified Version|every copy|Filesystem Hierarchy Standard|LSB Workgroup/,
    );
  });
});
