import { expect, test } from "@playwright/test";
import { expectToast, newStudent, signUpViaApi } from "./helpers.ts";

test("a session revoked elsewhere: the next action lands on onboarding with a message", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await page.goto("/tasks");
  await expect(page.getByRole("heading", { level: 1, name: "Tasks and Assignments" })).toBeVisible();
  // The shell's deferred requests (time-zone report, achievements) go out after first paint: let them finish,
  // or one of them meets the 401 before the click this test makes.
  await page.waitForLoadState("networkidle");

  // Signed out on another device: the server deletes the session this browser still holds.
  const out = await page.request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  expect(out.status()).toBe(200);

  await page.getByRole("button", { name: "New Task" }).click();
  await page.getByLabel("Title").fill("Read chapter 4");
  await page.getByRole("button", { name: "Add Task" }).click();

  await expectToast(page, "Your session has expired. Please sign in again.");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tasks and Assignments" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
});

test("a reload draws the last signed-in user at once, and a session revoked meanwhile still signs out", async ({
  page,
}) => {
  const { student, token } = await signUpViaApi(page);
  await page.goto("/tasks");
  await expect(page.getByRole("heading", { level: 1, name: "Tasks and Assignments" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("sessionUser") ?? "null"));
  expect(saved).toMatchObject({ token, user: { username: student.username, isOnboarded: true } });

  // The session check held back: the page is drawn without waiting for it.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/auth/user", async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Tasks and Assignments" })).toBeVisible();
  const checked = page.waitForResponse("**/api/auth/user");
  answer();
  expect((await checked).status()).toBe(200);
  await page.unroute("**/api/auth/user");

  const out = await page.request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  expect(out.status()).toBe(200);
  await page.reload();
  await expectToast(page, "Your session has expired. Please sign in again.");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tasks and Assignments" })).toHaveCount(0);
  expect(
    await page.evaluate(() => [localStorage.getItem("authToken"), localStorage.getItem("sessionUser")]),
  ).toEqual([null, null]);
});

test("sign-up with a taken email or username says so beside the field", async ({ page }) => {
  const taken = newStudent("taken");
  expect((await page.request.post("/api/auth/register", { data: taken })).status()).toBe(201);
  const s = newStudent("second");
  await page.goto("/");
  await page.getByLabel("First name").fill(s.firstName);
  await page.getByLabel("Last name").fill(s.lastName);
  await page.getByLabel("Email").fill(taken.email);
  await page.getByLabel("Username").fill(s.username);
  await page.getByLabel("Password").fill(s.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("An account with this email already exists.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email").fill(s.email);
  await page.getByLabel("Username").fill(taken.username.toUpperCase());
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("That username is already taken.")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
});
