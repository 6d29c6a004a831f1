import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { resetTokenIn, type SmtpSink, startSmtpSink } from "../fixtures/smtp-sink.ts";
import {
  freePort,
  registerOverHttp,
  type ServerProcess,
  spawnServer,
  waitForHealth,
} from "../server-process.ts";

// Issue 27: password reset by email. The suite's web server has no SMTP_URL (no 'Forgot password?');
// the journey runs its own server (the build the web server made) with the project's SMTP sink.

let sink: SmtpSink;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sink = await startSmtpSink();
  dataDir = mkdtempSync(path.join(tmpdir(), "studyhall-reset-"));
  const port = await freePort();
  server = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: sink.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CHECK_RESPONSES: "true",
    MAX_EVENT_LOOP_DELAY_MS: "0",
  });
  await waitForHealth(server);
});

test.afterAll(async () => {
  server?.child.kill();
  await server?.exited;
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectFitsScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("without SMTP the sign-in form offers no 'Forgot password?'", async ({ page }) => {
  const availability = page.waitForResponse((r) => r.url().endsWith("/api/auth/password-reset"));
  await page.goto("/");
  await page.getByRole("tab", { name: "Sign In" }).click();
  expect(await (await availability).json()).toEqual({ available: false });
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Forgot password?" })).toHaveCount(0);
});

test("forgot password: the email's link sets a new password once, at 360 px, by keyboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `reset${Date.now().toString(36)}`;
  const email = `${tag}@school.edu`;
  await registerOverHttp(server.url, tag);
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto(`${server.url}/`);
  await page.getByRole("tab", { name: "Sign In" }).click();
  const forgot = page.getByRole("button", { name: "Forgot password?" });
  await expect(forgot).toBeVisible();
  await forgot.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  // The email field has the focus: type and send with Enter.
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type("not an email");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Enter a valid email")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
  await page.getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("button", { name: "Forgot password?" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expectFitsScreen(page);
  await expectAxeClean(page);

  // Two links were asked for: the second (newest) is used; the first ended with it.
  await sink.next(email, 0);
  const token = resetTokenIn(await sink.next(email, 1));
  expect(token).not.toBeNull();
  const link = `${server.url}/reset-password#token=${token}`;

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toBeFocused();
  await page.keyboard.type("a new horse");
  await page.keyboard.press("Tab");
  await page.keyboard.type("a new hose");
  await page.keyboard.press("Enter");
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await expectFitsScreen(page);
  await expectAxeClean(page);
  await page.getByLabel("New password again").fill("a new horse");
  await page.getByRole("button", { name: "Set new password" }).click();

  // Sent to sign in, told why.
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByText("Your password is changed. Sign in with your new password.")).toBeVisible();
  await expectAxeClean(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a new horse");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Logged in successfully").first()).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another one");
  await page.getByLabel("New password again").fill("another one");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "expired or was already used" })).toBeVisible();
});

test("a reset link without its token says so", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${server.url}/reset-password`);
  await expect(page.getByRole("alert")).toContainText("This link is incomplete");
  await expect(page.getByRole("link", { name: "Back to sign in" })).toBeVisible();
  await expectAxeClean(page);
});
