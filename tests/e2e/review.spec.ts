import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations, signUpWithCards } from "./helpers.ts";

// Each journey runs axe two or three times; on the shared 2-core machine one axe pass can take 15 s.
test.describe.configure({ timeout: 90_000 });

/** A new student's empty set 'Verbs' on a 360 px screen, with its import dialog open. */
async function openImportDialog(page: Page) {
  const { studySetId } = await signUpWithCards(page, []);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/study?set=${studySetId}&tab=flashcards`);
  await page.getByRole("listitem", { name: "Verbs" }).getByRole("button", { name: "Manage Cards" }).click();
  await page.getByRole("button", { name: "Import" }).click();
  return page.getByRole("dialog", { name: "Import flashcards" });
}

test("Review keeps a card's hint behind a button, as the study modes do, and hides it again on the next card", async ({
  page,
}) => {
  await signUpWithCards(page, [
    ["hablar", "to speak", "rhymes with 'to squeak'"],
    ["comer", "to eat", "what you do at lunch"],
  ]);
  await page.goto("/study/review");
  await expect(page.getByTestId("review-question")).toHaveText("hablar");
  await expect(page.getByText("Hint: rhymes with 'to squeak'")).toBeHidden();
  await page.getByText("Show hint").click();
  await expect(page.getByText("Hint: rhymes with 'to squeak'")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("review-answer")).toHaveText("to speak");
  await expect(page.getByRole("button", { name: /^Good \(3\)/ })).toBeEnabled();
  await page.keyboard.press("3");
  await expect(page.getByTestId("review-question")).toHaveText("comer");
  await expect(page.getByText("Hint: what you do at lunch")).toBeHidden();
  await expect(page.getByText("Show hint")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a student reviews three cards with the keyboard only and sees the due count fall", async ({ page }) => {
  await signUpWithCards(page);
  await page.goto("/study");
  await page.getByRole("link", { name: "Review (3 due)" }).click();
  await expect(page).toHaveURL(/\/study\/review$/);
  await expect(page.getByRole("heading", { name: "Review", level: 1 })).toBeVisible();
  const due = page.getByTestId("due-count");
  await expect(due).toHaveText("3 cards due (0 to review, 3 new)");
  expect(await seriousViolations(page)).toEqual([]);

  await expect(page.getByTestId("review-question")).toHaveText("hablar");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("review-answer")).toHaveText("to speak");
  await expect(page.getByRole("button", { name: /^Good \(3\)/ })).toContainText("10m");
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("3");
  await expect(due).toHaveText("2 cards due (0 to review, 2 new)");

  await expect(page.getByTestId("review-question")).toHaveText("comer");
  await page.keyboard.press("Enter");
  await page.keyboard.press("4");
  await expect(due).toHaveText("1 card due (0 to review, 1 new)");

  // Undo brings the last card back (once the rating has settled).
  await expect(page.getByRole("button", { name: "Undo last rating" })).toBeEnabled();
  await page.keyboard.press("Control+z");
  await expect(due).toHaveText("2 cards due (0 to review, 2 new)");
  await expect(page.getByTestId("review-question")).toHaveText("comer");
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: /^Easy \(4\)/ })).toBeEnabled();
  await page.keyboard.press("4");
  await expect(page.getByTestId("review-question")).toHaveText("vivir");
  await page.keyboard.press("Space");
  // A key pressed while the previous rating is still saving is ignored, so wait for the buttons.
  await expect(page.getByRole("button", { name: /^Easy \(4\)/ })).toBeEnabled();
  await page.keyboard.press("4");
  await expect(due).toHaveText("0 cards due (0 to review, 0 new)");
  // 'hablar' rated Good is a learning card due again in minutes, so it is not back yet.
  await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();
});

test("a student imports 20 pasted cards with a custom separator, sees them, and exports the set", async ({
  page,
}) => {
  const dialog = await openImportDialog(page);
  await dialog.getByLabel("Between term and definition").selectOption("custom");
  await dialog.getByLabel("Custom term separator").fill(" :: ");
  const lines = Array.from({ length: 20 }, (_, i) => `word ${i + 1} :: meaning ${i + 1}`);
  await dialog
    .getByRole("textbox", { name: "Cards" })
    .fill([...lines.slice(0, 5), "no separator here", ...lines.slice(5)].join("\n"));
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("20 flashcards ready, 1 line could not be read")).toBeVisible();
  await expect(dialog.getByText("Line 6: No separator between term and definition")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Import 20 flashcards" })).toBeDisabled();
  await dialog.getByRole("textbox", { name: "Cards" }).fill(lines.join("\n"));
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("20 flashcards ready")).toBeVisible();
  await dialog.getByRole("button", { name: "Import 20 flashcards" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("20 flashcard(s) in this set")).toBeVisible();
  await expect(page.getByText("meaning 20", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Verbs.csv");
  const content = readFileSync((await file.path())!, "utf8");
  // A CSV for spreadsheets: a byte order mark so Excel reads UTF-8, then the header (issue 25 item 5).
  expect(content.startsWith("\uFEFF")).toBe(true);
  expect(content.slice(1).split("\r\n")[0]).toBe("Front,Back,Hint,Tags,Type");
  expect(content).toContain("word 20,meaning 20,");

  // Quizlet's import box default: term, tab, definition, one card per line.
  await expect(page.getByText("Line breaks become spaces.")).toBeVisible();
  const quizlet = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export for Quizlet" }).click();
  const txt = await quizlet;
  expect(txt.suggestedFilename()).toBe("Verbs.txt");
  expect(readFileSync((await txt.path())!, "utf8")).toContain("word 19\tmeaning 19\nword 20\tmeaning 20\n");
});

test("a student says what each column of a 4-column CSV holds, by keyboard at 360 px, and imports it with tags", async ({
  page,
}) => {
  const dialog = await openImportDialog(page);
  await dialog.getByLabel("Format").selectOption("csv");
  await dialog
    .getByRole("textbox", { name: "Cards" })
    .fill("cell bio,nucleus,holds the DNA,think control\norganelle,ribosome,makes proteins,\n");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("1 flashcard ready, 1 line could not be read")).toBeVisible();
  await expect(
    dialog.getByText("Line 1: More columns than front, back, hint: choose what each column holds"),
  ).toBeVisible();
  // Prefilled with what the parser read: front, back, hint, and the extra column ignored.
  const column = (n: number) => dialog.getByRole("combobox", { name: `Column ${n} holds` });
  await expect(column(1)).toHaveValue("front");
  await expect(column(4)).toHaveValue("ignore");

  await column(1).selectOption("tags");
  await expect(dialog.getByRole("alert")).toHaveText("Choose exactly one Front column and one Back column");
  await expect(dialog.getByRole("button", { name: /^Import/ })).toBeDisabled();
  await column(2).selectOption("front");
  await column(3).selectOption("back");
  // The last one by keyboard: focus it and type the first letter of its choice.
  await column(4).focus();
  await page.keyboard.press("h");
  await expect(column(4)).toHaveValue("hint");
  await expect(dialog.getByText("2 flashcards ready")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(dialog.getByText("Tags: cell, bio")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Import 2 flashcards" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("2 flashcard(s) in this set")).toBeVisible();
  await expect(page.getByText("think control")).toBeVisible();
  await page.getByRole("button", { name: "Edit flashcard: nucleus" }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByRole("button", { name: "Remove tag cell" })).toBeVisible();
  await expect(edit.getByRole("button", { name: "Remove tag bio" })).toBeVisible();
});

test("a student ties a set to a Canvas-style task or an event found by search, and the plan fills today's queue", async ({
  page,
}) => {
  const { token, flashcardSetId } = await signUpWithCards(page);
  const headers = { authorization: `Bearer ${token}` };
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  expect(
    (
      await page.request.post("/api/tasks", {
        headers,
        data: { title: "Spanish midterm", dueDate: inDays(3) },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post("/api/events", { headers, data: { title: "Spanish final", date: inDays(20) } })
    ).status(),
  ).toBe(201);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/study/review?set=${flashcardSetId}`);
  const due = page.getByTestId("due-count");
  await expect(due).toHaveText("3 cards due (0 to review, 3 new)");

  const panel = page.getByRole("region", { name: "Exam plan" });
  const list = panel.getByRole("list", { name: "Upcoming tasks and events" });
  await expect(list.getByRole("button")).toHaveCount(2);
  await panel.getByLabel("Or pick an assignment or event").fill("midterm");
  await expect(list.getByRole("button")).toHaveCount(1);
  await list.getByRole("button", { name: /Spanish midterm/ }).click();
  await expect(panel.getByTestId("exam-summary")).toContainText("Spanish midterm on");
  // Every new card is in today's plan for an exam three days away: they come as the plan's, not as new.
  await expect(due).toHaveText("3 cards due (0 to review, 3 for your exam plan, 0 new)");
  await expect(page.getByText("Verbs · New card · For your exam plan")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByLabel("Or pick an assignment or event").fill("final");
  await list.getByRole("button", { name: /Spanish final/ }).click();
  await expect(panel.getByTestId("exam-summary")).toContainText("Spanish final on");
  await panel.getByRole("button", { name: "Remove exam date" }).click();
  await expect(due).toHaveText("3 cards due (0 to review, 3 new)");
});

test("a student pastes Anki notes with MathJax formulas and bold text and sees them typeset, at 360 px", async ({
  page,
}) => {
  const dialog = await openImportDialog(page);
  await dialog.getByLabel("Format").selectOption("anki");
  // As Anki writes 'Notes in Plain Text' with HTML: MathJax inline and display, a <br> in the back.
  await dialog
    .getByRole("textbox", { name: "Cards" })
    .fill(
      "#separator:tab\n#html:true\nEnergy of a photon\t\\( E = h\\nu \\)\n<b>Gaussian</b> integral\t\\[\\int e^{-x^2} dx\\]<br>equals \\(\\sqrt{\\pi}\\)",
    );
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("2 flashcards ready")).toBeVisible();
  await dialog.getByRole("button", { name: "Import 2 flashcards" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("2 flashcard(s) in this set")).toBeVisible();
  await expect(page.locator(".katex-display")).toHaveCount(1);
  await expect(page.locator(".katex")).toHaveCount(3);
  await expect(page.getByText("\\(")).toHaveCount(0);
  await expect(page.locator("strong", { hasText: "Gaussian" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a student coming from Anki sets Maximum reviews per day beside new cards, at 360 px, and the queue keeps to it", async ({
  page,
}) => {
  await signUpWithCards(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/study/review");
  const due = page.getByTestId("due-count");
  await expect(due).toHaveText("3 cards due (0 to review, 3 new)");
  await page.getByText("Review options").click();
  const limit = page.getByLabel("Maximum reviews per day");
  await expect(limit).toHaveValue("200");
  await limit.fill("2");
  await page.getByRole("button", { name: "Save review settings" }).click();
  // New cards count toward the day's reviews, as in Anki: two of the three today.
  await expect(due).toHaveText("2 cards due (0 to review, 2 new)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});
