import { expect, test } from "@playwright/test";
import { quoteOfTheDay } from "#client/features/dashboard/quotes.ts";
import { signUpViaApi } from "./helpers.ts";

test("greets the student, shows the quote of the day and the study tip", async ({ page }) => {
  const { student } = await signUpViaApi(page);
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: `Welcome back, ${student.firstName}!` }),
  ).toBeVisible();
  await expect(page.getByText("Your academic assistant is ready to help you succeed")).toBeVisible();
  const quote = quoteOfTheDay(new Date());
  await expect(page.getByText(`"${quote.text}"`)).toBeVisible();
  await expect(page.getByText(`- ${quote.author}`)).toBeVisible();
  await expect(page.getByText("Daily Study Tip")).toBeVisible();
});

test("quick actions lead to tasks, calendar, GPA and achievements", async ({ page }) => {
  await signUpViaApi(page);
  for (const [action, heading] of [
    ["View Tasks", "Tasks and Assignments"],
    ["Check Calendar", "Calendar"],
    ["Calculate GPA", "GPA Calculator"],
    ["View Achievements", "Achievements"],
  ] as const) {
    await page.goto("/");
    await page.getByRole("link", { name: action }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test("a study tool opens in place and 'Back to Home' returns", async ({ page }) => {
  const { student } = await signUpViaApi(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "AI-Powered Study Tools" })).toBeVisible();
  await page.getByRole("button", { name: /AI Summarizer/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "AI Summarizer" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate Summary" })).toBeVisible();
  await page.getByRole("button", { name: "Back to Home" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Welcome back, ${student.firstName}!` }),
  ).toBeVisible();
  // The browser's Back button works too.
  await page.getByRole("button", { name: /AI Study Assistant/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "AI Study Assistant" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
});

test("shows the next due tasks and today's events at a glance", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  const tomorrow = new Date(Date.now() + 86_400_000);
  await page.request.post("/api/tasks", {
    data: { title: "Problem set 3", dueDate: tomorrow.toISOString() },
    headers,
  });
  await page.request.post("/api/tasks", { data: { title: "No deadline" }, headers });
  const today = new Date();
  today.setHours(23, 30, 0, 0);
  await page.request.post("/api/events", {
    data: { title: "Review session", date: today.toISOString() },
    headers,
  });

  await page.goto("/");
  const nextDue = page.getByRole("list", { name: "Next due tasks" });
  await expect(nextDue.getByText("Problem set 3")).toBeVisible();
  await expect(nextDue.getByText("Due Tomorrow")).toBeVisible();
  await expect(nextDue.getByText("No deadline")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Today's events" }).getByText("Review session")).toBeVisible();
});
