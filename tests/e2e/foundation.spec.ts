import { expect, test } from "@playwright/test";
import { expectToast, newStudent, signUpViaApi } from "./helpers.ts";

test("sign up, skip Canvas, see the shell, sign out and sign back in", async ({ page }) => {
  const s = newStudent("signup");
  await page.goto("/");
  await expect(page.getByText("Account Setup")).toBeVisible();
  await expect(page.getByText("Canvas Integration")).toBeVisible();

  await page.getByLabel("First name").fill(s.firstName);
  await page.getByLabel("Last name").fill(s.lastName);
  await page.getByLabel("Email").fill(s.email);
  await page.getByLabel("Username").fill(s.username);
  await page.getByLabel("Password").fill(s.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Account created successfully");

  await expect(page.getByRole("heading", { name: "Connect Your Canvas Account" })).toBeVisible();
  await page.getByRole("button", { name: "Skip for Now" }).click();
  await expectToast(page, "Setup skipped");
  await expect(page.getByText(`Welcome, ${s.firstName}`)).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();

  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill(s.email);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await page.getByLabel("Password").fill(s.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Logged in successfully");
  await expect(page.getByText(`Welcome, ${s.firstName}`)).toBeVisible();
});

test("sign-up form shows the spec's validation messages", async ({ page }) => {
  await page.goto("/onboarding");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Username").fill("a b");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username can only contain letters, numbers, and underscores.")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();
  await expect(page.getByText("First name is required")).toBeVisible();
});

test("signed-out visitors land on onboarding from any path", async ({ page }) => {
  await page.goto("/tasks");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toBeVisible();
  await page.goto("/share/some-code");
  await expect(page.getByRole("heading", { name: "Study Stats Showcase" })).toBeVisible();
  await page.goto("/header-demo");
  await expect(page.getByRole("heading", { name: "Header demo" })).toBeVisible();
  await page.goto("/auth-demo");
  await expect(page.getByRole("heading", { name: "Auth demo" })).toBeVisible();
  await page.getByRole("button", { name: "Fake sign in" }).click();
  await expect(page.getByText("Signed in as Demo Student")).toBeVisible();
});

test("change username in Settings, and a taken one is refused", async ({ page }) => {
  const other = newStudent("taken");
  const reg = await page.request.post("/api/auth/register", { data: other });
  expect(reg.status()).toBe(201);
  const { student } = await signUpViaApi(page);
  await page.goto("/settings");
  const username = page.getByLabel("Username");
  await expect(username).toHaveValue(student.username);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  const update = page.getByRole("button", { name: "Update" });
  await expect(update).toBeDisabled();

  await username.fill("no spaces allowed");
  await update.click();
  await expect(page.getByText("Username can only contain letters, numbers, and underscores.")).toBeVisible();

  await username.fill(other.username.toUpperCase());
  await update.click();
  await expectToast(page, "Update failed", "That username is already taken.");

  const fresh = `new_${Date.now().toString(36)}`;
  await username.fill(`  ${fresh} `);
  await update.click();
  await expectToast(page, "Username updated");
  await page.reload();
  await expect(page.getByLabel("Username")).toHaveValue(fresh);
});

test("every setting saves on change with a toast; the theme applies at once and survives a reload", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const saved = async () =>
    (await page.request.get("/api/settings", { headers: { authorization: `Bearer ${token}` } })).json();
  await page.goto("/settings");
  // One save model (issue 9 §3): no Save Changes button to forget.
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await page.getByRole("tab", { name: "General" }).click();
  await page.getByLabel("Theme").selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectToast(page, "Settings saved", "Your preferences have been updated.");
  await expect.poll(async () => (await saved()).theme).toBe("dark");
  await page.getByRole("switch", { name: "Auto-sync with Canvas" }).click();
  await expect.poll(async () => (await saved()).autoSync).toBe(false);
  await page.getByRole("tab", { name: "AI Settings" }).click();
  // click, not check(): the radio shows the choice once the save queued behind the Auto-sync one starts
  // (one save at a time), which check() reads as "did not change its state" on a slow machine.
  await page.getByLabel("gpt-3.5-turbo (faster)").click();
  await expect(page.getByLabel("gpt-3.5-turbo (faster)")).toBeChecked();
  await expectToast(page, "Settings saved");
  await expect.poll(async () => (await saved()).aiModel).toBe("gpt-3.5-turbo");

  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("tab", { name: "General" }).click();
  await expect(page.getByLabel("Theme")).toHaveValue("dark");
  await expect(page.getByRole("switch", { name: "Auto-sync with Canvas" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await page.getByRole("tab", { name: "AI Settings" }).click();
  await expect(page.getByLabel("gpt-3.5-turbo (faster)")).toBeChecked();
});

test("the mobile menu holds the same links", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(page).toHaveTitle("Studyhall");
  await menu.getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(menu).toBeHidden();
  // The tab (and a screen reader's announcement of it) names the page (WCAG 2.4.2), and Home again.
  await expect(page).toHaveTitle("Calendar - Studyhall");
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveTitle("Studyhall");
});
