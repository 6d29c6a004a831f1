import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { expectToast, signUpViaApi } from "./helpers.ts";

// Axe on a loaded shared machine can take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** A toast raised while a modal dialog is open: the dialog hides the rest of the page from roles. */
const toastBehindDialog = (page: Page, title: string) =>
  expect(page.locator("ol li").getByText(title, { exact: true })).toBeVisible();

test("completing a task unlocks an achievement, shown as a toast and on /achievements", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const res = await page.request.post("/api/tasks", {
    data: { title: "Essay draft" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  await page.goto("/tasks");
  await page.getByRole("button", { name: "Complete Essay draft" }).click();
  await expectToast(page, "Achievement unlocked: Task Tackler");

  await page.goto("/achievements");
  await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
  await expect(page.getByTestId("earned-count")).toHaveText(/^1\/\d+$/);
  const earned = page.getByTestId("achievement-card").filter({ hasText: "Task Tackler" });
  await expect(earned).toContainText("10 pts");
  await expect(earned).toContainText("Earned on");
  await expect(page.getByRole("img", { name: /Study heatmap/ })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
});

test("a share link with only the streak on shows the streak and completed tasks, signed out", async ({
  page,
  browser,
  context,
}) => {
  await signUpViaApi(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/achievements");
  await page.getByRole("button", { name: "Share Progress" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Progress" });
  for (const name of ["Achievements", "Study Time", "Level"]) await dialog.getByLabel(name).click();
  await dialog.getByRole("button", { name: "Create Link" }).click();
  await toastBehindDialog(page, "Shareable link created!");
  const url = await dialog.getByLabel("Shareable link").inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{22,}$/);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await toastBehindDialog(page, "Copied to clipboard!");

  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Study Stats Showcase" })).toBeVisible();
  await expect(visitor.getByText("Study Streak", { exact: true })).toBeVisible();
  await expect(visitor.getByText("Completed Tasks", { exact: true })).toBeVisible();
  await expect(visitor.getByText("Study Time", { exact: true })).toHaveCount(0);
  await expect(visitor.getByText("Level", { exact: true })).toHaveCount(0);
  await expect(visitor.getByText("Unlocked Achievements")).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page: visitor }).analyze();
  expect(violations).toEqual([]);
  await fresh.close();
});
