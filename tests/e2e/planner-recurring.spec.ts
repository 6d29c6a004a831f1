import { expect, type Page, test } from "@playwright/test";
import { seriousViolations, signUpViaApi } from "./helpers.ts";

// Issue 26 items 1 and 2: a weekly series from the task form, and quick add from the keyboard.
test.use({ timezoneId: "America/Chicago" });

const rows = (page: Page) => page.getByTestId("task-row");
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });
const authed = (token: string) => ({ authorization: `Bearer ${token}` });

test("a weekly series from the form: the row says it repeats, completing it brings the next week's", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  await page.goto("/tasks");
  await page.getByRole("button", { name: "New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await dialog.getByLabel("Title").fill("Problem set");
  await dialog.getByLabel("Due date").fill("2031-01-13"); // a Monday
  await dialog.getByLabel("Due time").fill("17:00");
  await dialog.getByLabel("Repeats").selectOption("weekly");
  await dialog.getByLabel("Wed").check();
  await dialog.getByLabel("Mon").check();
  await dialog.getByLabel("Ends").selectOption("count");
  await dialog.getByLabel("Times").fill("4");
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog).toBeHidden();

  await expect(row(page, "Problem set").getByTestId("task-repeat")).toHaveText(
    "Repeats every week on Mon, Wed, 4 times",
  );
  const [saved] = await (await page.request.get("/api/tasks", { headers: authed(token) })).json();
  expect(saved).toMatchObject({
    rrule: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4",
    recurrenceTimeZone: "America/Chicago",
    dueDate: "2031-01-13T23:00:00.000Z",
  });

  await row(page, "Problem set").getByRole("button", { name: "Complete Problem set" }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: "Jan 15, 2031 - 5:00 PM" })).toHaveCount(1);

  // Un-ticking it (from the keyboard) undoes the completion: the untouched next one goes again, so the
  // student is not left with two open copies.
  const tick = row(page, "Jan 13, 2031").getByRole("button", { name: "Complete Problem set" });
  await expect(tick).toHaveAttribute("aria-pressed", "true");
  await tick.focus();
  await page.keyboard.press("Enter");
  await expect(rows(page)).toHaveCount(1);
  await expect(tick).toHaveAttribute("aria-pressed", "false");
});

test("quick add: 'q' from another page opens the dialog on the quick-add line; the preview shows what Enter saves", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  await page.request.post("/api/courses", {
    data: { name: "Biology", code: "BIO 210" },
    headers: authed(token),
  });
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("q");
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  const line = dialog.getByLabel("Quick add");
  await expect(line).toBeFocused();
  await line.pressSequentially("Lab report fri 5pm #BIO210 !high every week");
  const preview = dialog.getByTestId("quick-add-preview");
  await expect(preview).toContainText("Lab report");
  await expect(preview).toContainText("5:00 PM");
  await expect(preview).toContainText("BIO 210");
  await expect(preview).toContainText("high");
  await expect(preview).toContainText("Every week on Friday");
  expect(await seriousViolations(page)).toEqual([]);
  await line.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(row(page, "Lab report").getByTestId("task-repeat")).toHaveText("Repeats every week on Fri");
  await expect(row(page, "Lab report")).toContainText("high priority");
  await expect(row(page, "Lab report")).toContainText("Biology");
});

test("quick add works at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page);
  await page.goto("/tasks");
  // The shortcut needs the page drawn (its New Task button is what 'q' presses).
  await expect(page.getByRole("button", { name: "New Task" })).toBeVisible();
  await page.keyboard.press("q");
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await dialog.getByLabel("Quick add").fill("Read chapter 2 tomorrow");
  await expect(dialog.getByTestId("quick-add-preview")).toContainText("Read chapter 2");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a due date that is not one of the chosen repeat days is explained on the Repeat fields, and nothing is sent", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  await page.goto("/tasks");
  await page.getByRole("button", { name: "New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await dialog.getByLabel("Title").fill("Problem set");
  await dialog.getByLabel("Due date").fill("2031-01-14"); // a Tuesday
  await dialog.getByLabel("Repeats").selectOption("weekly");
  await dialog.getByLabel("Mon").check();
  await dialog.getByLabel("Wed").check();
  await dialog.getByRole("button", { name: "Add Task" }).click();
  // Before, the server's "The first date is not one of the series' dates: it would start 2031-01-15" showed
  // under the form.
  await expect(dialog.locator("#task-repeat-error")).toHaveText(
    "The due date (Tue, Jan 14, 2031) is not a day this repeats on: the first would be Wed, Jan 15, 2031. Move the due date, or change the repeat.",
  );
  await expect(dialog.getByLabel("Repeats")).toBeFocused();
  await expect(dialog).toBeVisible();
  expect(await (await page.request.get("/api/tasks", { headers: authed(token) })).json()).toEqual([]);
});

test("an occurrence moved off its repeat day can still be edited", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const created = await page.request.post("/api/tasks", {
    headers: authed(token),
    data: {
      title: "Reading",
      dueDate: "2031-01-13T17:00:00-06:00", // a Monday
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
      timeZone: "America/Chicago",
    },
  });
  const { id } = await created.json();
  const moved = await page.request.put(`/api/tasks/${id}`, {
    headers: authed(token),
    data: { dueDate: "2031-01-14T17:00:00-06:00" },
  });
  expect(moved.status()).toBe(200);
  await page.goto("/tasks");
  await row(page, "Reading").getByRole("button", { name: "Edit Reading" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await dialog.getByLabel("Title").fill("Reading, chapter 2");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, "Reading, chapter 2")).toContainText("Jan 14, 2031 - 5:00 PM");
});
