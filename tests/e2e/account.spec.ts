import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { expectToast, seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

// Issue 27 "Accounts students control", in the browser: change password, devices, download, delete.
test("Settings → Account: change password, sign out a device, download my data, delete my account", async ({
  page,
}) => {
  // One long journey (four features, an axe pass and a download) on a shared CI machine.
  test.setTimeout(180_000);
  const { student, token } = await signUpViaApi(page);
  // A second device, signed in with its own browser.
  const phone = await page.request.post("/api/auth/login", {
    data: { email: student.email, password: student.password },
    headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1" },
  });
  const phoneToken = (await phone.json()).token as string;
  const asPhone = { authorization: `Bearer ${phoneToken}` };

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/settings?tab=account");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices).toContainText("(this device)");
  await expect(devices).toContainText("Safari on iOS");

  // 360 px: nothing wider than the screen; and no axe violations.
  const overflow = await sidewaysOverflow(page);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Delete my account..." }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Cancel" }).click();

  // Sign the phone out.
  await devices.getByRole("button", { name: /Sign out Safari on iOS/ }).click();
  await expectToast(page, "Device signed out");
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  expect((await page.request.get("/api/auth/user", { headers: asPhone })).status()).toBe(401);

  // Change password: a wrong current one is refused, then the right one works.
  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password").fill("a brand new one");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That password is not correct." })).toBeVisible();
  await page.getByLabel("Current password").fill(student.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Password changed", "Your other devices have been signed out.");
  const relogin = await page.request.post("/api/auth/login", {
    data: { email: student.email, password: "a brand new one" },
  });
  expect(relogin.status()).toBe(200);

  // Download my data: a ZIP with the manifest and this student's account.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^studyhall-data-\d{4}-\d\d-\d\d\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  const manifest = JSON.parse(new TextDecoder().decode(zip["manifest.json"]));
  expect(manifest.format).toBe("studyhall-account-export");
  const users = JSON.parse(new TextDecoder().decode(zip["data/users.json"]));
  expect(users[0].email).toBe(student.email);

  // Delete my account: the password confirms it; afterwards the student is signed out and gone.
  await page.getByRole("button", { name: "Delete my account..." }).click();
  await page.getByLabel("Your password, to confirm").fill("a brand new one");
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  expect(
    (await page.request.get("/api/auth/user", { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(401);
  const gone = await page.request.post("/api/auth/login", {
    data: { email: student.email, password: "a brand new one" },
  });
  expect(gone.status()).toBe(401);
});
