import { describe, expect, it } from "vitest";
import { abbreviationAsked, expansionIn } from "./acronym.ts";

describe("abbreviationAsked", () => {
  it("finds the abbreviation in the ways a student asks what one means", () => {
    expect(abbreviationAsked("What does FHS stand for?")).toBe("FHS");
    expect(abbreviationAsked("what does fhs stand for")).toBe("fhs");
    expect(abbreviationAsked("What does the acronym DNA stand for?")).toBe("DNA");
    expect(abbreviationAsked('What is "ATP" short for?')).toBe("ATP");
    expect(abbreviationAsked("expand ASN.1")).toBe("ASN.1");
    expect(abbreviationAsked("full form of GDP?")).toBe("GDP");
    expect(abbreviationAsked("RNA stands for?")).toBe("RNA");
  });

  it("leaves every other question alone", () => {
    expect(abbreviationAsked("What is a configuration file?")).toBeNull();
    expect(abbreviationAsked("What does the green line in the figure show?")).toBeNull();
    expect(abbreviationAsked("What is an abbreviation?")).toBeNull();
    expect(abbreviationAsked("Which side does the author stand for in the debate?")).toBeNull();
  });
});

describe("expansionIn", () => {
  const at = (abbreviation: string, text: string) => expansionIn(abbreviation, text)?.text ?? null;

  it("reads the expansion before the abbreviation, bracketed or joined by 'or'", () => {
    expect(
      at(
        "FHS",
        "With the widening of scope, the name of the standard was changed to Filesystem Hierarchy Standard or FHS for short.",
      ),
    ).toBe("Filesystem Hierarchy Standard");
    expect(at("IDL", "It is written in the Interface Description Language (IDL) of Microsoft.")).toBe(
      "Interface Description Language",
    );
    expect(at("dna", "The molecule deoxyribonucleic acid (DNA) carries genes.")).toBe(
      "deoxyribonucleic acid",
    );
    expect(at("dna", "The molecule deoxyribonucleic acid DNA carries genes.")).toBeNull();
    expect(at("DoE", "Ask the Department of Energy (DoE) for the data.")).toBe("Department of Energy");
    expect(at("JSON", "Data is sent as JavaScript Object Notation (JSON).")).toBe(
      "JavaScript Object Notation",
    );
  });

  it("reads the expansion after the abbreviation, bracketed or after 'stands for'", () => {
    expect(at("GDP", "GDP (gross domestic product) grew by 2% last year.")).toBe("gross domestic product");
    expect(at("ATP", "ATP stands for adenosine triphosphate, the cell's energy currency.")).toBe(
      "adenosine triphosphate",
    );
    expect(at("ATP", "ATP, short for adenosine triphosphate, stores energy.")).toBe("adenosine triphosphate");
  });

  it("gives offsets into the text, for the sentence to quote", () => {
    const text = "Intro. The Interface Description Language (IDL) describes interfaces.";
    const found = expansionIn("IDL", text)!;
    expect(text.slice(found.start, found.end)).toBe("Interface Description Language");
  });

  it("takes no phrase whose initials merely match", () => {
    // Lower case, no bracket and no 'or': a passing phrase, not an expansion.
    expect(at("FHS", "Files for hosts should be kept; the FHS says so.")).toBeNull();
    expect(at("ATP", "All the people ATP met were there.")).toBeNull();
    expect(at("FHS", "The FHS is a standard.")).toBeNull();
    expect(at("x", "a x b")).toBeNull();
  });
});
