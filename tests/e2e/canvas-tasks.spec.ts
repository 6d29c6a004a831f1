import { expect, type Page, test } from "@playwright/test";
import { expectToast, signUpViaApi } from "./helpers.ts";

async function withDemoCanvas(page: Page) {
  const { token } = await signUpViaApi(page);
  const res = await page.request.post("/api/auth/canvas/demo", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return token;
}

test("synced Canvas assignments show on /tasks, stripped, and open their Canvas page", async ({ page }) => {
  await withDemoCanvas(page);
  await page.goto("/tasks");
  await page.getByRole("tab", { name: "Canvas Assignments" }).click();
  await expect(page.getByTestId("task-row")).toHaveCount(17);
  const row = page
    .getByTestId("task-row")
    .filter({ hasText: "Homework 4: Stoichiometry & Limiting Reagents" });
  // Stored as Canvas's HTML, shown as text.
  await expect(row).toContainText(
    "Complete problems 1–12 in the workbook. Show your work & box final answers.",
  );
  await expect(row).not.toContainText("<p>");

  const link = row.getByRole("link", { name: /Homework 4: Stoichiometry/ });
  await expect(link).toHaveAttribute("target", "_blank");
  const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await expect(
    popup.getByRole("heading", { name: "Homework 4: Stoichiometry & Limiting Reagents" }),
  ).toBeVisible();
  await popup.close();

  await page.getByRole("tab", { name: "Manual Tasks" }).click();
  await expect(page.getByTestId("task-row")).toHaveCount(0);
});

test("Sync Canvas shows the spinner while it runs and reports nothing changed", async ({ page }) => {
  await withDemoCanvas(page);
  await page.route("**/api/sync-canvas", async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.goto("/tasks");
  const button = page.getByRole("button", { name: "Sync Canvas" });
  await button.click();
  await expect(page.getByRole("button", { name: "Syncing..." })).toBeDisabled();
  await expect(page.getByRole("tab", { name: /Canvas Assignments/ }).getByLabel("Syncing")).toBeVisible();
  await expectToast(page, "Canvas synced", "17 assignments: 0 new, 0 updated, 0 removed.");
  await expect(button).toBeEnabled();
});

test("without Canvas: yellow banner pointing to Settings, and no Sync Canvas button", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/tasks");
  await expect(page.getByText("Canvas connection needed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sync Canvas" })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});

test("a failed sync shows the red banner; Logout & Reconnect disconnects and keeps the tasks", async ({
  page,
}) => {
  await withDemoCanvas(page);
  const failure =
    "Failed to sync Canvas data. Please check your credentials. Canvas said: Expired access token.";
  await page.route("**/api/auth/canvas/status", async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), lastSyncError: failure } });
  });
  await page.goto("/tasks");
  const banner = page.getByRole("alert").filter({ hasText: "Canvas authentication issue" });
  await expect(banner).toContainText(failure);
  await expect(banner).toContainText("Your Canvas token may have expired.");
  await page.unroute("**/api/auth/canvas/status");
  const reloaded = page.waitForEvent("load");
  await banner.getByRole("button", { name: "Logout & Reconnect" }).click();
  await reloaded;

  await expect(page.getByText("Canvas connection needed")).toBeVisible();
  await page.getByRole("tab", { name: "Canvas Assignments" }).click();
  await expect(page.getByTestId("task-row")).toHaveCount(17);
});
