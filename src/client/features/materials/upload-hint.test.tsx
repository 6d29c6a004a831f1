import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MATERIAL_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import { UploadHint } from "./materials-view.tsx";

describe("the Course Materials 'How to use' hint", () => {
  const text = renderToStaticMarkup(<UploadHint />).replace(/<[^>]+>/g, "");

  it("names every type the picker takes, photos and scans too", () => {
    for (const ext of MATERIAL_UPLOAD_EXTENSIONS.filter((e) => e !== ".ppt")) {
      expect(text).toMatch(new RegExp(`${ext.replace(".", "\\.")}\\b`));
    }
    expect(text).toContain("photo or scan of your notes or slides (.png, .jpg or .jpeg)");
  });

  it("does not offer .ppt, which the server refuses with a hint to save it as .pptx", () => {
    expect(text).not.toMatch(/\.ppt\b/);
  });
});
