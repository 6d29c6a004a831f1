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

test("a tab panel, a Tab stop after its tabs, shows where the keyboard's focus is", async ({ page }) => {
  await signUpViaApi(page);
  for (const [path, tab] of [
    ["/settings", "Profile"],
    ["/friends", "Friends (0)"],
  ] as const) {
    await page.goto(path);
    await page.getByRole("tab", { name: tab }).focus();
    await page.keyboard.press("Tab");
    const panel = page.getByRole("tabpanel");
    await expect(panel).toBeFocused();
    const ring = await panel.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
    });
    expect(ring.style, path).not.toBe("none");
    expect(ring.width, path).toBeGreaterThan(0);
  }
});
