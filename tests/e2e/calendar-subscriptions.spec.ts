import http from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { format } from "date-fns";
import { signUpViaApi } from "./helpers.ts";

// playwright.config.ts allow-lists this address as CALENDAR_FEED_INSECURE_HOSTS for the server.
const feedPort = Number(process.env.E2E_PORT ?? 5199) + 10_000;
let server: http.Server;

test.beforeAll(async () => {
  const today = format(new Date(), "yyyyMMdd");
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//e2e//EN",
    "BEGIN:VEVENT",
    "UID:e2e-1",
    "SUMMARY:Chemistry lecture",
    `DTSTART;VALUE=DATE:${today}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(ics);
  });
  await new Promise<void>((r) => server.listen(feedPort, "127.0.0.1", r));
});
test.afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

test("subscribes to a feed, sees its event in the calendar read-only, and removes it", async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Integrations" }).click();
  const form = page.getByRole("form", { name: "Add a calendar subscription" });
  await expect(page.getByText("No subscriptions yet.")).toBeVisible();

  // The shared schema checks the form before anything is sent.
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Feed URL is required")).toBeVisible();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  // A private address is refused with a clear message, and nothing is saved.
  await form.getByLabel("Feed address (iCal / .ics)").fill("https://10.0.0.1/feed.ics");
  await form.getByLabel("Name").fill("Timetable");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText(/private network address/)).toBeVisible();

  await form
    .getByLabel("Feed address (iCal / .ics)")
    .fill(`http://127.0.0.1:${feedPort}/timetable.ics?token=secret`);
  await form.getByLabel("Colour").selectOption("purple");
  await form.getByRole("button", { name: "Subscribe" }).click();
  const list = page.getByRole("list", { name: "Calendar subscriptions" });
  await expect(list.getByText("Timetable")).toBeVisible();
  await expect(list.getByText(/1 event/)).toBeVisible();
  // The URL's token is never on screen.
  await expect(list).not.toContainText("secret");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto("/calendar");
  const day = page.getByRole("list", { name: "Selected day" });
  const row = day.getByTestId("calendar-item").filter({ hasText: "Chemistry lecture" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Subscribed");
  await expect(row).toContainText("All day");
  await expect(row).toHaveClass(/border-l-purple-500/);
  await expect(row.getByRole("button")).toHaveCount(0);

  await page.goto("/settings");
  await page.getByRole("tab", { name: "Integrations" }).click();
  await page.getByRole("button", { name: "Remove Timetable" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No subscriptions yet.")).toBeVisible();
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByText("Chemistry lecture")).toHaveCount(0);
});
