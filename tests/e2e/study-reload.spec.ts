import { expect, type Page, test } from "@playwright/test";
import { signUpWithCards } from "./helpers.ts";

/** The next save of a study session (flip cards, quiz) for the set. */
const sessionSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("/sessions/") && r.request().method() === "PUT");

test("a reload mid-session reopens the flip cards or quiz where the student was, not the list of sets", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { studySetId } = await signUpWithCards(page);

  await page.goto(`/study?set=${studySetId}&tab=flashcards`);
  await page.getByRole("listitem", { name: "Verbs" }).getByRole("button", { name: "Study Cards" }).click();
  await expect(page.getByText("Card 1 of 3")).toBeVisible();
  const saved = sessionSaved(page);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Card 2 of 3")).toBeVisible();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByText("Card 2 of 3")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("comer")).toBeVisible();

  // Closed, it stays closed over a reload; Back after opening a mode closes it again.
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await page.reload();
  await expect(page.getByRole("listitem", { name: "Verbs" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Card 2 of 3")).toBeHidden();
  await page.getByRole("listitem", { name: "Verbs" }).getByRole("button", { name: "Study Cards" }).click();
  await expect(page.getByText("Card 2 of 3")).toBeVisible();
  await page.goBack();
  await expect(
    page.getByRole("listitem", { name: "Verbs" }).getByRole("button", { name: "Study Cards" }),
  ).toBeVisible();

  // A quiz: one question answered, then a reload, and the quiz goes on from the second.
  await page.getByRole("tab", { name: "Quizzes" }).click();
  await page.getByRole("listitem", { name: "Verbs" }).getByRole("button", { name: "Start Quiz" }).click();
  await expect(page.getByText("Question 1 of 3")).toBeVisible();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Submit Answer" }).click();
  const quizSaved = sessionSaved(page);
  await page.getByRole("button", { name: "Next Question" }).click();
  await expect(page.getByText("Question 2 of 3")).toBeVisible();
  expect((await quizSaved).status()).toBe(200);

  await page.reload();
  await expect(page.getByText("Question 2 of 3")).toBeVisible({ timeout: 30_000 });
});
