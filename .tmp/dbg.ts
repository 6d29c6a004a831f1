import { chromium } from "@playwright/test";
import { startBenchApp } from "../bench/bench-app.ts";
const { app, base, token } = await startBenchApp();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const tok of [null, token]) {
  const context = await browser.newContext();
  if (tok) await context.addInitScript((t) => localStorage.setItem("authToken", t), tok);
  const page = await context.newPage();
  page.on("console", (m) => console.log("console", m.type(), m.text()));
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  await page.goto(`${base}/tasks`, { waitUntil: "networkidle" });
  await page.waitForTimeout(2000);
  console.log(tok ? "in" : "out", (await page.locator("body").innerText()).slice(0, 300));
  await context.close();
}
await browser.close(); await app.close();
