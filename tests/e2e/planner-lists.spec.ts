import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signUpViaApi, toastRegion } from "./helpers.ts";

// Issue 26 item 3: a checklist inside a task, and bulk actions on the list (select, complete, move,
// delete and 'Clear completed' with Undo: one request per set).

const authed = (token: string) => ({ authorization: `Bearer ${token}` });
const rows = (page: Page) => page.getByTestId("task-row");
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });

async function addTasks(page: Page, token: string, titles: string[], body: object = {}) {
  const ids: number[] = [];
  for (const title of titles) {
    const res = await page.request.post("/api/tasks", { data: { title, ...body }, headers: authed(token) });
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** Every DELETE to the tasks API, with its path. */
function watchDeletes(page: Page) {
  const seen: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "DELETE" && new URL(req.url()).pathname.startsWith("/api/tasks")) {
      seen.push(new URL(req.url()).pathname);
    }
  });
  return seen;
}

async function noOverflowAndAxeClean(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("a task's checklist: add, tick, rename, reorder by keyboard, delete; the row counts it", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  await addTasks(page, token, ["Lab report"]);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/tasks");
  await row(page, "Lab report").getByRole("button", { name: "Edit Lab report" }).click();
  const dialog = page.getByRole("dialog");
  const checklist = dialog.getByTestId("task-checklist");
  await expect(checklist.getByText("No steps yet")).toBeVisible();

  const field = checklist.getByRole("textbox", { name: "New checklist item" });
  for (const step of ["Collect data", "Draw graphs", "Write discussion"]) {
    await field.fill(step);
    await field.press("Enter");
    await expect(checklist.getByRole("textbox", { name: `Rename ${step}` })).toBeVisible();
  }
  await expect(field).toHaveValue("");
  // The tick shows once its change is applied (just after the click's event): click, then expect it.
  await checklist.getByRole("checkbox", { name: "Done: Collect data" }).click();
  await expect(checklist.getByRole("checkbox", { name: "Done: Collect data" })).toBeChecked();
  await expect(checklist.getByText("1/3 done")).toBeVisible();

  const rename = checklist.getByRole("textbox", { name: "Rename Draw graphs" });
  await rename.fill("Plot graphs");
  await rename.press("Enter");
  await expect(checklist.getByRole("textbox", { name: "Rename Plot graphs" })).toBeVisible();

  // Alt+Up moves the focused item up, and it keeps focus.
  const last = checklist.getByRole("checkbox", { name: "Done: Write discussion" });
  await last.focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(checklist.getByRole("checkbox", { name: "Done: Write discussion" })).toBeFocused();
  const order = () =>
    checklist
      .getByRole("listitem")
      .evaluateAll((els) =>
        els.map((e) => (e.querySelector("input[type=text]") as HTMLInputElement | null)?.value),
      );
  await expect.poll(order).toEqual(["Collect data", "Write discussion", "Plot graphs"]);

  await checklist.getByRole("button", { name: "Delete Plot graphs" }).click();
  await expect(checklist.getByText("1/2 done")).toBeVisible();
  await noOverflowAndAxeClean(page);

  await page.keyboard.press("Escape");
  await expect(row(page, "Lab report").getByTestId("task-checklist-count")).toHaveText(/1\/2/);
  // Kept with the task: a reload shows the same.
  await page.reload();
  await expect(row(page, "Lab report").getByTestId("task-checklist-count")).toHaveText(/1\/2/);
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/tasks", { headers: authed(token) });
      return ((await res.json()) as { subtasks: { title: string }[] }[])[0]?.subtasks.map((s) => s.title);
    })
    .toEqual(["Collect data", "Write discussion"]);
});

test("bulk: select with x and the checkboxes, complete in one request, delete with Undo in one request", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  await addTasks(page, token, ["Alpha essay", "Beta lab", "Gamma reading", "Delta quiz"]);
  const deletes = watchDeletes(page);
  await page.goto("/tasks");
  await expect(rows(page)).toHaveCount(4);

  // x on a focused row selects it; the checkbox does too.
  await row(page, "Alpha essay").getByRole("button", { name: "Complete Alpha essay" }).focus();
  await page.keyboard.press("x");
  await expect(row(page, "Alpha essay").getByRole("checkbox", { name: "Select Alpha essay" })).toBeChecked();
  await row(page, "Beta lab").getByRole("checkbox", { name: "Select Beta lab" }).check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByText("2 selected")).toBeVisible();

  const bulk = page.waitForRequest(
    (r) => r.method() === "PATCH" && new URL(r.url()).pathname === "/api/tasks",
  );
  await bar.getByRole("button", { name: "Complete" }).click();
  expect((await bulk).postDataJSON()).toMatchObject({ completed: true });
  await expect(
    row(page, "Alpha essay").getByRole("button", { name: "Complete Alpha essay" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(row(page, "Beta lab").getByRole("button", { name: "Complete Beta lab" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(bar.getByText("Select all (4)")).toBeVisible();

  // Select all, then delete: the rows go at once, Undo brings them back and nothing is sent.
  await bar.getByRole("checkbox").check();
  await expect(bar.getByText("4 selected")).toBeVisible();
  await noOverflowAndAxeClean(page);
  await bar.getByRole("button", { name: "Delete" }).click();
  await expect(rows(page)).toHaveCount(0);
  await toastRegion(page).getByRole("button", { name: "Undo" }).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(toastRegion(page).getByText("Tasks restored")).toBeVisible();
  expect(deletes).toEqual([]);

  // Deleting two for real: one DELETE for the set once the Undo window closes.
  await row(page, "Gamma reading").getByRole("checkbox", { name: "Select Gamma reading" }).check();
  await row(page, "Delta quiz").getByRole("checkbox", { name: "Select Delta quiz" }).check();
  const sent = page.waitForResponse((r) => r.request().method() === "DELETE");
  await bar.getByRole("button", { name: "Delete" }).click();
  await expect(rows(page)).toHaveCount(2);
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ deleted: 2 });
  expect(deletes).toEqual(["/api/tasks"]);
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
});

test("bulk: move to a course; Clear completed removes the completed ones shown, with Undo", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const course = (await (
    await page.request.post("/api/courses", {
      data: { name: "Biology", code: "BIO210" },
      headers: authed(token),
    })
  ).json()) as { id: number };
  const [a, b] = await addTasks(page, token, ["Alpha essay", "Beta lab", "Open task"]);
  for (const id of [a, b]) {
    await page.request.put(`/api/tasks/${id}`, { data: { completed: true }, headers: authed(token) });
  }
  const deletes = watchDeletes(page);
  await page.goto("/tasks");
  await expect(rows(page)).toHaveCount(3);

  await row(page, "Open task").getByRole("checkbox", { name: "Select Open task" }).check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await bar
    .getByRole("combobox", { name: "Course to move the selected tasks to" })
    .selectOption(String(course.id));
  await bar.getByRole("button", { name: "Move" }).click();
  await expect(row(page, "Open task")).toContainText("Biology");

  await bar.getByRole("button", { name: "Clear completed (2)" }).click();
  await expect(rows(page)).toHaveCount(1);
  await toastRegion(page).getByRole("button", { name: "Undo" }).click();
  await expect(rows(page)).toHaveCount(3);

  const sent = page.waitForResponse((r) => r.request().method() === "DELETE");
  await bar.getByRole("button", { name: "Clear completed (2)" }).click();
  await expect(rows(page)).toHaveCount(1);
  expect(await (await sent).json()).toEqual({ deleted: 2 });
  expect(deletes).toEqual(["/api/tasks"]);
});

test("at 360 px, editing a task with a long title and a long link keeps the checklist's Add on one line", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const title = "Pneumonoultramicroscopic".repeat(8);
  const link = `https://canvas.school.edu/courses/12345/assignments/67890?module_item_id=${"a1b2c3d4".repeat(30)}`;
  await addTasks(page, token, [title], { description: `Read this: ${link} before class` });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/tasks");
  await row(page, title)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  const add = page.getByRole("dialog").getByTestId("task-checklist").getByRole("button", { name: "Add" });
  await expect(add).toBeVisible();
  // A word broken over two lines ("Ad" / "d") is two boxes for one text.
  const lines = await add.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  await noOverflowAndAxeClean(page);
});
