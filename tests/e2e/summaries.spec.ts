import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectToast, seriousViolations, signUpViaApi } from "./helpers.ts";

// Issue 15: the summarizer (pasted text, PDF), a document's AI summary, and flashcard drafts.

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;
const LECTURE = readFileSync(
  new URL("../../src/server/integrations/ai/builtin/fixtures/cell-biology.txt", import.meta.url),
  "utf8",
).replaceAll("\f", "\n\n");

async function noSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** A study set holding the cell-biology lecture as a pasted document. */
async function seedDocument(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const set = await page.request.post("/api/study/sets", { headers, data: { title: "Biology" } });
  expect(set.status()).toBe(201);
  const studySetId = ((await set.json()) as { id: number }).id;
  const doc = await page.request.post(`/api/study/sets/${studySetId}/documents`, {
    headers,
    data: { title: "Cells", content: LECTURE },
  });
  expect(doc.status()).toBe(201);
  return { studySetId };
}

test("a student summarizes pasted text, copies it, and summarizes a PDF", async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpViaApi(page);
  await page.goto("/summarize");
  await expect(page.getByRole("heading", { level: 1, name: "AI Summarizer" })).toBeVisible({
    timeout: 30_000,
  });

  // SPEC §5: nothing happens on empty text.
  const generate = page.getByRole("button", { name: "Generate Summary" });
  await generate.click();
  await expect(page.getByRole("heading", { name: "Summary", exact: true })).toHaveCount(0);

  await page.getByLabel("Text to summarize").fill(LECTURE);
  await page.getByLabel("Summary style").selectOption("bullets");
  // A chosen value reads as text, not as a muted read-only field (Chromium counts selects as :read-only).
  const style = page.getByLabel("Summary style");
  const textColour = await page.getByLabel("Text to summarize").evaluate((el) => getComputedStyle(el).color);
  expect(await style.evaluate((el) => getComputedStyle(el).color)).toBe(textColour);
  await generate.click();
  const result = page
    .locator("[aria-live=polite]")
    .filter({ has: page.getByRole("heading", { name: "Summary" }) });
  await expect(result.getByRole("listitem").first()).toBeVisible();
  const bullets = await result.getByRole("listitem").allTextContents();
  expect(bullets.length).toBeGreaterThanOrEqual(3);
  expect(bullets.length).toBeLessThanOrEqual(7);
  for (const b of bullets) expect(LECTURE.replace(/\s+/g, " ")).toContain(b);

  await result.getByRole("button", { name: "Copy to clipboard" }).click();
  await expectToast(page, "Copied to clipboard", "Summary has been copied to clipboard.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(bullets.map((b) => `- ${b}`).join("\n"));
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "PDF Upload" }).click();
  const picker = page.getByLabel("PDF file");
  await picker.setInputFiles(fixture("notes.txt"));
  await expectToast(page, "Invalid file type", "Please upload a PDF file.");

  await picker.setInputFiles(fixture("scanned.pdf"));
  await generate.click();
  await expectToast(page, "Error processing file", "Could not extract text from the PDF.");

  await page.getByLabel("Summary style").selectOption("brief");
  await picker.setInputFiles(fixture("cell-biology.pdf"));
  await generate.click();
  await expect(result.getByText(/of cell-biology\.pdf/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the Home tool view summarizes one of the student's recent documents in one click", async ({ page }) => {
  test.setTimeout(90_000);
  const { token } = await signUpViaApi(page);
  await seedDocument(page, token);
  await page.goto("/?tool=summarize");
  await expect(page.getByRole("button", { name: "Back to Home" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Summarize Cells" }).click();
  await expect(page.getByText(/summary of Cells/)).toBeVisible();
});

test("a student summarizes a document, makes flashcards from it, edits one and accepts them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUpViaApi(page);
  const { studySetId } = await seedDocument(page, token);
  await page.goto(`/study?set=${studySetId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Biology" })).toBeVisible({ timeout: 30_000 });

  await page.getByRole("button", { name: "Summarize Cells" }).click();
  await expect(page.getByText("AI Summary")).toBeVisible();
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible();
  await page.getByRole("button", { name: "Delete the summary of Cells" }).click();
  await expect(page.getByText("AI Summary")).toHaveCount(0);

  await page.getByRole("button", { name: "Make flashcards from Cells" }).click();
  const dialog = page.getByRole("dialog", { name: "Make flashcards" });
  await expect(dialog.getByLabel("Question 1", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel("Question 1", { exact: true }).fill("What lacks a nucleus?");
  // A screen reader hears which card a box includes, by its question as edited.
  const first = dialog.getByRole("checkbox").first();
  await expect(first).toHaveAccessibleName("Include card 1: What lacks a nucleus?");
  await first.check();
  await dialog.getByRole("checkbox", { name: /^Include card 2: / }).uncheck();
  const ticked = await dialog.getByRole("checkbox", { checked: true }).count();
  await dialog.getByRole("button", { name: "Page 1" }).first().click();
  await expect(dialog.getByText("Prokaryotes are single-celled organisms").first()).toBeVisible();
  await dialog.getByRole("button", { name: `Add ${ticked} cards` }).click();
  await expectToast(page, `${ticked} flashcards added`);

  await page.getByRole("tab", { name: "Flashcards" }).click();
  const set = page.getByRole("listitem", { name: "Cells" });
  await expect(set.getByText(`${ticked} flashcard(s)`)).toBeVisible();
  await set.getByRole("button", { name: "Manage Cards" }).click();
  await expect(page.getByText("What lacks a nucleus?")).toBeVisible();
});

// Issue 24 item 6: the engine's weak drafts come unticked, and a long list is ticked or cleared at once.
test("flashcard drafts come with the weak ones unticked, and select all / none", async ({ page }) => {
  test.setTimeout(120_000);
  const { token } = await signUpViaApi(page);
  const { studySetId } = await seedDocument(page, token);
  await page.goto(`/study?set=${studySetId}`);
  await page.getByRole("button", { name: "Make flashcards from Cells" }).click({ timeout: 30_000 });
  const dialog = page.getByRole("dialog", { name: "Make flashcards" });
  await expect(dialog.getByLabel("Question 1", { exact: true })).toBeVisible();
  const total = await dialog.getByRole("checkbox").count();
  const ticked = await dialog.getByRole("checkbox", { checked: true }).count();
  expect(ticked).toBeGreaterThan(0);
  expect(ticked).toBeLessThan(total);
  await expect(dialog.getByText(`${ticked} of ${total} ticked`)).toBeVisible();

  await dialog.getByRole("button", { name: "Select none" }).click();
  await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Add 0 cards" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Select all" }).click();
  await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(total);
  await expect(dialog.getByText(`${total} of ${total} ticked`)).toBeVisible();
  await expect(dialog.getByRole("button", { name: `Add ${total} cards` })).toBeEnabled();
});

test("a course material offers the same flashcard and quiz drafts, its cards going into a chosen study set", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUpViaApi(page);
  await seedDocument(page, token);
  const material = await page.request.post("/api/upload-document", {
    headers: { authorization: `Bearer ${token}` },
    data: { fileName: "Cell notes", content: LECTURE, type: "lecture" },
  });
  expect(material.status()).toBe(201);
  await page.goto("/materials");
  await page.getByRole("button", { name: "Make flashcards from Cell notes" }).click({ timeout: 30_000 });
  const dialog = page.getByRole("dialog", { name: "Make flashcards" });
  await expect(dialog.getByLabel("Question 1", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Study set")).toHaveValue(/\d+/);
  await expect(dialog.getByLabel("Study set").getByRole("option", { name: "Biology" })).toBeAttached();
  await dialog.getByRole("button", { name: "Page 1" }).first().click();
  await expect(dialog.getByText("Prokaryotes are single-celled organisms").first()).toBeVisible();
  const ticked = await dialog.getByRole("checkbox", { checked: true }).count();
  await dialog.getByRole("button", { name: `Add ${ticked} cards` }).click();
  await expectToast(page, `${ticked} flashcards added`);

  await page.getByRole("button", { name: "Make a quiz from Cell notes" }).click();
  const quiz = page.getByRole("dialog", { name: "Quiz" });
  await quiz.getByRole("group").first().getByRole("radio").first().check();
  await quiz.getByRole("button", { name: "Check answers" }).click();
  await expect(quiz.getByRole("status")).toHaveText(/^You got [01] out of \d+ questions correct!$/);
});

test("the summarizer fits a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { token } = await signUpViaApi(page);
  const { studySetId } = await seedDocument(page, token);
  await page.goto("/summarize");
  await expect(page.getByRole("button", { name: "Summarize Cells" })).toBeVisible({ timeout: 30_000 });
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.goto(`/study?set=${studySetId}`);
  await expect(page.getByRole("button", { name: "Make flashcards from Cells" })).toBeVisible({
    timeout: 30_000,
  });
  expect(await noSidewaysScroll(page)).toBe(true);

  // The drafted quiz, in the same dialog frame as the flashcard drafts, answered and checked on a phone.
  await page.getByRole("button", { name: "Make a quiz from Cells" }).click();
  const quiz = page.getByRole("dialog", { name: "Quiz" });
  await quiz.getByRole("group").first().getByRole("radio").first().check();
  await quiz.getByRole("button", { name: "Check answers" }).click();
  await expect(quiz.getByRole("status")).toHaveText(/^You got [01] out of \d+ questions correct!$/);
  expect(await noSidewaysScroll(page)).toBe(true);
});
