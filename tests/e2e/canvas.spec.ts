import { expect, type Page, test } from "@playwright/test";
import { expectToast, newStudent, seriousViolations, signUpViaApi } from "./helpers.ts";

/** A new student who has an account but has not finished onboarding (the Canvas step is next). */
async function registerOnly(page: Page) {
  const student = newStudent("canvas");
  const res = await page.request.post("/api/auth/register", { data: student });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => {
    if (!localStorage.getItem("authToken")) localStorage.setItem("authToken", t);
  }, token);
  return { student, token };
}

/** Signed in, onboarded and connected to the demo Canvas through the API. */
async function withDemoCanvas(page: Page) {
  const { token } = await signUpViaApi(page);
  const res = await page.request.post("/api/auth/canvas/demo", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return token;
}

test("onboarding step 2: validation, a refused address, then the demo Canvas", async ({ page }) => {
  const { student } = await registerOnly(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Connect Your Canvas Account" })).toBeVisible();
  await expect(page.getByText("How do I get a Canvas API token?")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Connect Canvas" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "Please provide both a Canvas API token and domain.",
  );
  // Each problem is said once (issue 9 §3): the summary, then what each blank field needs.
  await expect(page.getByText("Please provide both a Canvas API token and domain.")).toHaveCount(1);
  await expect(page.getByText("Select your university.")).toHaveCount(1);
  await expect(page.getByText("Enter your Canvas API token.")).toHaveCount(1);
  // A stale problem goes as soon as the student edits.
  await page.getByLabel("API Token").fill("1~abc");
  await expect(page.getByText("Please provide both a Canvas API token and domain.")).toHaveCount(0);
  await expect(page.getByText("Enter your Canvas API token.")).toHaveCount(0);

  const university = page.getByLabel("University");
  await university.selectOption({ label: "University of Michigan" });
  await expect(page.getByLabel("Canvas URL")).toBeHidden();
  await university.selectOption({ label: "Other/Custom Canvas URL" });
  await page.getByLabel("Canvas URL").fill("127.0.0.1");
  await page.getByLabel("API Token").fill("1~not-a-real-token");
  await page.getByRole("button", { name: "Connect Canvas" }).click();
  await expect(page.getByRole("alert").first()).toHaveText(
    "Enter your school's Canvas host name, not an IP address.",
  );

  await page.getByRole("button", { name: "Try with demo data" }).click();
  await expectToast(page, "Canvas connected successfully", "Imported 9 courses and 17 assignments.");
  await expect(page.getByText(`Welcome, ${student.firstName}`).first()).toBeVisible();
  await page.goto("/onboarding");
  await expect(page.getByRole("heading", { name: `Welcome, ${student.firstName}!` })).toBeVisible();
});

test("My Courses groups courses by state with the spec's score colours and opens Canvas", async ({
  page,
}) => {
  await withDemoCanvas(page);
  await page.goto("/courses");
  await expect(page.getByRole("heading", { name: "Active Courses (4)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Completed Courses (5)" })).toBeVisible();
  const card = (name: string) => page.getByRole("link", { name: new RegExp(`^${name}`) });
  const expectScore = async (name: string, text: string, tone: string) => {
    const badge = card(name).locator("[data-tone]");
    await expect(badge).toHaveText(text);
    await expect(badge).toHaveAttribute("data-tone", tone);
  };
  await expectScore("BIO 110", "93.4%", "green");
  await expectScore("CHEM 121", "84.1%", "blue");
  await expectScore("MATH 151", "76.5%", "yellow");
  await expectScore("ENGL 102", "N/A", "gray");
  await expectScore("PSYC 101", "B+", "blue");
  await expectScore("ECON 101", "D+", "red");
  await expectScore("CS 110", "97.6%", "green");
  await expectScore("ART 120", "N/A", "gray");
  await expect(card("BIO 110")).toContainText("Current:");
  await expect(card("PSYC 101")).toContainText("Final:");

  const bio = card("BIO 110");
  await expect(bio).toHaveAttribute("target", "_blank");
  const [popup] = await Promise.all([page.waitForEvent("popup"), bio.click()]);
  await expect(popup.getByRole("heading", { name: "BIO 110: Principles of Biology" })).toBeVisible();
  await popup.close();
  expect(await seriousViolations(page)).toEqual([]);
});

test("GPA: edit a grade and credits, remove a course, then revert", async ({ page }) => {
  await withDemoCanvas(page);
  await page.goto("/gpa");
  const stat = (label: string) => page.getByRole("region", { name: label });
  // PSYC B+ 3.3, HIST A- 3.7, CS 97.6% -> A+ 4.0, ECON D+ 1.3 (3 credits each); ART has no grade.
  await expect(stat("Current GPA")).toContainText("3.08");
  await expect(stat("Total Credit Hours")).toContainText("12");
  await expect(stat("Courses Included")).toContainText("4");

  await page.getByLabel("Grade for ECON 101: Principles of Microeconomics").selectOption("A");
  await expect(stat("Current GPA")).toContainText("3.75");
  const credits = page.getByLabel("Credits for CS 110: Introduction to Programming");
  await credits.fill("6");
  await expect(stat("Current GPA")).toContainText("3.80");
  await expect(stat("Total Credit Hours")).toContainText("15");
  await credits.fill("9");
  await credits.blur();
  await expect(credits).toHaveValue("6");
  await credits.fill(""); // nothing numeric: falls back to 3 credits
  await expect(stat("Total Credit Hours")).toContainText("12");
  await credits.blur();
  await expect(credits).toHaveValue("3");

  await page.getByRole("button", { name: "Remove HIST 105: World History to 1500" }).click();
  await expect(page.getByText("HIST 105: World History to 1500")).toBeHidden();
  await expect(stat("Courses Included")).toContainText("3");

  await page.getByRole("button", { name: "Revert to Original" }).click();
  await expect(stat("Current GPA")).toContainText("3.08");
  await expect(stat("Courses Included")).toContainText("4");
  await expect(page.getByText("HIST 105: World History to 1500")).toBeVisible();
  await expect(page.getByLabel("Grade for ECON 101: Principles of Microeconomics")).toHaveValue("D+");
  expect(await seriousViolations(page)).toEqual([]);
});

test("Settings > Integrations: connect the demo, see it connected, update token, disconnect", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Integrations" }).click();
  await page.getByRole("button", { name: "Connect Canvas" }).click();
  await expectToast(page, "Missing information", "Please provide both a Canvas API token and domain.");

  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Try with demo data" }).click();
  await expectToast(page, "Canvas connected successfully");
  await expect(page.getByText("Connected to the Studyhall demo Canvas")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Update Token" }).click();
  await expect(page.getByLabel("API Token")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Disconnect" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect Canvas?" });
  await expect(dialog.getByText(/stay in your task list/)).toBeVisible();
  // The box matches its text: unticked, so the imported assignments (and their completion marks) stay.
  await expect(dialog.getByLabel("Also delete the assignments imported from Canvas")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expectToast(page, "Canvas disconnected", "Your 17 imported assignments stay in your task list.");
  await expect(page.getByLabel("University")).toBeVisible();

  await page.goto("/courses");
  await expect(page.getByText("No courses found")).toBeVisible();
  await expect(page.getByText("Connect your Canvas account in Settings to view your courses.")).toBeVisible();
});

test("My Courses and GPA show loading skeletons, then their empty states", async ({ page }) => {
  await signUpViaApi(page);
  // Canvas answers are held until the skeleton has been seen: a fixed delay raced the lazy route chunk
  // (and the route-level prefetch) on a loaded machine.
  let release = () => {};
  let gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route("**/api/canvas/**", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/courses");
  await expect(page.getByRole("status", { name: "Loading courses" })).toBeVisible();
  release();
  await expect(page.getByText("No courses found")).toBeVisible();
  gate = new Promise<void>((r) => {
    release = r;
  });
  await page.goto("/gpa");
  await expect(page.getByRole("status", { name: "Loading GPA" })).toBeVisible();
  release();
  await expect(page.getByText("No courses found")).toBeVisible();
});

test("My Courses shows 'Canvas Authentication Required' when Canvas refuses a refresh", async ({ page }) => {
  await withDemoCanvas(page);
  await page.route("**/api/canvas/courses?refresh=true", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: "Failed to sync Canvas data. Please check your credentials.",
        code: "canvas_auth",
      }),
    }),
  );
  await page.goto("/courses");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Canvas Authentication Required")).toBeVisible();
  await expect(page.getByRole("link", { name: "Settings" }).last()).toBeVisible();
});
