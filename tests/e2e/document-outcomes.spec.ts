import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./helpers.ts";

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;

// Each upload's note said how it began, and stayed: a scanned PDF's 'being read' note sat above the
// list's 'could not read' for the same file, and a file chosen while the last upload was on its way was
// dropped when it finished. The note now follows its upload to the end, and the next attempt replaces it.
test("a material upload's note follows it to its outcome, and the next attempt replaces it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/materials");
  const upload = page.getByRole("button", { name: "Upload Material" });
  const file = page.getByLabel("File");

  await file.setInputFiles(fixture("notes.txt"));
  await upload.click();
  await expect(page.getByRole("status").filter({ hasText: "uploaded successfully" })).toBeVisible();

  await file.setInputFiles(fixture("scanned.pdf"));
  await upload.click();
  const failed = page.getByRole("alert").filter({ hasText: "Failed to upload document." });
  await expect(failed).toContainText("We could not find any text in this PDF", { timeout: 30_000 });
  await expect(page.getByText("uploaded successfully")).toHaveCount(0);
  await expect(page.getByText("It is being read now")).toHaveCount(0);

  await file.setInputFiles(fixture("cell-biology.pdf"));
  await upload.click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "uploaded successfully" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Failed to upload document.")).toHaveCount(0);
});

