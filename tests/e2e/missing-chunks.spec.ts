import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./helpers.ts";

// Each screen, the toasts and the assistant are code fetched on first use. Offline before the service
// worker has cached them (the first minutes of a first visit, or a browser without one), that code does
// not arrive: the page the student is on must stay, never a white screen. The missing code is simulated
// by failing its request, with the service worker kept out of the way.
test.use({ serviceWorkers: "block" });

test("a toast, a page or the assistant whose code cannot arrive leaves the rest of the app working", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.route(/\/assets\/(toaster|achievements|assistant-panel)-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/friends");
  await expect(page.getByRole("heading", { level: 1, name: "Friends" })).toBeVisible();

  // The error toast's code is missing: no toast, but the page and what was typed stay.
  await page.getByLabel("Username").fill("nobody_by_that_name");
  await page.context().setOffline(true);
  const toasterFailed = page.waitForEvent("requestfailed", (r) => r.url().includes("/assets/toaster-"));
  await page.getByRole("button", { name: "Send Request" }).click();
  await toasterFailed;
  await expect(page.getByRole("button", { name: "Send Request" })).toBeEnabled();
  await page.context().setOffline(false);
  await expect(page.getByRole("heading", { level: 1, name: "Friends" })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("nobody_by_that_name");
  // And it still answers: the next toast is not shown either, the page goes on.
  await page.getByLabel("Username").fill("someone_else");
  await expect(page.getByRole("button", { name: "Send Request" })).toBeEnabled();
  await expect(page.getByLabel("Username")).toHaveValue("someone_else");

  // Another page whose code is missing says so inside the shell; going back draws the page again.
  await page.evaluate(() => {
    history.pushState(null, "", "/achievements");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("alert").filter({ hasText: "This page could not be loaded." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Friends" })).toBeVisible();

  // The assistant's panel is missing: said where it would be, and closing it brings the button back.
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "The AI Assistant could not be loaded." });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Friends" })).toBeVisible();
});
