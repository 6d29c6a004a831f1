// Uploads read in the background (issue 23): the card says 'Processing…' and the text arrives without a
// reload; a file that cannot be read shows its message and can be removed; several files at once still
// upload; the new states are axe-clean and fit 360 px.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signUpViaApi } from "./helpers.ts";

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const documentCards = (page: Page) => page.getByRole("tabpanel", { name: "Documents" }).getByRole("listitem");

async function uploadFile(page: Page, name: string) {
  await page.getByRole("button", { name: "Upload File" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload File" });
  await dialog.locator('input[type="file"]').setInputFiles(fixture(name));
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog).toBeHidden();
}

test("a PDF shows 'Processing…', then its text without a reload; an unreadable one its message", async ({
  page,
}) => {
  test.slow(); // two uploads read by the worker and three axe runs on a loaded 2-core machine
  await page.setViewportSize({ width: 360, height: 740 });
  const { token } = await signUpViaApi(page);
  const res = await page.request.post("/api/study/sets", {
    data: { title: "Cell Biology" },
    headers: { authorization: `Bearer ${token}` },
  });
  const set = (await res.json()) as { id: number };
  await page.goto(`/study?set=${set.id}&tab=documents`);
  await expect(page.getByText("No documents yet")).toBeVisible();
  let reloads = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloads++;
  });

  await uploadFile(page, "cell-biology.pdf");
  const card = documentCards(page).filter({ hasText: "cell-biology" });
  await expect(card.getByRole("status")).toHaveText(/^Processing…/);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(card.getByRole("button", { name: "Open cell-biology" })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole("status")).toHaveCount(0);
  await expect(card).toContainText("Cell");

  await uploadFile(page, "scanned.pdf");
  const scan = documentCards(page).filter({ hasText: "scanned" });
  await expect(scan.getByRole("alert")).toHaveText(
    "We could not find any text in this PDF, not even in its scanned pages. Paste the text instead.",
    {
      timeout: 30_000,
    },
  );
  expect(reloads).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await scan.getByRole("button", { name: "Remove scanned" }).click();
  await expect(scan).toHaveCount(0);
  await expect(documentCards(page)).toHaveCount(1);
});

test("several files uploaded at once each end ready on the open page", async ({ page }) => {
  test.slow();
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  const res = await page.request.post("/api/study/sets", { data: { title: "Many" }, headers });
  const set = (await res.json()) as { id: number };
  const answers = await Promise.all(
    ["cell-biology.pdf", "study-guide.docx", "cell-biology.pdf"].map((name, i) =>
      page.request.post(`/api/study/sets/${set.id}/documents/upload`, {
        headers,
        multipart: {
          title: `File ${i + 1}`,
          file: { name, mimeType: "application/octet-stream", buffer: readFileSync(fixture(name)) },
        },
      }),
    ),
  );
  expect(answers.map((a) => a.status())).toEqual([201, 201, 201]);
  // The page opened while they are read shows each one's text as it arrives.
  await page.goto(`/study?set=${set.id}&tab=documents`);
  for (const title of ["File 1", "File 2", "File 3"])
    await expect(
      documentCards(page)
        .filter({ hasText: title })
        .getByRole("button", { name: `Open ${title}` }),
    ).toBeVisible({ timeout: 45_000 });
});
