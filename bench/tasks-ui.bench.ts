// How the planner's screens cope in Chromium (issue 26 Benchmarks):
// 1. the task list with 2,000 tasks: open /tasks, type into the search box one key at a time, and report
//    input latency (Event Timing API: from key press to the next paint) and how long the list takes to
//    show the filtered result;
// 2. quick add in the New Task dialog: the time of each keystroke of a whole phrase until the preview
//    has been drawn, and its Event Timing;
// 3. the calendar with 500 items: time to draw a month holding them and a week holding them (switching
//    Month/Week, timed in the page from the click to the second frame after it).
// Needs a built client (npx vite build) and Chromium.
// Usage: node --import tsx bench/tasks-ui.bench.ts [--tasks 2000] [--items 500] [--cpu 4]
import { chromium } from "@playwright/test";
import { buildApp } from "#server/app.ts";
import { defaultClientDir } from "#server/config.ts";
import { tasks as tasksTable } from "#server/db/schema/index.ts";
import { createUser } from "#tests/factories.ts";
import { testConfig } from "#tests/test-app.ts";
import { benchArgs } from "./args.ts";

const {
  tasks: TASKS,
  items: ITEMS,
  cpu: CPU_SLOWDOWN,
} = benchArgs({ numbers: { tasks: 2000, items: 500, cpu: 1 } });
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

/** Sunday 00:00 (local) of this week: the calendar's weeks start on Sunday. */
const weekStart = new Date();
weekStart.setHours(0, 0, 0, 0);
weekStart.setDate(weekStart.getDate() - weekStart.getDay());
/** A student whose ITEMS tasks are all due in `days` days from `from`, spread over the daytime hours. */
async function calendarStudent(from: Date, days: number) {
  const who = await createUser(app);
  await app.inject({
    method: "POST",
    url: "/api/auth/onboarding",
    headers: who.headers,
    payload: { isOnboarded: true },
  });
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const due = new Date(from);
    due.setDate(due.getDate() + (i % days));
    due.setHours(8 + (i % 12), (i * 7) % 60, 0, 0);
    return {
      userId: who.user.id,
      title: `${words[i % words.length]} ${i}`,
      dueDate: due,
      priority: "medium" as const,
    };
  });
  await app.db.insert(tasksTable).values(items);
  return who;
}
// The month: its first 28 days; the week: this week only.
const inMonth = await calendarStudent(new Date(new Date().getFullYear(), new Date().getMonth(), 1), 28);
const inWeek = await calendarStudent(weekStart, 7);

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

// Quick add: the New Task dialog opens on its quick-add line; each key until the preview is drawn.
const PHRASE = "Lab report fri 5pm #BIO210 !high every week";
await page.evaluate(() => {
  (window as unknown as { __inputDelays: number[] }).__inputDelays = [];
});
await page.locator("#new-task-button").click();
const quick = page.locator("#task-quick-add");
await quick.waitFor();
const twoFrames = () =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const quickKeys: number[] = [];
for (const ch of PHRASE) {
  const before = performance.now();
  await quick.press(ch === " " ? "Space" : ch);
  await twoFrames();
  quickKeys.push(performance.now() - before);
}
await page.locator('[data-testid="quick-add-preview"]').getByText("High", { exact: false }).waitFor();
const quickDelays = await page.evaluate(
  () => (window as unknown as { __inputDelays: number[] }).__inputDelays,
);
await page.keyboard.press("Escape");

/**
 * Opens /calendar as `who` (the month view) and times drawing the items: from navigation to the first
 * chip, then ROUNDS switches to `view` and back, each timed in the page from the click to two frames later.
 */
async function calendarDraw(who: { token: string }, view: "Month" | "Week") {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await ctx.newPage();
  if (CPU_SLOWDOWN > 1) {
    const cdp = await ctx.newCDPSession(p);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  }
  await p.addInitScript((token) => localStorage.setItem("authToken", token), who.token);
  const started = Date.now();
  await p.goto(`${base}/calendar`);
  await p.getByTestId("calendar-chip").first().waitFor();
  const firstMs = Date.now() - started;
  const other = view === "Month" ? "Week" : "Month";
  const times: number[] = [];
  for (let round = 0; round < 6; round++) {
    for (const name of round === 0 && view === "Month" ? [other, view] : [view, other]) {
      const ms = await p.evaluate((label) => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === label);
        const t0 = performance.now();
        button?.click();
        return new Promise<number>((r) =>
          requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))),
        );
      }, name);
      if (name === view) times.push(ms);
    }
  }
  const chips = await p.getByTestId("calendar-chip").count();
  await ctx.close();
  return { firstMs, times, chips };
}
const monthDraw = await calendarDraw(inMonth, "Month");
const weekDraw = await calendarDraw(inWeek, "Week");

const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};
console.log(`tasks: ${TASKS}, CPU slowdown: ${CPU_SLOWDOWN}x, rows drawn at first: ${rowsDrawn}`);
console.log(`first list on screen after navigation: ${firstListMs} ms`);
console.log(
  `typing "${QUERY}": list settled after each key in avg ${avg(perKey).toFixed(0)} ms, max ${max(perKey)} ms`,
);
console.log(
  `key events slower than 16 ms (Event Timing): ${delays.length}, worst ${max(delays).toFixed(0)} ms`,
);
console.log(`rows shown for the query: ${matches}`);
console.log(
  `quick add "${PHRASE}" (${PHRASE.length} keys): key to preview drawn avg ${avg(quickKeys).toFixed(1)} ms, median ${median(quickKeys).toFixed(1)} ms, max ${max(quickKeys).toFixed(1)} ms`,
);
console.log(
  `quick add key events slower than 16 ms (Event Timing): ${quickDelays.length}, worst ${max(quickDelays).toFixed(0)} ms`,
);
for (const [name, d] of [
  ["month", monthDraw],
  ["week", weekDraw],
] as const) {
  console.log(
    `calendar ${name} with ${ITEMS} items: first chip ${d.firstMs} ms after navigation; drawn after a switch median ${median(d.times).toFixed(1)} ms, max ${max(d.times).toFixed(1)} ms (${d.times.length} draws, ${d.chips} chips)`,
  );
}
await browser.close();
await app.close();
