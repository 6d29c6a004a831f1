// How the task list copes with 2,000 tasks: open /tasks, type into the search box one key at a time, and
// report input latency (Event Timing API: from key press to the next paint) and how long the list takes
// to show the filtered result. Needs a built client (npx vite build) and Chromium.
// Usage: node --import tsx bench/tasks-ui.bench.ts [--tasks 2000] [--cpu 4]
import { chromium } from "@playwright/test";
import { buildApp } from "#server/app.ts";
import { defaultClientDir } from "#server/config.ts";
import { tasks as tasksTable } from "#server/db/schema/index.ts";
import { createUser } from "#tests/factories.ts";
import { testConfig } from "#tests/test-app.ts";
import { benchArgs } from "./args.ts";

const { tasks: TASKS, cpu: CPU_SLOWDOWN } = benchArgs({ numbers: { tasks: 2000, cpu: 1 } });
const QUERY = "essay 1";

const app = await buildApp(testConfig({ clientDir: defaultClientDir }));
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
const student = await createUser(app);
await app.inject({
  method: "POST",
  url: "/api/auth/onboarding",
  headers: student.headers,
  payload: { isOnboarded: true },
});

const words = ["Essay", "Lab report", "Reading", "Problem set", "Quiz prep", "Project"];
const rows = Array.from({ length: TASKS }, (_, i) => ({
  userId: student.user.id,
  title: `${words[i % words.length]} ${i}`,
  description: `<p>Part ${i} of the coursework, with <b>markup</b> &amp; entities like Canvas sends.</p>`,
  dueDate: i % 5 === 0 ? null : new Date(Date.now() + (i - 200) * 3_600_000),
  priority: (["high", "medium", "low"] as const)[i % 3],
  completed: i % 7 === 0,
}));
for (let i = 0; i < rows.length; i += 500) await app.db.insert(tasksTable).values(rows.slice(i, i + 500));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
if (CPU_SLOWDOWN > 1) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}
await page.addInitScript((token) => {
  localStorage.setItem("authToken", token);
  const w = window as unknown as { __inputDelays: number[] };
  w.__inputDelays = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === "keydown" || e.name === "keypress") w.__inputDelays.push(e.duration);
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}, student.token);

const started = Date.now();
await page.goto(`${base}/tasks`);
await page.getByTestId("task-row").first().waitFor();
const firstListMs = Date.now() - started;
const rowsDrawn = await page.getByTestId("task-row").count();

const box = page.getByRole("searchbox", { name: "Search tasks" });
await box.click();
const perKey: number[] = [];
for (const ch of QUERY) {
  const before = Date.now();
  await box.press(ch === " " ? "Space" : ch);
  // The list has caught up when it is no longer marked busy (useDeferredValue settled).
  await page.locator('[aria-busy="false"]').waitFor();
  perKey.push(Date.now() - before);
}
await page.waitForTimeout(300);
const delays = await page.evaluate(() => (window as unknown as { __inputDelays: number[] }).__inputDelays);
const matches = await page.getByTestId("task-row").count();

const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
console.log(`tasks: ${TASKS}, CPU slowdown: ${CPU_SLOWDOWN}x, rows drawn at first: ${rowsDrawn}`);
console.log(`first list on screen after navigation: ${firstListMs} ms`);
console.log(
  `typing "${QUERY}": list settled after each key in avg ${avg(perKey).toFixed(0)} ms, max ${max(perKey)} ms`,
);
console.log(
  `key events slower than 16 ms (Event Timing): ${delays.length}, worst ${max(delays).toFixed(0)} ms`,
);
console.log(`rows shown for the query: ${matches}`);
await browser.close();
await app.close();
