import { expect, test } from "@playwright/test";
import {
  expectToast,
  SPANISH_VERBS,
  seriousViolations,
  sidewaysOverflow,
  signUpWithCards,
  toastRegion,
} from "./helpers.ts";

// The learning card's return takes a real minute (Again's first step), and axe passes are slow on 2 cores.
test.describe.configure({ timeout: 180_000 });

test("a student filters the card browser, suspends two cards, reviews without them and sees the next card come back by itself", async ({
  page,
}) => {
  await signUpWithCards(page);
  await page.goto("/study");
  await page.getByRole("link", { name: "Card browser" }).click();
  await expect(page).toHaveURL(/\/study\/cards$/);
  await expect(page.getByRole("heading", { name: "Card browser", level: 1 })).toBeVisible();
  const total = page.getByTestId("browser-total");
  await expect(total).toHaveText("3 cards");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Search").fill("eat");
  await expect(total).toHaveText("1 card");
  await expect(page.getByTestId("browser-row")).toHaveCount(1);
  await expect(page.getByTestId("browser-row")).toContainText("comer");
  await page.getByLabel("Search").fill("");
  await expect(total).toHaveText("3 cards");

  await page.getByLabel("hablar").check();
  await page.getByLabel("comer").check();
  await expect(page.getByText("2 cards selected")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(page.getByText("2 cards selected")).toBeHidden();

  await page.getByLabel("State").selectOption("suspended");
  await expect(total).toHaveText("2 cards");
  await expect(page.getByTestId("browser-row").filter({ hasText: "suspended" })).toHaveCount(2);

  // Review shows only the card left in review.
  await page.getByRole("link", { name: "Review" }).click();
  const due = page.getByTestId("due-count");
  await expect(due).toHaveText("1 card due (0 to review, 1 new)");
  await expect(page.getByTestId("review-question")).toHaveText("vivir");
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: /^Again \(1\)/ })).toBeEnabled();
  await page.keyboard.press("1");

  // Again puts it one minute out: the page says so and brings it back without a reload.
  await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();
  await expect(page.getByTestId("next-card")).toContainText(/Next card in (less than a minute|1 min)/);
  // Personal scheduling waits for 400 reviews; 'bury siblings' is off until the student turns it on.
  await page.getByText("Review options").click();
  await expect(page.getByText("you have 1)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Fit to my reviews" })).toBeDisabled();
  await expect(page.getByRole("switch", { name: /Bury siblings/ })).not.toBeChecked();
  // Saved first, then shown ticked (the server holds the Easy Days).
  await page.getByRole("checkbox", { name: "Sat" }).click();
  await expect(page.getByRole("checkbox", { name: "Sat" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Sat" })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId("review-question")).toHaveText("vivir", { timeout: 90_000 });
});

test("the card browser fits a 360 px phone with a long card, shows math as review does and stays accessible", async ({
  page,
}) => {
  await signUpWithCards(page, [
    ["x".repeat(300), `https://example.com/${"y".repeat(200)}`],
    ["Energy of a photon", "$E = h\\nu$"],
  ]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/study/cards");
  await expect(page.getByTestId("browser-total")).toHaveText("2 cards");
  const photon = page.getByTestId("browser-row").filter({ hasText: "Energy of a photon" });
  await expect(photon.locator(".katex")).toBeVisible();
  await expect(photon).not.toContainText("$");
  await page.getByTestId("browser-row").first().getByRole("checkbox").check();
  await expect(page.getByText("1 card selected")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  // The bar stays over the list: on a phone it keeps to a few lines, Move and Tag behind a button.
  const bar = page.getByRole("region", { name: "Selected cards" });
  expect((await bar.boundingBox())!.height).toBeLessThan(740 / 4);
  await expect(bar.getByLabel("Move to")).toBeHidden();
  await bar.getByRole("button", { name: "Move or tag" }).click();
  await expect(bar.getByLabel("Move to")).toBeVisible();
  await expect(bar.getByRole("button", { name: "Add tag" })).toBeVisible();
  // Named apart from the filters' "Tag" above it, for a screen reader's list of fields.
  await expect(bar.getByLabel("Tag to add or remove")).toBeVisible();
  await expect(page.getByLabel("Tag", { exact: true })).toHaveCount(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test("a student tags a card in the editor as chips and finds it by tag in the browser", async ({ page }) => {
  const { studySetId } = await signUpWithCards(page, SPANISH_VERBS.slice(0, 2));
  await page.goto(`/study?set=${studySetId}&tab=flashcards`);
  await page.getByRole("listitem", { name: "Verbs" }).getByRole("button", { name: "Manage Cards" }).click();
  await page.getByRole("button", { name: "Edit flashcard: comer" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Flashcard" });
  const tags = edit.getByLabel("Tags (optional)");
  await tags.fill("verbs, irregular");
  await tags.press("Space");
  await tags.fill("food");
  await edit.getByRole("button", { name: "Remove tag irregular" }).click();
  // The word still typed became a chip when the focus left the box.
  await expect(edit.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["verbs", "food"]);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();

  await page.goto("/study/cards");
  await page.getByLabel("Tag", { exact: true }).fill("food");
  await expect(page.getByTestId("browser-total")).toHaveText("1 card");
  await expect(page.getByTestId("browser-row")).toContainText("#verbs");
  await expect(page.getByTestId("browser-row")).toContainText("#food");
});

test("burying or suspending a card from Review can be undone from the toast", async ({ page }) => {
  await signUpWithCards(page, SPANISH_VERBS.slice(0, 2));
  await page.goto("/study/review");
  const due = page.getByTestId("due-count");
  await expect(due).toHaveText("2 cards due (0 to review, 2 new)");
  await page.getByRole("button", { name: "Bury until tomorrow" }).click();
  await expectToast(page, "Card buried until tomorrow");
  await expect(due).toHaveText("1 card due (0 to review, 1 new)");
  await toastRegion(page).getByRole("button", { name: "Undo" }).click();
  await expect(due).toHaveText("2 cards due (0 to review, 2 new)");

  await page.getByRole("button", { name: "Suspend card" }).click();
  await expectToast(page, "Card suspended");
  await expect(due).toHaveText("1 card due (0 to review, 1 new)");
  await toastRegion(page).getByRole("button", { name: "Undo" }).click();
  await expect(due).toHaveText("2 cards due (0 to review, 2 new)");
});
