import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signUpViaApi } from "./helpers.ts";

// Issue 26 item 4: titles in month cells with '+N more', a week view with a time grid, and moving an
// item by drag or by keyboard.

test.use({ timezoneId: "UTC" });

const authed = (token: string) => ({ authorization: `Bearer ${token}` });
const now = new Date();
const year = now.getUTCFullYear();
const month = now.getUTCMonth();
/** A day of the month shown first, at a UTC time (the browser runs in UTC here). */
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(year, month, day, hour, minute));
const key = (day: number) => at(day, 0).toISOString().slice(0, 10);
const dayLabel = (day: number) =>
  at(day, 12).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

async function addTask(page: Page, token: string, title: string, due: Date) {
  const res = await page.request.post("/api/tasks", {
    data: { title, dueDate: due.toISOString() },
    headers: authed(token),
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}
async function dueOf(page: Page, token: string, id: number) {
  const res = await page.request.get("/api/tasks", { headers: authed(token) });
  return ((await res.json()) as { id: number; dueDate: string }[]).find((t) => t.id === id)?.dueDate;
}
const cell = (page: Page, day: number) => page.locator(`td[data-cell="${key(day)}"]`);

async function noOverflowAndAxeClean(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("month cells show titles, cut with an ellipsis at 360 px, and '+N more' opens the day", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const long = "A very long assignment title that could never fit in a phone's calendar cell";
  await addTask(page, token, long, at(15, 9));
  for (const [i, title] of ["Lab two", "Reading three", "Quiz four"].entries()) {
    await addTask(page, token, title, at(15, 10 + i));
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/calendar");
  const chips = cell(page, 15).getByTestId("calendar-chip");
  await expect(chips).toHaveCount(2);
  await expect(chips.first()).toHaveText(long);
  // One line, cut: the text is wider than the chip, shown with an ellipsis.
  const cut = await chips.first().evaluate((el) => ({
    overflow: getComputedStyle(el).textOverflow,
    wider: el.scrollWidth > el.clientWidth,
  }));
  expect(cut).toEqual({ overflow: "ellipsis", wider: true });
  await cell(page, 15).getByRole("button", { name: "+2 more" }).click();
  await expect(page.getByRole("heading", { name: dayLabel(15) })).toBeVisible();
  await expect(page.getByRole("list", { name: "Selected day" }).getByTestId("calendar-item")).toHaveCount(4);
  await noOverflowAndAxeClean(page);
});

test("the week view shows a task at its hour and a dateless one in the all-day row", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await addTask(page, token, "Chemistry lab", at(15, 17));
  await addTask(page, token, "Essay draft", at(15, 23, 59));
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/calendar");
  await page
    .getByRole("button", { name: dayLabel(15), exact: false })
    .first()
    .click();
  await page.getByRole("button", { name: "Week", exact: true }).click();
  await expect(page.getByRole("button", { name: "Week", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const week = page.getByTestId("week-calendar");
  await expect(week.locator(`[data-slot="${key(15)}T17"]`).getByTestId("calendar-chip")).toHaveText(
    /Chemistry lab/,
  );
  await expect(week.locator(`[data-all-day="${key(15)}"]`).getByTestId("calendar-chip")).toHaveText(
    "Essay draft",
  );
  // The day headers: arrows move a day.
  const header = week.getByRole("button", { name: dayLabel(15) });
  await header.focus();
  await page.keyboard.press("ArrowRight");
  await expect(week.getByRole("button", { name: dayLabel(16) })).toBeFocused();
  await noOverflowAndAxeClean(page);
  await page.getByRole("button", { name: "Month", exact: true }).click();
  await expect(cell(page, 15).getByTestId("calendar-chip")).toHaveCount(2);
});

test("an item moves by drag to another day, and by keyboard (m, arrows, Enter), keeping its time", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const task = await addTask(page, token, "Problem set", at(10, 14, 30));
  const ev = await page.request.post("/api/events", {
    data: { title: "Study group", date: at(12, 9).toISOString() },
    headers: authed(token),
  });
  const event = (await ev.json()) as { id: number };
  await page.goto("/calendar");

  await cell(page, 10).getByTestId("calendar-chip").filter({ hasText: "Problem set" }).dragTo(cell(page, 17));
  await expect.poll(() => dueOf(page, token, task.id)).toBe(at(17, 14, 30).toISOString());
  await expect(cell(page, 17).getByTestId("calendar-chip")).toHaveText("Problem set");

  await cell(page, 12).getByTestId("calendar-chip").filter({ hasText: "Study group" }).dragTo(cell(page, 13));
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/events", { headers: authed(token) });
      return ((await res.json()) as { id: number; date: string }[]).find((e) => e.id === event.id)?.date;
    })
    .toBe(at(13, 9).toISOString());

  // By keyboard from the day's list: m starts, arrows pick the day (outlined), Enter drops.
  await page
    .getByRole("button", { name: dayLabel(17), exact: false })
    .first()
    .click();
  const moveButton = page.getByRole("button", { name: "Move Problem set" });
  await moveButton.focus();
  await page.keyboard.press("m");
  await expect(page.getByRole("status").filter({ hasText: "Moving Problem set" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, 19)).toHaveAttribute("data-move-target", "true");
  await page.keyboard.press("Enter");
  await expect.poll(() => dueOf(page, token, task.id)).toBe(at(19, 14, 30).toISOString());

  // Escape cancels a move.
  await page.getByRole("button", { name: "Move Problem set" }).focus();
  await page.keyboard.press("m");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("status").filter({ hasText: "Moving Problem set" })).toHaveCount(0);
  expect(await dueOf(page, token, task.id)).toBe(at(19, 14, 30).toISOString());
});
