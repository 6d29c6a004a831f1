import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { SPANISH_VERBS, seriousViolations, signUpViaApi, signUpWithCards } from "./helpers.ts";

// Issue 23 §3: installable (manifest, service worker) and offline (review queue and tasks on the device,
// changes made offline sent once when the network returns). Offline is Playwright's context.setOffline.
test.describe.configure({ timeout: 120_000 });
test.use({ serviceWorkers: "allow" });
// The first visit downloads the precache beside the page: on a loaded machine a screen takes longer.
const FIRST_DRAW = { timeout: 30_000 };

/** The page is controlled by the service worker, its precache complete (it activates only after). */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
}

/** Rating requests that reached the network (the page's own; the service worker does not touch the API). */
function countRatings(context: BrowserContext) {
  const seen = { sent: 0, applied: 0 };
  context.on("requestfinished", async (req) => {
    if (req.method() !== "POST" || !/\/api\/review\/cards\/\d+\/rate$/.test(req.url())) return;
    seen.sent++;
    if ((await req.response())?.ok()) seen.applied++;
  });
  return seen;
}

const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

test("the app is installable: a valid manifest with its icons, and a service worker controls the page", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: "Studyhall", start_url: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const scheme of ["light", "dark"]) {
    await expect(
      page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`),
    ).toHaveCount(1);
  }
  // Chromium's installability asks for 192 px and 512 px icons, and a maskable one for Android.
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === "any");
    expect(icon, `${size} px icon`).toBeTruthy();
    const png = await page.request.get(icon!.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await png.body())).toEqual({ width: size, height: size });
  }
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);

  await serviceWorkerInControl(page);
  const sw = await page.request.get("/sw.js");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  // An unknown icon is a 404, not the app's page.
  expect((await page.request.get("/icons/nope.png")).status()).toBe(404);
});

test("offline: the review page draws today's queue, three ratings reach the server once online, exactly once", async ({
  page,
  context,
}) => {
  const { token } = await signUpWithCards(page);
  const ratings = countRatings(context);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/study/review");
  const due = page.getByTestId("due-count");
  await expect(due).toHaveText("3 cards due (0 to review, 3 new)", FIRST_DRAW);
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(due).toHaveText("3 cards due (0 to review, 3 new)", FIRST_DRAW);
  const status = page.getByTestId("offline-status");
  await expect(status).toContainText("You are offline. Tasks and reviews are saved on this device.");

  for (const question of ["hablar", "comer", "vivir"]) {
    await expect(page.getByTestId("review-question")).toHaveText(question);
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: /^Good \(3\)/ })).toBeEnabled();
    await page.keyboard.press("3");
  }
  await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();
  await expect(status).toContainText("3 changes saved on this device");
  // Axe and 360 px on the offline indicator.
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(ratings.sent).toBe(0);

  // The tab goes away before the network returns: the ratings wait on the device.
  await page.reload();
  await expect(status).toContainText("3 changes saved on this device");
  await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();

  await context.setOffline(false);
  await expect(status).toBeEmpty({ timeout: 15_000 });
  await expect.poll(() => ratings.applied).toBe(3);
  const headers = { authorization: `Bearer ${token}` };
  const queue = await (await page.request.get("/api/review/queue", { headers })).json();
  expect(queue).toMatchObject({ dueCount: 0, newCount: 0 });

  // A second reload sends nothing again, and the server holds exactly three reviews.
  await page.reload();
  await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(ratings.sent).toBe(3);
  const achievements = (await (await page.request.get("/api/achievements", { headers })).json()) as {
    title: string | null;
    progress: number;
  }[];
  // 'Review 50 flashcards': 3 of 50.
  expect(achievements.find((a) => a.title === "Recall Rookie")?.progress).toBe(6);
});

test("offline: the task list reads from the device, and a task completed offline syncs", async ({
  page,
  context,
}) => {
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  await page.request.post("/api/tasks", { headers, data: { title: "Write the lab report" } });
  await page.goto("/tasks");
  await expect(page.getByText("Write the lab report")).toBeVisible(FIRST_DRAW);
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("Write the lab report")).toBeVisible();
  await page.getByRole("button", { name: "Complete Write the lab report" }).click();
  await expect(page.getByRole("button", { name: "Complete Write the lab report" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByTestId("offline-status")).toContainText("1 change saved on this device");

  await context.setOffline(false);
  await expect(page.getByTestId("offline-status")).toBeEmpty({ timeout: 15_000 });
  const tasks = (await (await page.request.get("/api/tasks", { headers })).json()) as {
    title: string;
    completed: boolean;
  }[];
  expect(tasks).toEqual([expect.objectContaining({ title: "Write the lab report", completed: true })]);
  await page.reload();
  await expect(page.getByRole("button", { name: "Complete Write the lab report" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("offline after the first visit's precache: the New Task dialog, never opened before, opens and the task is kept", async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  await page.goto("/tasks");
  await expect(page.getByRole("button", { name: "New Task" })).toBeVisible(FIRST_DRAW);
  await serviceWorkerInControl(page);

  // The network drops before the dialog was ever opened: its code comes from the precache.
  await context.setOffline(true);
  await page.getByRole("button", { name: "New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").fill("Read chapter 4");
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("task-row").filter({ hasText: "Read chapter 4" })).toBeVisible();
  await expect(page.getByTestId("offline-status")).toContainText("1 change saved on this device");
});

test.describe("before the service worker has installed", () => {
  // A first visit's precache takes a while to arrive (all of it before the worker serves anything):
  // blocked here, so the network drops with only what the page itself fetched.
  test.use({ serviceWorkers: "block" });

  test("offline, a dialog whose code never arrived says so and the page stays; online again it opens", async ({
    page,
    context,
  }) => {
    const { token } = await signUpViaApi(page);
    await page.request.post("/api/tasks", {
      headers: { authorization: `Bearer ${token}` },
      data: { title: "Essay outline" },
    });
    await page.goto("/tasks");
    const newTask = page.getByRole("button", { name: "New Task" });
    await expect(newTask).toBeVisible(FIRST_DRAW);
    await expect(page.getByText("Essay outline")).toBeVisible();

    await context.setOffline(true);
    await newTask.click();
    // Before, the failed import unmounted the whole app: a blank page.
    await expect(
      page.getByRole("alert").filter({ hasText: "This window could not be loaded" }),
    ).toBeVisible();
    await expect(page.getByText("Essay outline")).toBeVisible();
    await expect(newTask).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await context.setOffline(false);
    await newTask.click();
    await expect(page.getByRole("dialog", { name: "Add New Task" })).toBeVisible();
  });
});

test("offline: a task deleted offline stays deleted, across a reload, and is deleted on the server once online", async ({
  page,
  context,
}) => {
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  const made = await page.request.post("/api/tasks", { headers, data: { title: "Old quiz" } });
  const { id } = (await made.json()) as { id: number };
  await page.request.put(`/api/tasks/${id}`, { headers, data: { completed: true } });
  await page.request.post("/api/tasks", { headers, data: { title: "Essay outline" } });
  await page.goto("/tasks");
  await expect(page.getByText("Old quiz")).toBeVisible(FIRST_DRAW);
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Delete Old quiz" }).click();
  // Once the Undo window closes the delete is kept on the device. Before, the task came back with
  // 'Could not delete task / Could not reach Studyhall', under a banner saying changes are kept.
  await expect(page.getByTestId("offline-status")).toContainText("1 change saved on this device", {
    timeout: 15_000,
  });
  await expect(page.getByText("Could not delete task")).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("Essay outline")).toBeVisible();
  await expect(page.getByText("Old quiz")).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByTestId("offline-status")).toBeEmpty({ timeout: 15_000 });
  const tasks = (await (await page.request.get("/api/tasks", { headers })).json()) as { title: string }[];
  expect(tasks.map((t) => t.title)).toEqual(["Essay outline"]);
});

test("offline: a rating the server refuses once online is named in a notice that stays until dismissed", async ({
  page,
  context,
}) => {
  const { token } = await signUpWithCards(page, SPANISH_VERBS.slice(0, 2));
  const headers = { authorization: `Bearer ${token}` };
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/study/review");
  const due = page.getByTestId("due-count");
  await expect(due).toHaveText("2 cards due (0 to review, 2 new)", FIRST_DRAW);
  await serviceWorkerInControl(page);
  // Another device deletes 'hablar' after this one kept today's queue.
  const queue = (await (await page.request.get("/api/review/queue", { headers })).json()) as {
    cards: { id: number; question: string }[];
  };
  const hablar = queue.cards.find((c) => c.question === "hablar")!;
  expect((await page.request.delete(`/api/study/flashcards/${hablar.id}`, { headers })).status()).toBe(200);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("review-question")).toHaveText("hablar", FIRST_DRAW);
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: /^Good \(3\)/ })).toBeEnabled();
  await page.keyboard.press("3");
  await expect(page.getByTestId("offline-status")).toContainText("1 change saved on this device");
  const notice = page.getByRole("region", { name: /could not be saved/ });
  await expect(notice).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByTestId("offline-status")).toBeEmpty({ timeout: 15_000 });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("1 change made offline could not be saved");
  await expect(notice.getByRole("listitem")).toHaveText(['Rating of the card "hablar"']);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Told once, and not lost with the tab: it is there after a reload until the student dismisses it.
  await page.reload();
  await expect(notice).toBeVisible(FIRST_DRAW);
  await expect(notice.getByRole("listitem")).toHaveText(['Rating of the card "hablar"']);
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("review-question")).toHaveText("comer", FIRST_DRAW);
  await page.waitForTimeout(1000);
  await expect(notice).toHaveCount(0);
});

test("a new version waits for 'Reload to update', then takes over the whole page", async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/tasks");
  await serviceWorkerInControl(page);
  // The next build's service worker: the same one, one comment longer, as the server sends it from the
  // built client (put back after the test).
  const built = path.resolve("dist/client/sw.js");
  const current = readFileSync(built, "utf8");
  writeFileSync(built, `${current}\n// next build\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  } finally {
    writeFileSync(built, current);
  }
  const prompt = page.getByRole("region", { name: "Update available" });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Waiting, not applied: the page is still under the old worker until the student chooses.
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
  ).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await Promise.all([
    page.waitForEvent("framenavigated"),
    prompt.getByRole("button", { name: "Reload to update" }).click(),
  ]);
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  await expect(prompt).toBeHidden();
  expect(
    await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(r?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
    }),
  ).toEqual({ waiting: false, controlled: true });
});
