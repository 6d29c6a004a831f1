import { expect, test } from "@playwright/test";
import { seriousViolations, signUpViaApi } from "./helpers.ts";

test("onboarding has no serious accessibility violations", async ({ page }) => {
  await page.goto("/onboarding");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const theme of ["light", "dark"] as const) {
  test(`the shell and settings have no serious accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await signUpViaApi(page);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "General" }).click();
    await expect(page.getByLabel("Theme")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
