import { expect, type Page, test } from "@playwright/test";
import { signUpViaApi, toastRegion } from "./helpers.ts";

// Issue 26 item 7: what a new student found on the tasks, integrations, review and progress screens.

const authed = (token: string) => ({ authorization: `Bearer ${token}` });
const rows = (page: Page) => page.getByTestId("task-row");
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });

async function completedTasks(page: Page, token: string, titles: string[]) {
  const ids: number[] = [];
  for (const title of titles) {
    const res = await page.request.post("/api/tasks", { data: { title }, headers: authed(token) });
    const { id } = (await res.json()) as { id: number };
    await page.request.put(`/api/tasks/${id}`, { data: { completed: true }, headers: authed(token) });
    ids.push(id);
  }
  return ids;
}

/** Every DELETE /api/tasks/:id the page sends, with its answer. */
function watchDeletes(page: Page) {
  const seen: { url: string; status: number }[] = [];
  page.on("response", (res) => {
    if (res.request().method() === "DELETE" && /\/api\/tasks\/\d+$/.test(res.url())) {
      seen.push({ url: res.url(), status: res.status() });
    }
  });
  return seen;
}

test("after a delete, focus goes to the next row, and to the Undo button when no row is left", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  await completedTasks(page, token, ["Alpha essay", "Beta lab"]);
  await page.goto("/tasks");
  await expect(rows(page)).toHaveCount(2);
  const first = await rows(page).first().textContent();
  const [del, next] = first?.includes("Alpha") ? ["Alpha essay", "Beta lab"] : ["Beta lab", "Alpha essay"];

  await row(page, del)
    .getByRole("button", { name: `Delete ${del}` })
    .click();
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, next).getByRole("button", { name: `Complete ${next}` })).toBeFocused();

  await row(page, next)
    .getByRole("button", { name: `Delete ${next}` })
    .click();
  await expect(rows(page)).toHaveCount(0);
  await expect(toastRegion(page).getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rows(page)).toHaveCount(1);
});

test("one DELETE per delete: navigating away and back inside the Undo window, or reloading, sends no second one", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { token } = await signUpViaApi(page);
  const [a, b] = await completedTasks(page, token, ["Old quiz", "Old lab"]);
  const deletes = watchDeletes(page);
  await page.goto("/tasks");
  await row(page, "Old quiz").getByRole("button", { name: "Delete Old quiz" }).click();
  await expect(rows(page)).toHaveCount(1);
  // Within the 5 s window: to Home and back to Tasks through the menu.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
  await expect(row(page, "Old lab")).toHaveCount(1);
  await expect(row(page, "Old quiz")).toHaveCount(0);
  await expect.poll(() => deletes.length, { timeout: 8_000 }).toBe(1);
  await page.waitForTimeout(1_000);
  await page.reload();
  await expect(row(page, "Old lab")).toHaveCount(1);
  await page.waitForTimeout(500);
  expect(deletes).toEqual([{ url: expect.stringContaining(`/api/tasks/${a}`), status: 200 }]);

  // Deleted and the page reloaded at once: the keepalive DELETE goes as the page goes, and the next
  // page does not send it again.
  await row(page, "Old lab").getByRole("button", { name: "Delete Old lab" }).click();
  await page.reload();
  await expect(
    page.getByText("No tasks found. Try adjusting your filters or adding a new task."),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByText("No tasks found. Try adjusting your filters or adding a new task."),
  ).toBeVisible();
  await page.waitForTimeout(500);
  expect(deletes.filter((d) => d.url.endsWith(`/api/tasks/${b}`) && d.status === 404)).toEqual([]);
  const left = await page.request.get("/api/tasks", { headers: authed(token) });
  expect(await left.json()).toEqual([]);
});

test("Integrations and a shared set's Review ask nothing that answers 404", async ({ page }) => {
  await signUpViaApi(page);
  const notFound: string[] = [];
  page.on("response", (res) => {
    if (res.status() === 404 && res.url().includes("/api/")) notFound.push(res.url());
  });
  await page.goto("/settings?tab=integrations");
  await expect(page.getByRole("button", { name: "Connect Google Calendar" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(notFound).toEqual([]);
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("every tab of Tasks and Settings is whole on screen (the bar wraps)", async ({ page }) => {
    await signUpViaApi(page);
    for (const [path, name] of [
      ["/tasks", "Canvas Assignments"],
      ["/settings", "AI Settings"],
    ] as const) {
      await page.goto(path);
      const tab = page.getByRole("tab", { name });
      await expect(tab).toBeVisible();
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      const list = page.getByRole("tablist").first();
      expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });

  test("the study heatmap opens on today's column", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/achievements");
    const region = page.getByRole("region", { name: "Study heatmap, scrollable" });
    await expect(region).toBeVisible();
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    const cell = region.locator(`rect[data-date="${today}"]`);
    const [cellBox, regionBox] = [(await cell.boundingBox())!, (await region.boundingBox())!];
    expect(cellBox.x).toBeGreaterThanOrEqual(regionBox.x);
    expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);
  });
});
