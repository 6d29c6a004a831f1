import { expect, type Page, test } from "@playwright/test";
import { expectToast, recordTrackingCalls, signUpViaApi } from "./helpers.ts";

const api = (page: Page, token: string) => ({
  post: async (path: string, data: object) => {
    const res = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
    return res.json();
  },
});
// The student's clock is not UTC, so 'date without time = 23:59:59 local' is really tested as local.
test.use({ timezoneId: "America/Chicago" });

const rows = (page: Page) => page.getByTestId("task-row");
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });

test("adds a task with a date and no time and sees it due at 11:59 PM", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await page.goto("/tasks");
  await expect(page.getByRole("heading", { level: 1, name: "Tasks and Assignments" })).toBeVisible();
  await expect(
    page.getByText("No tasks found. Try adjusting your filters or adding a new task."),
  ).toBeVisible();

  await page.getByRole("button", { name: "New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog.getByText("Task title is required")).toBeVisible();

  await dialog.getByLabel("Title").fill("Read chapter 5");
  await dialog.getByLabel("Description").fill("<p>Pages 80&ndash;95</p>");
  await dialog.getByLabel("Due date").fill("2031-01-15");
  await dialog.getByLabel("Priority").selectOption("high");
  // The default course the server created on the first visit (SPEC §7).
  await dialog.getByLabel("Course").selectOption({ label: "CS 330 · Web Development" });
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog).toBeHidden();

  const added = row(page, "Read chapter 5");
  await expect(added).toContainText("Jan 15, 2031 - 11:59 PM");
  await expect(added).toContainText("Pages 80–95");
  await expect(added).toContainText("Next week");
  await expect(added).toContainText("Web Development");
  const saved = await page.request.get("/api/tasks", { headers: { authorization: `Bearer ${token}` } });
  // 23:59:59 in Chicago (UTC-6 in January) is 05:59:59 UTC the next day.
  expect((await saved.json())[0].dueDate).toBe("2031-01-16T05:59:59.000Z");
  // The dialog starts empty again next time.
  await page.getByRole("button", { name: "New Task" }).click();
  await expect(page.getByRole("dialog").getByLabel("Title")).toHaveValue("");
});

test("searches title and description and filters by course", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const { post } = api(page, token);
  const bio = await post("/api/courses", { name: "Biology", code: "BIO 101" });
  await post("/api/tasks", { title: "Essay outline", description: "History <b>essay</b>" });
  await post("/api/tasks", { title: "Lab write-up", description: "Cells and membranes", courseId: bio.id });
  await post("/api/tasks", { title: "Flashcards", description: "Cell biology terms", courseId: bio.id });

  await page.goto("/tasks");
  await expect(rows(page)).toHaveCount(3);
  const search = page.getByRole("searchbox", { name: "Search tasks" });
  await search.fill("ESSAY");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Essay outline");
  await search.fill("cell");
  await expect(rows(page)).toHaveCount(2);

  await search.fill("");
  await page.getByRole("combobox", { name: "Filter by course" }).selectOption({ label: "BIO 101 · Biology" });
  await expect(rows(page)).toHaveCount(2);
  await search.fill("membranes");
  await expect(rows(page)).toHaveCount(1);
  await search.fill("essay");
  await expect(
    page.getByText("No tasks found. Try adjusting your filters or adding a new task."),
  ).toBeVisible();
  await page.getByRole("combobox", { name: "Filter by course" }).selectOption("all");
  await expect(rows(page)).toHaveCount(1);
});

test("completes a task: it moves below open tasks, is tracked, and can then be deleted", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const { post } = api(page, token);
  const soon = new Date(Date.now() + 86_400_000).toISOString();
  const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
  await post("/api/tasks", { title: "First deadline", dueDate: soon });
  await post("/api/tasks", { title: "Second deadline", dueDate: later });

  await page.goto("/tasks");
  await expect(rows(page).nth(0)).toContainText("First deadline");
  await expect(row(page, "First deadline").getByRole("button", { name: /Delete/ })).toHaveCount(0);

  // The server evaluates achievements on the completion itself (decision 011): the student hears of the
  // first one, and the page sends no tracking call of its own.
  const tracking = recordTrackingCalls(page);
  await page.getByRole("button", { name: "Complete First deadline" }).click();
  await expectToast(page, "Achievement unlocked: Task Tackler");
  expect(tracking).toEqual([]);

  await expect(rows(page).nth(0)).toContainText("Second deadline");
  await expect(rows(page).nth(1)).toContainText("First deadline");
  await expect(page.getByRole("button", { name: "Complete First deadline" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.getByRole("button", { name: "Delete First deadline" }).click();
  await expect(row(page, "First deadline")).toHaveCount(0);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Second deadline");
});

test("a refused completion rolls back and says so", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await api(page, token).post("/api/tasks", { title: "Stubborn task" });
  await page.route("**/api/tasks/*", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 500, json: { error: "Internal server error" } })
      : route.continue(),
  );
  await page.goto("/tasks");
  const circle = page.getByRole("button", { name: "Complete Stubborn task" });
  await circle.click();
  await expect(page.getByText("Could not update task", { exact: true })).toBeVisible();
  await expect(circle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "Delete Stubborn task" })).toHaveCount(0);
});

test("the Manual and Canvas tabs split tasks by origin", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await api(page, token).post("/api/tasks", { title: "My own task" });
  await page.goto("/tasks");
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("tab", { name: "Manual Tasks" }).click();
  await expect(row(page, "My own task")).toBeVisible();
  await page.getByRole("tab", { name: "Canvas Assignments" }).click();
  await expect(
    page.getByText("No tasks found. Try adjusting your filters or adding a new task."),
  ).toBeVisible();
});
