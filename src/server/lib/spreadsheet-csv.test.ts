import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { neutraliseCell, toSpreadsheetRows, unneutraliseCell } from "./spreadsheet-csv.ts";

describe("CSV for spreadsheets (issue 27 fault 10)", () => {
  it("gives cells a spreadsheet would run as formulas a leading apostrophe, and nothing else", () => {
    for (const cell of ["=1+1", "+1", "-2", "@SUM(A1)", "\t=1", "\r=1", "'=1"])
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    for (const cell of ["1+1", "a=b", "", "'quoted", "#tag", " =1"]) expect(neutraliseCell(cell)).toBe(cell);
  });

  it("is undone exactly by unneutraliseCell", () => {
    for (const cell of ["=1+1", "'=1", "''@x", "plain", "'plain", "-"])
      expect(unneutraliseCell(neutraliseCell(cell))).toBe(cell);
  });

  it("writes RFC 4180 rows that a CSV reader reads back, with the cells neutralised", () => {
    const rows = [
      ["Name", "Note"],
      ['say "hi"', "a,b"],
      ["line\nbreak", '=HYPERLINK("http://x")'],
    ];
    const csv = toSpreadsheetRows(rows);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const back = Papa.parse<string[]>(csv.slice(1), { delimiter: ",", skipEmptyLines: true }).data;
    expect(back).toEqual([rows[0], rows[1], ["line\nbreak", '\'=HYPERLINK("http://x")']]);
    expect(toSpreadsheetRows([["a;b"]], { delimiter: ";", bom: false })).toBe('"a;b"\r\n');
  });
});
