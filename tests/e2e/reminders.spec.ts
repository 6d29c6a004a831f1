import { expect, type Page, test } from "@playwright/test";
import { seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

// Reminders (issue 23) in the browser: a task due within the hour makes the delivery job store a reminder,
// the shell's bell shows it at 360 px, its link opens the task, and the reminder settings sit under
// 'Enable notifications'. This branch has no service worker, so push is reported unavailable.

/** No horizontal scrolling at this width. */
async function fitsWidth(page: Page) {
  const overflow = await sidewaysOverflow(page);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the bell shows a reminder made by the job and opens its task (360 px, axe)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  // Quiet hours off, so the test does not depend on the hour it runs at (UTC, the default zone).
  const settings = await page.request.get("/api/settings/reminders", { headers });
  await page.request.put("/api/settings/reminders", {
    headers,
    data: { ...(await settings.json()), quietHours: false },
  });
  const task = await page.request.post("/api/tasks", {
    headers,
    data: { title: "Lab report", dueDate: new Date(Date.now() + 30 * 60_000).toISOString() },
  });
  expect(task.status()).toBe(201);
  const { id } = (await task.json()) as { id: number };
  // The delivery job runs in the server's worker within a polling interval or two.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get("/api/notifications/unread-count", { headers })).json()) as {
            unread: number;
          }
        ).unread,
      { timeout: 20_000 },
    )
    .toBe(1);

  await page.goto("/");
  const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
  await expect(bell).toBeVisible();
  await fitsWidth(page);
  await bell.click();
  const item = page.getByRole("link", { name: /Due (today|tomorrow) at \d\d:\d\d: Lab report/ });
  await expect(item).toBeVisible();
  await expect(page.getByText("Due within the hour.")).toBeVisible();
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/tasks\\?task=${id}$`));
  await expect(page.locator(`#task-${id}`)).toHaveAttribute("data-linked", "true");
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
});

test("reminder settings sit under 'Enable notifications' and say push is unavailable without a worker", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { token } = await signUpViaApi(page);
  await page.goto("/settings?tab=general");
  await expect(page.getByLabel("Task due dates")).toBeChecked();
  await expect(page.getByLabel("Daily reminder at")).toHaveValue("18:00");
  await expect(page.getByText(/Push is not available yet on this device/)).toBeVisible();
  await page.getByLabel("Quiet hours").click();
  await expect(page.getByLabel("Quiet from")).toBeDisabled();
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/settings/reminders", {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { quietHours: boolean }).quietHours;
    })
    .toBe(false);
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);
  // Off: the reminder settings go away with the switch.
  // (From the keyboard: at 360 px the 'Settings saved' toast may sit over the switch.)
  await page.getByLabel("Enable notifications").press("Space");
  await expect(page.getByLabel("Task due dates")).toHaveCount(0);
});
