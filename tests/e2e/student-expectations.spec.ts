import { expect, type Page, test } from "@playwright/test";
import { expectToast, signUpViaApi, toastRegion } from "./helpers.ts";

// Issue 9 §3: what a student expects and misses. Each journey is driven as a student would.

test.use({ timezoneId: "America/Chicago" });

const authed = (token: string) => ({ authorization: `Bearer ${token}` });
const rows = (page: Page) => page.getByTestId("task-row");
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });

async function post(page: Page, token: string, path: string, data: object) {
  const res = await page.request.post(path, { data, headers: authed(token) });
  expect(res.ok(), `${path} ${res.status()}`).toBe(true);
  return res.json();
}
const tasksOf = async (page: Page, token: string) =>
  (await (await page.request.get("/api/tasks", { headers: authed(token) })).json()) as {
    id: number;
    title: string;
    notes: string;
    priority: string;
    dueDate: string | null;
  }[];

test("edits a task from its row in the prefilled Add New Task form", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await post(page, token, "/api/tasks", {
    title: "Read chapter 5",
    description: "Pages 80-95",
    dueDate: "2031-01-16T05:59:59.000Z", // Jan 15, 11:59:59 PM in Chicago: a date without a time
    priority: "low",
  });
  await page.goto("/tasks");
  await row(page, "Read chapter 5").getByRole("button", { name: "Edit Read chapter 5" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await expect(dialog.getByLabel("Title")).toHaveValue("Read chapter 5");
  await expect(dialog.getByLabel("Description")).toHaveValue("Pages 80-95");
  await expect(dialog.getByLabel("Due date")).toHaveValue("2031-01-15");
  await expect(dialog.getByLabel("Due time")).toHaveValue("");
  await expect(dialog.getByLabel("Priority")).toHaveValue("low");

  await dialog.getByLabel("Title").fill("Read chapters 5 and 6");
  await dialog.getByLabel("Due time").fill("14:30");
  await dialog.getByLabel("Priority").selectOption("high");
  await dialog.getByLabel("Course").selectOption({ label: "CS 330 · Web Development" });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "Task updated", "Read chapters 5 and 6");

  const edited = row(page, "Read chapters 5 and 6");
  await expect(edited).toContainText("Jan 15, 2031 - 2:30 PM");
  await expect(edited).toContainText("high priority");
  await expect(edited).toContainText("Web Development");
  await page.reload();
  await expect(row(page, "Read chapters 5 and 6")).toContainText("Jan 15, 2031 - 2:30 PM");

  // The new-task dialog is still empty: editing did not leak into it.
  await page.getByRole("button", { name: "New Task" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Task" }).getByLabel("Title")).toHaveValue("");
});

test("a Canvas assignment keeps Canvas's title and due date; priority and notes are the student's", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  expect((await page.request.post("/api/auth/canvas/demo", { headers: authed(token) })).status()).toBe(200);
  const title = "Homework 4: Stoichiometry & Limiting Reagents";
  await page.goto("/tasks");
  await row(page, title)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await expect(dialog).toContainText("come from Canvas");
  await expect(dialog.getByLabel("Title")).toHaveAttribute("readonly", "");
  await expect(dialog.getByLabel("Due date")).toHaveAttribute("readonly", "");
  await expect(dialog.getByLabel("Course")).toBeDisabled();
  // Canvas's HTML reads as text, as on the task list.
  await expect(dialog.getByLabel("Description")).toHaveValue(/^Complete problems 1–12 in the workbook/);
  await dialog.getByLabel("Notes").fill("Ask about problem 7 in office hours");
  await dialog.getByLabel("Priority").selectOption("high");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();

  const canvasRow = row(page, title);
  await expect(canvasRow).toContainText("Notes: Ask about problem 7 in office hours");
  await expect(canvasRow).toContainText("high priority");
  // A sync does not take the student's notes or priority away.
  await page.getByRole("button", { name: "Sync Canvas" }).click();
  await expectToast(page, "Canvas synced");
  const saved = (await tasksOf(page, token)).find((t) => t.title === title);
  expect(saved).toMatchObject({ notes: "Ask about problem 7 in office hours", priority: "high" });
});

test("a due time without a date is a form error, not a silent drop", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/tasks");
  await page.getByRole("button", { name: "New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await dialog.getByLabel("Title").fill("Lab report");
  await dialog.getByLabel("Due time").fill("09:00");
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog.getByText("Choose a due date for this time, or clear the time")).toHaveCount(1);
  await expect(dialog).toBeVisible();
  // Fixing the input clears the stale message.
  await dialog.getByLabel("Due date").fill("2031-02-03");
  await expect(dialog.getByText("Choose a due date for this time, or clear the time")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(row(page, "Lab report")).toContainText("Feb 3, 2031 - 9:00 AM");
});

test("a completed task reads 'Done'; deleting offers Undo for 5 s and nothing comes back on reload", async ({
  page,
}) => {
  test.setTimeout(60_000); // it waits out two 5 s undo windows
  const { token } = await signUpViaApi(page);
  const past = new Date(Date.now() - 86_400_000).toISOString();
  await post(page, token, "/api/tasks", { title: "Old essay", dueDate: past });
  await post(page, token, "/api/tasks", { title: "Quiz prep", dueDate: past });
  // A first completed task earns an achievement, and its toast would replace the Undo toast below when it
  // lands after the delete (SPEC §9: one toast at a time). Earned here, before the page opens (the
  // achievement stays when its task is deleted).
  const warmUp = await post(page, token, "/api/tasks", { title: "Warm-up" });
  const done = await page.request.put(`/api/tasks/${warmUp.id}`, {
    data: { completed: true },
    headers: authed(token),
  });
  expect(done.ok()).toBe(true);
  expect((await page.request.delete(`/api/tasks/${warmUp.id}`, { headers: authed(token) })).ok()).toBe(true);
  await page.goto("/tasks");
  await expect(row(page, "Old essay")).toContainText("Overdue");
  await row(page, "Old essay").getByRole("button", { name: "Complete Old essay" }).click();
  await expect(row(page, "Old essay")).toContainText("Done");
  await expect(row(page, "Old essay")).not.toContainText("Overdue");

  // Delete, then Undo inside the window: the task is back and stays back.
  await row(page, "Old essay").getByRole("button", { name: "Delete Old essay" }).click();
  await expect(row(page, "Old essay")).toHaveCount(0);
  await toastRegion(page).getByRole("button", { name: "Undo" }).click();
  await expect(row(page, "Old essay")).toHaveCount(1);
  await page.waitForTimeout(5_500);
  expect((await tasksOf(page, token)).map((t) => t.title)).toContain("Old essay");
  await page.reload();
  await expect(row(page, "Old essay")).toHaveCount(1);

  // Delete and let the window close: gone on the server.
  await row(page, "Old essay").getByRole("button", { name: "Delete Old essay" }).click();
  await expectToast(page, "Task deleted", "Old essay");
  await expect
    .poll(async () => (await tasksOf(page, token)).map((t) => t.title), { timeout: 8_000 })
    .toEqual(["Quiz prep"]);

  // Delete and reload at once: the waiting delete is sent as the page goes, so it does not come back.
  await row(page, "Quiz prep").getByRole("button", { name: "Complete Quiz prep" }).click();
  await row(page, "Quiz prep").getByRole("button", { name: "Delete Quiz prep" }).click();
  await page.reload();
  await expect.poll(async () => (await tasksOf(page, token)).length).toBe(0);
  await page.reload();
  await expect(
    page.getByText("No tasks found. Try adjusting your filters or adding a new task."),
  ).toBeVisible();
});

test("Sign Out clears the theme and cached data for the next student on the computer", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/settings?tab=general");
  await page.getByLabel("Theme").selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectToast(page, "Settings saved");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Studyhall" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(
    await page.evaluate(() => ["theme", "authToken", "sessionUser"].map((key) => localStorage.getItem(key))),
  ).toEqual([null, null, null]);
});

test("GPA credits show what is counted and a course without a grade is marked 'Not counted'", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  expect((await page.request.post("/api/auth/canvas/demo", { headers: authed(token) })).status()).toBe(200);
  await page.goto("/gpa");
  const credits = page.getByRole("spinbutton", { name: /^Credits for / }).first();
  await credits.fill("9");
  await credits.blur();
  await expect(credits).toHaveValue("6");
  await expect(page.getByText("At most 6 credits; counting 6.")).toBeVisible();
  await credits.fill("0");
  await credits.blur();
  await expect(credits).toHaveValue("1");
  await expect(page.getByText("At least 1 credit; counting 1.")).toBeVisible();
  await credits.fill("2.5");
  await credits.blur();
  await expect(credits).toHaveValue("3");
  await expect(page.getByText("Whole credits only; counting 3.")).toBeVisible();

  const grade = page.getByRole("combobox", { name: /^Grade for / }).first();
  await grade.selectOption("");
  await expect(page.getByText("Not counted: no grade").first()).toBeVisible();
});

test("Calendar 'Upcoming Events' lists only what is still ahead", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const now = Date.now();
  await post(page, token, "/api/events", {
    title: "Earlier seminar",
    date: new Date(now - 3_600_000).toISOString(),
  });
  await post(page, token, "/api/events", {
    title: "Later seminar",
    date: new Date(now + 3_600_000).toISOString(),
  });
  await page.goto("/calendar");
  const upcoming = page.getByRole("list", { name: "Upcoming events" });
  await expect(upcoming).toContainText("Later seminar");
  await expect(upcoming).not.toContainText("Earlier seminar");
});

test("the browser's time zone reaches the server on the first load and after a journey, not on every load", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const saves: unknown[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/settings/time-zone")
      saves.push(request.postDataJSON());
  });
  const zoneOnServer = async () =>
    (
      (await (await page.request.get("/api/study-heatmap", { headers: authed(token) })).json()) as {
        timeZone: string;
      }
    ).timeZone;

  await page.goto("/");
  await expect.poll(() => saves).toEqual([{ timeZone: "America/Chicago" }]);
  await expect.poll(zoneOnServer).toBe("America/Chicago");
  const reported = await page.evaluate(() => localStorage.getItem("reportedTimeZone"));
  expect(reported).toMatch(/^\d+ America\/Chicago$/);

  // Same zone: nothing to tell.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(saves).toHaveLength(1);

  // As if this browser had last reported London (the student flew home): the new zone goes up at once.
  await page.evaluate(
    (id) => localStorage.setItem("reportedTimeZone", `${id} Europe/London`),
    reported!.split(" ")[0],
  );
  await page.reload();
  await expect.poll(() => saves).toHaveLength(2);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("reportedTimeZone"))).toBe(reported);
});
