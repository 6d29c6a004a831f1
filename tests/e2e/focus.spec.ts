import { expect, test } from "@playwright/test";
import { seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

// Axe on a loaded shared machine can take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test("a Pomodoro cycle linked to a task records its focus time, shown per course and per task", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.clock.install({ time: new Date("2030-03-06T10:00:00Z") });
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  const course = await (
    await page.request.post("/api/courses", {
      data: { name: "Organic Chemistry", code: "CHEM 210" },
      headers,
    })
  ).json();
  const title = "Lab report on esterification with a very long title that must wrap at 360 px";
  expect(
    (await page.request.post("/api/tasks", { data: { title, courseId: course.id }, headers })).ok(),
  ).toBe(true);

  await page.goto("/study");
  const timer = page.getByRole("timer", { name: "Focus time left" });
  await expect(timer).toHaveText("25:00");

  // Shorter blocks through the settings form, all by keyboard.
  await page.getByText("Timer settings", { exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.getByLabel("Focus (minutes)").fill("2");
  await page.getByLabel("Short break (minutes)").fill("1");
  await page.getByLabel("Long break after (blocks)").fill("2");
  await page.getByLabel("Long break after (blocks)").press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Timer settings saved." })).toBeVisible();
  await expect(timer).toHaveText("2:00");

  await page.getByLabel("Focusing on").selectOption({ label: title });
  await page.getByRole("button", { name: "Start" }).focus();
  await page.keyboard.press("Enter");
  await page.clock.runFor(60_000);
  await expect(timer).toHaveText(/^0:5\d|1:00$/);
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();

  // The work block ends: the break starts by itself and the live region says so once.
  await page.clock.runFor(61_000);
  await expect(page.getByTestId("focus-phase")).toHaveText("Short break");
  const live = page.getByTestId("focus-announcement");
  await expect(live).toHaveText("Short break, 1 minute started.");
  await expect(page.getByRole("timer", { name: "Short break time left" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The break ends; the next block waits for Start (auto-start work is off by default).
  await page.clock.runFor(61_000);
  await expect(page.getByTestId("focus-phase")).toHaveText("Focus");
  await expect(live).toHaveText("Focus, 2 minutes: press Start when ready.");
  await expect(page.getByText("Block 2 of 2")).toBeVisible();

  await page.goto("/achievements");
  const stats = page.getByTestId("focus-stats");
  await expect(stats.getByTestId("focus-total")).toHaveText("2 min");
  await expect(stats.getByRole("region", { name: "By course" })).toContainText("Organic Chemistry");
  await expect(stats.getByRole("region", { name: "By task" })).toContainText(title);
  await expect(stats.getByRole("region", { name: "By task" })).toContainText("2 min");
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test("pause holds the time, stop records the block so far, and skip moves to the break", async ({ page }) => {
  await page.clock.install({ time: new Date("2030-03-06T10:00:00Z") });
  await signUpViaApi(page);
  await page.goto("/study");
  const timer = page.getByRole("timer");
  await page.getByRole("button", { name: "Start" }).click();
  await page.clock.runFor(90_000);
  await page.getByRole("button", { name: "Pause" }).click();
  const held = await timer.textContent();
  await page.clock.runFor(60_000);
  await expect(timer).toHaveText(held ?? "");
  await page.getByRole("button", { name: "Resume" }).click();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(timer).toHaveText("25:00");
  await expect(page.getByRole("status").filter({ hasText: "Stopped." })).toBeVisible();

  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page.getByTestId("focus-phase")).toHaveText("Short break");

  await page.goto("/achievements");
  await expect(page.getByTestId("focus-total")).toHaveText("1 min");
});

test("a reload mid-block resumes the focus timer where it was, and its minutes are recorded once", async ({
  page,
}) => {
  await page.clock.install({ time: new Date("2030-03-06T10:00:00Z") });
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  await page.goto("/study");
  const timer = page.getByRole("timer", { name: "Focus time left" });
  await expect(timer).toHaveText("25:00");
  await page.getByRole("button", { name: "Start" }).click();
  await page.clock.runFor(5 * 60_000);
  await expect(timer).toHaveText(/^(20:00|19:5\d)$/);

  await page.reload();
  // Still running, from where it was: not back to 25:00 and Start.
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(timer).toHaveText(/^(20:00|19:5\d)$/);
  // The five minutes before the reload were recorded as the page went (a closed tab keeps them too).
  const totalSeconds = async () =>
    (
      (await (await page.request.get("/api/study/focus-stats", { headers })).json()) as {
        totalSeconds: number;
      }
    ).totalSeconds;
  await expect.poll(totalSeconds).toBe(300);

  // The block runs out: the rest of it is recorded, never the first five minutes again (each record is
  // in whole seconds, so the two may lose one between them).
  await page.clock.runFor(20 * 60_000 + 2_000);
  await expect(page.getByTestId("focus-phase")).toHaveText("Short break");
  await expect.poll(totalSeconds).toBeGreaterThanOrEqual(25 * 60 - 1);
  expect(await totalSeconds()).toBeLessThanOrEqual(25 * 60 + 2);
});
