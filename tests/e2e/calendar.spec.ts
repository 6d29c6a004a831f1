import { expect, test } from "@playwright/test";
import { format } from "date-fns";
import ical, { type VEvent } from "node-ical";
import { signUpViaApi } from "./helpers.ts";

test("adds an event: its title in the month and the day panel show it, it survives a reload, and it can be deleted", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByText("Drag an item to another day")).toBeVisible();
  await expect(page.getByText("No events scheduled for this day")).toBeVisible();

  // Pick the 20th of the month shown, so the test does not depend on today's date.
  const day = new Date();
  day.setDate(20);
  const dayLabel = format(day, "EEEE, MMMM d, yyyy");
  await page.getByRole("button", { name: dayLabel, exact: true }).click();
  await expect(page.getByRole("heading", { name: dayLabel })).toBeVisible();

  await page.getByRole("button", { name: "Add Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Event" });
  await expect(dialog.getByLabel("Time")).toHaveValue("09:00");
  await expect(dialog.getByLabel("Date")).toHaveValue(format(day, "yyyy-MM-dd"));
  const submit = dialog.getByRole("button", { name: "Add Event" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Event Title").fill("   ");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Event Title").fill("Study group");
  await dialog.getByLabel("Description").fill("Library room 4");
  await submit.click();
  await expect(dialog).toBeHidden();

  const dayPanel = page.getByRole("list", { name: "Selected day" });
  await expect(dayPanel.getByText("Study group")).toBeVisible();
  await expect(dayPanel.getByText("Event", { exact: true })).toBeVisible();
  await expect(dayPanel).toContainText("9:00 AM");
  await expect(page.getByRole("button", { name: `${dayLabel}, has events` })).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: `${dayLabel}, has events` }).click();
  await expect(page.getByRole("list", { name: "Selected day" }).getByText("Study group")).toBeVisible();

  await page.getByRole("button", { name: "Delete event Study group" }).first().click();
  await expect(page.getByText("No events scheduled for this day")).toBeVisible();
  await expect(page.getByRole("button", { name: dayLabel, exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole("button", { name: dayLabel, exact: true }).click();
  await expect(page.getByText("No events scheduled for this day")).toBeVisible();
});

test("the month grid is one Tab stop: arrows move between days, PageDown to the next month, Enter picks", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/calendar");
  // The 10th, so a day either side and a week either side stay in the month.
  const day = new Date();
  day.setDate(10);
  const label = (d: Date) => format(d, "EEEE, MMMM d, yyyy");
  await page.getByRole("button", { name: label(day), exact: true }).click();
  await expect(page.getByRole("button", { name: label(day), exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.keyboard.press("ArrowRight");
  const next = new Date(day);
  next.setDate(11);
  await expect(page.getByRole("button", { name: label(next), exact: true })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  next.setDate(18);
  await expect(page.getByRole("button", { name: label(next), exact: true })).toBeFocused();
  // Only the focused day is reached by Tab.
  await expect(page.locator("button[data-day][tabindex='0']")).toHaveCount(1);

  await page.keyboard.press("PageDown");
  const later = new Date(next.getFullYear(), next.getMonth() + 1, 18);
  await expect(page.getByRole("status").filter({ hasText: format(later, "MMMM yyyy") })).toBeVisible();
  await expect(page.getByRole("button", { name: label(later), exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: label(later) })).toBeVisible();
  await expect(page.getByRole("button", { name: label(later), exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.getByRole("button", { name: "Go to the Previous Month" }).click();
  await expect(page.getByRole("status").filter({ hasText: format(day, "MMMM yyyy") })).toBeVisible();
});

test("tasks show on the calendar with a Task badge and cannot be deleted there", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const due = new Date();
  due.setHours(23, 59, 59, 0);
  await page.request.post("/api/tasks", {
    data: { title: "Problem set", dueDate: due.toISOString(), priority: "high" },
    headers: { authorization: `Bearer ${token}` },
  });
  await page.goto("/calendar");
  const dayPanel = page.getByRole("list", { name: "Selected day" });
  await expect(dayPanel.getByText("Problem set")).toBeVisible();
  await expect(dayPanel.getByText("Task", { exact: true })).toBeVisible();
  await expect(dayPanel.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Upcoming events" }).getByText("Problem set")).toBeVisible();
});

test("the subscription feed serves the same items to a calendar parser, and can be regenerated and revoked", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  await page.request.post("/api/tasks", {
    data: { title: "Final paper", dueDate: "2031-05-01T03:59:59.000Z", description: "<p>10 pages</p>" },
    headers,
  });
  await page.request.post("/api/tasks", { data: { title: "Someday task" }, headers });
  await page.request.post("/api/events", {
    data: { title: "Office hours", date: "2031-04-20T15:00:00.000Z" },
    headers,
  });

  await page.goto("/settings");
  await page.getByRole("tab", { name: "Integrations" }).click();
  const card = page
    .getByText("Subscribe in your calendar app")
    .locator("xpath=ancestor::div[contains(@class,'ui-card')][1]");
  await card.getByRole("button", { name: "Create subscription link" }).click();
  const link = card.getByRole("textbox", { name: "Calendar subscription link" });
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar-feed\/[\w-]+\.ics$/);
  const url = await link.inputValue();

  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/calendar/);
  const items = Object.values(ical.sync.parseICS(await res.text())).filter(
    (c): c is VEvent => c?.type === "VEVENT",
  );
  const got = items
    .map((e) => [String(e.summary), new Date(e.start as Date).toISOString()])
    .sort(([a], [b]) => a!.localeCompare(b!));
  expect(got).toEqual([
    ["Final paper", "2031-05-01T03:59:59.000Z"],
    ["Office hours", "2031-04-20T15:00:00.000Z"],
  ]);

  await card.getByRole("button", { name: "Regenerate link" }).click();
  await expect(link).not.toHaveValue(url);
  expect((await page.request.get(url)).status()).toBe(404);
  const second = await link.inputValue();
  expect((await page.request.get(second)).status()).toBe(200);

  await card.getByRole("button", { name: "Turn off" }).click();
  await expect(card.getByRole("button", { name: "Create subscription link" })).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);
});

test("the mock Google Calendar connect reports a connection", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Integrations" }).click();
  await page.getByRole("button", { name: "Connect Google Calendar" }).click();
  await expect(page.getByText("Google Calendar connected", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reconnect Google Calendar" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Reconnect Google Calendar" })).toBeVisible();
});
