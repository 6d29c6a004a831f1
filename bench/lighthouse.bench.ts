// Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) on every route, signed out (/) and
// signed in, in the light and the dark theme, each run in a fresh Chromium profile (empty cache).
// Prints performance and accessibility per route with what failed. Needs a built client (npx vite build).
// Targets (issue 9): performance >= 95 and accessibility 100 everywhere; exits 1 when one is missed.
// Usage: npm run bench:lighthouse [-- --theme light|dark] [-- --route /tasks] [-- --reports DIR (full JSON)]
// Scores depend on this machine's speed: compare runs on the same machine, not with another one's.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SIGNED_IN_ROUTES, startBenchApp } from "./bench-app.ts";

const PERFORMANCE_TARGET = 95;
const ACCESSIBILITY_TARGET = 100;
const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const themes = option("theme") ? [option("theme")!] : ["light", "dark"];
const onlyRoute = option("route");
const reportDir = option("reports");

const { app, base, token } = await startBenchApp();

interface Row {
  label: string;
  theme: string;
  performance: number;
  accessibility: number;
  metrics: string;
  failed: string[];
}

async function audit(path: string, theme: string, signedIn: boolean): Promise<Row> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    // A returning student: signed in, with what the app keeps in local storage after a visit (the
    // session's user included), but nothing in the HTTP cache, so the audited load fetches every file.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(
      ([t, th]) => {
        localStorage.setItem("theme", th!);
        if (t) localStorage.setItem("authToken", t);
      },
      [signedIn ? token : null, theme],
    );
    if (signedIn) {
      await page.goto(`${base}/`);
      await page.waitForLoadState("networkidle");
      if (!(await page.evaluate(() => localStorage.getItem("sessionUser")))) {
        throw new Error("the app kept no session user after a signed-in visit");
      }
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.close();
    await browser.close();

    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      // Keep the token and theme set above; the HTTP cache is empty anyway (fresh profile).
      disableStorageReset: true,
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    if (reportDir) {
      const name = `${path.replace(/\W+/g, "_") || "_"}-${signedIn ? "in" : "out"}-${theme}.json`;
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, name), JSON.stringify(result.lhr));
    }
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
    const failed = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .filter((a) => categories.accessibility!.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    return {
      label: signedIn ? path : `${path} (signed out)`,
      theme,
      performance: Math.round((categories.performance!.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility!.score ?? 0) * 100),
      metrics: `FCP ${ms("first-contentful-paint")} LCP ${ms("largest-contentful-paint")} TBT ${ms("total-blocking-time")} CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}`,
      failed,
    };
  } finally {
    chrome.kill();
  }
}

const runs: [string, boolean][] = [
  ["/", false],
  ...SIGNED_IN_ROUTES.map((r): [string, boolean] => [r, true]),
];
const rows: Row[] = [];
for (const [path, signedIn] of runs.filter(([p]) => !onlyRoute || p === onlyRoute)) {
  for (const theme of themes) rows.push(await audit(path, theme, signedIn));
}
await app.close();

console.log(`Lighthouse ${"(mobile, simulated throttling)"}, ${base}`);
console.log(
  `${"route".padEnd(18)}${"theme".padEnd(7)}${"perf".padStart(5)}${"a11y".padStart(6)}  metrics (ms)`,
);
let missed = 0;
for (const r of rows) {
  const ok = r.performance >= PERFORMANCE_TARGET && r.accessibility >= ACCESSIBILITY_TARGET;
  if (!ok) missed++;
  console.log(
    `${r.label.padEnd(18)}${r.theme.padEnd(7)}${String(r.performance).padStart(5)}${String(r.accessibility).padStart(6)}  ${r.metrics}${ok ? "" : "  MISSED"}`,
  );
  if (r.failed.length) console.log(`    accessibility: ${r.failed.join(", ")}`);
}
console.log(
  `\n${rows.length - missed} of ${rows.length} runs meet performance >= ${PERFORMANCE_TARGET} and accessibility ${ACCESSIBILITY_TARGET}`,
);
process.exit(missed ? 1 : 0);
