import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./helpers.ts";

test("a signed-in student sees the shell greeting and can reach every route", async ({ page }) => {
  const { student } = await signUpViaApi(page);
  await page.goto("/");
  await expect(page.getByText(`Welcome, ${student.firstName}`).first()).toBeVisible();
  for (const [path, heading] of [
    ["/tasks", "Tasks and Assignments"],
    ["/calendar", "Calendar"],
    ["/courses", "My Courses"],
    ["/study", "Study Center"],
    ["/friends", "Friends"],
    ["/achievements", "Achievements"],
    ["/gpa", "GPA Calculator"],
    ["/settings", "Settings"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test("an unknown route shows the not-found page, with a way home", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeHidden();
});
