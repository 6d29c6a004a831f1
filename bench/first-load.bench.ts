// JavaScript a student downloads on a first visit: every route loaded in a fresh Chromium profile (empty
// cache), signed out (/) and signed in (each shell route), with the bytes taken from Chromium's network log
// (encoded body size, i.e. gzip/br as served). Also lists modules that were modulepreloaded but never
// evaluated on that route (fetched for nothing). Needs a built client (npx vite build) and Chromium.
// Budgets (issue 9): signed-out landing <= 120 KB, every route <= 150 KB, none preloaded unused.
// The browser is made to ask for gzip (the budgets are gzip figures); --br lets it ask for brotli as it
// does by default, to see what students actually download.
// Usage: npm run bench:first-load [-- --br] [-- --files (list every script per route)]   (exits 1 when a budget is missed)
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import { benchArgs } from "./args.ts";
import { SIGNED_IN_ROUTES, startBenchApp } from "./bench-app.ts";

const KB = 1000;
const { files: VERBOSE, br } = benchArgs({ flags: ["files", "br"] });
const ACCEPT = br ? null : "gzip, deflate";
const LANDING_BUDGET = 120 * KB;
const ROUTE_BUDGET = 150 * KB;

const { app, base, token } = await startBenchApp();

interface Row {
  label: string;
  scripts: number;
  transferred: number;
  decoded: number;
  encodings: Set<string>;
  files: { name: string; bytes: number }[];
  unusedPreloads: string[];
  budget: number;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});

async function measure(label: string, path: string, token: string | null, budget: number): Promise<Row> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(ACCEPT ? { extraHTTPHeaders: { "accept-encoding": ACCEPT } } : {}),
  });
  if (token) await context.addInitScript((t) => localStorage.setItem("authToken", t), token);
  const page: Page = await context.newPage();
  const row: Row = {
    label,
    scripts: 0,
    transferred: 0,
    decoded: 0,
    encodings: new Set(),
    files: [],
    unusedPreloads: [],
    budget,
  };
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    if (!new URL(request.url()).pathname.endsWith(".js")) return;
    pending.push(
      (async () => {
        const response = await request.response();
        const { responseBodySize } = await request.sizes();
        row.scripts += 1;
        row.transferred += responseBodySize;
        row.files.push({
          name: new URL(request.url()).pathname.replace("/assets/", ""),
          bytes: responseBodySize,
        });
        row.encodings.add((await response?.headerValue("content-encoding")) ?? "identity");
      })(),
    );
  });
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  await page.locator("h1, h2").first().waitFor();
  const coverage = await page.coverage.stopJSCoverage();
  await Promise.all(pending);
  // Uncompressed size, i.e. what the browser parses (Resource Timing; same origin, so it is exposed).
  row.decoded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.endsWith(".js"))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).decodedBodySize, 0),
  );
  // A module's top-level function that never ran was fetched and compiled for nothing on this route.
  const preloaded = await page.$$eval('link[rel="modulepreload"]', (links) =>
    links.map((l) => (l as HTMLLinkElement).href),
  );
  for (const href of preloaded) {
    const entry = coverage.find((c) => c.url === href);
    const evaluated = entry?.functions.some((f) => f.functionName === "" && f.ranges[0]?.count);
    if (!evaluated) row.unusedPreloads.push(new URL(href).pathname.replace("/assets/", ""));
  }
  await context.close();
  return row;
}

const rows: Row[] = [await measure("/ (signed out)", "/", null, LANDING_BUDGET)];
for (const path of SIGNED_IN_ROUTES) rows.push(await measure(path, path, token, ROUTE_BUDGET));
await browser.close();
await app.close();

const kb = (n: number) => (n / KB).toFixed(1);
const cols: [string, number][] = [
  ["route", 16],
  ["scripts", 8],
  ["JS KB sent", 11],
  ["JS KB raw", 10],
  ["encoding", 10],
  ["budget KB", 10],
  ["verdict", 8],
];
const line = (cells: (string | number)[]) =>
  cells
    .map((c, i) => {
      const width = cols[i]?.[1] ?? 10;
      return i === 0 ? String(c).padEnd(width) : String(c).padStart(width);
    })
    .join("");
console.log(`First load, empty cache, JS as served (1 KB = 1000 bytes), ${base}`);
console.log(line(cols.map(([name]) => name)));
let missed = 0;
for (const r of rows) {
  const ok = r.transferred <= r.budget && r.unusedPreloads.length === 0;
  if (!ok) missed++;
  console.log(
    line([
      r.label,
      r.scripts,
      kb(r.transferred),
      kb(r.decoded),
      [...r.encodings].join("+"),
      kb(r.budget),
      ok ? "met" : "MISSED",
    ]),
  );
  if (VERBOSE) {
    for (const f of r.files.sort((a, b) => b.bytes - a.bytes))
      console.log(`    ${kb(f.bytes).padStart(6)}  ${f.name}`);
  }
  if (r.unusedPreloads.length) console.log(`  preloaded, never evaluated: ${r.unusedPreloads.join(", ")}`);
}
console.log(`\n${rows.length - missed} of ${rows.length} routes within budget`);
process.exit(missed ? 1 : 0);
