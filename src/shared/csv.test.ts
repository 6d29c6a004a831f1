import { describe, expect, it } from "vitest";
import { neutraliseFormula, toSpreadsheetCsvRows, unneutralise } from "./csv.ts";

describe("CSV for spreadsheets (issue 27 fault 10)", () => {
  it("neutralises every cell a spreadsheet would run as a formula", () => {
    for (const cell of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", "'=1"])
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    for (const cell of ["plain", "1-2", "a=b", "'quoted", ""]) expect(neutraliseFormula(cell)).toBe(cell);
  });
  it("undoes exactly its own neutralisation", () => {
    for (const s of ["=1", "'=1", "''@x", "plain", "'plain", "-"])
      expect(unneutralise(neutraliseFormula(s))).toBe(s);
  });
  it("writes RFC 4180 with CRLF, a BOM and no formula left", () => {
    const csv = toSpreadsheetCsvRows([
      ["Title", "Notes"],
      ['=HYPERLINK("http://evil")', "a,b"],
    ]);
    expect(csv).toBe('\uFEFFTitle,Notes\r\n"\'=HYPERLINK(""http://evil"")","a,b"\r\n');
    expect(toSpreadsheetCsvRows([["x"]], { bom: false })).toBe("x\r\n");
  });
});
