import { expect, test } from "@playwright/test";
import { SPANISH_VERBS, seriousViolations, sidewaysOverflow, signUpWithCards } from "./helpers.ts";

// Several exams per flashcard set (issue 25 §3, decision 017) on /study/exams, found from the Study Center.
test.describe.configure({ timeout: 120_000 });

const dayAhead = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

test("a student adds a midterm and a final to one set from /study/exams, sees both, edits and removes one; a past date is refused", async ({
  page,
}) => {
  await signUpWithCards(page, SPANISH_VERBS.slice(0, 2));
  await page.goto("/study");
  await page.getByRole("link", { name: "Exam plans" }).click();
  await expect(page).toHaveURL(/\/study\/exams$/);
  await expect(page.getByText("No exams yet")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const add = page.getByRole("region", { name: "Add an exam" });
  await expect(add.getByLabel("Flashcard set")).toHaveValue(/\d+/);
  await add.getByLabel("Title (optional)").fill("Midterm");
  await add.getByLabel("Exam date").fill(dayAhead(5));
  await add.getByRole("button", { name: "Add exam" }).click();
  const rows = page.getByRole("list", { name: "Upcoming exams" }).getByTestId("exam-row");
  await expect(rows).toHaveCount(1);

  // The second by keyboard alone: Enter in the date field submits the form.
  await add.getByLabel("Title (optional)").fill("Final");
  await add.getByLabel("Exam date").fill(dayAhead(30));
  await add.getByLabel("Exam date").press("Enter");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Midterm");
  await expect(rows.nth(0)).toContainText("Verbs");
  await expect(rows.nth(0)).toContainText("2 cards today");
  await expect(rows.nth(0)).toContainText("Plan aims at this exam");
  await expect(rows.nth(1)).toContainText("Final");
  await expect(rows.nth(1)).not.toContainText("Plan aims at this exam");
  const plan = page.getByRole("region", { name: "Exam plan" });
  await expect(plan.getByTestId("exam-summary")).toContainText("Midterm");

  // The picker starts at today, so a past day is refused before it is sent (the server's 422 for one is
  // in exams-several.test.ts), and both exams stay.
  const date = add.getByLabel("Exam date");
  const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
  await expect(date).toHaveAttribute("min", today);
  await date.fill("2020-01-01");
  expect(await date.evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow)).toBe(true);
  let sent = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/exams")) sent += 1;
  });
  await add.getByRole("button", { name: "Add exam" }).click();
  await expect(rows).toHaveCount(2);
  expect(sent).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Rename the final from the keyboard; Escape on a second edit leaves it as it was.
  await rows
    .nth(1)
    .getByRole("button", { name: /^Edit Final/ })
    .click();
  const title = rows.nth(1).getByLabel("Title (optional)");
  await expect(title).toBeFocused();
  await title.fill("Final exam");
  await title.press("Enter");
  await expect(rows.nth(1)).toContainText("Final exam");
  await expect(rows.nth(1).getByRole("button", { name: /^Edit Final exam/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await rows.nth(1).getByLabel("Title (optional)").fill("Changed my mind");
  await page.keyboard.press("Escape");
  await expect(rows.nth(1)).toContainText("Final exam");

  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Removing the midterm: the plan moves on to the final.
  await rows
    .nth(0)
    .getByRole("button", { name: /^Remove Midterm/ })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText("Plan aims at this exam");
  await expect(plan.getByTestId("exam-summary")).toContainText("Final exam");
});
