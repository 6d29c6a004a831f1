import { expect, type Page, test } from "@playwright/test";
import { seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

/** Signed in and connected to the demo Canvas, whose current courses carry assignment groups and weights. */
async function withDemoCanvas(page: Page) {
  const { token } = await signUpViaApi(page);
  const res = await page.request.post("/api/auth/canvas/demo", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return token;
}

const savedWhatIf = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("/what-if") && r.request().method() === "PUT" && r.ok());
const savedGpa = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("/api/gpa/") && r.request().method() !== "GET" && r.ok());

test("What-If: a score recomputes the grade, survives a reload, says what a B needs, and resets", async ({
  page,
}) => {
  await withDemoCanvas(page);
  await page.goto("/courses");
  const link = page.getByRole("link", { name: "What-If grades for BIO 110: Principles of Biology" });
  await expect(link).toBeVisible();
  // Only current courses offer What-If: a completed course's grade is final.
  await expect(page.getByRole("link", { name: /^What-If grades for/ })).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);
  await link.click();
  await expect(page.getByRole("heading", { name: "BIO 110: Principles of Biology" })).toBeVisible();
  const current = page.getByRole("group", { name: "Current grade" });
  const final = page.getByRole("group", { name: "Final grade" });
  // Only Lab 3 is graded (22.5 / 25 in Labs & Projects, 50%): current 90%; the rest counts 0 in final.
  await expect(current).toContainText("90%");
  await expect(final).toContainText("37.5%");

  const quiz = page.getByLabel("What-If score for Quiz 4: Photosynthesis");
  const saved = savedWhatIf(page);
  await quiz.fill("20");
  // Quizzes (20%) at 100 joins Labs (50%) at 90: (90 * 50 + 100 * 20) / 70.
  await expect(current).toContainText("92.86%");
  await expect(current).toContainText("Without What-If: 90%");
  await expect(final).toContainText("57.5%");
  await saved;

  await page.reload();
  await expect(page.getByLabel("What-If score for Quiz 4: Photosynthesis")).toHaveValue("20");
  await expect(current).toContainText("92.86%");

  const target = page.getByLabel("Target grade (letter or %)");
  await target.fill("B+");
  await expect(page.getByTestId("needed")).toContainText(/You need [\d.]+% on the remaining work .* for B\+/);
  await target.fill("99");
  await expect(page.getByTestId("needed")).toContainText("99% is out of reach");
  await target.fill("great");
  await expect(page.getByText("Enter a letter like B+ or a percentage like 85")).toBeVisible();

  await page.getByLabel("What-If score for Reading: Chapter 5, Cellular Respiration").fill("-3");
  await expect(page.getByText("A score of 0 or more")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const reset = savedWhatIf(page);
  await page.getByRole("button", { name: "Reset What-If" }).click();
  await expect(quiz).toHaveValue("");
  await expect(current).toContainText("90%");
  await reset;
  await page.reload();
  await expect(page.getByRole("group", { name: "Current grade" })).toContainText("90%");
  await expect(page.getByLabel("What-If score for Quiz 4: Photosynthesis")).toHaveValue("");
});

test("What-If at 360 px in the dark theme with a long course name: no sideways scroll, axe clean", async ({
  page,
}) => {
  const token = await withDemoCanvas(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  const settings = await page.request.post("/api/settings", {
    headers: { authorization: `Bearer ${token}` },
    data: { aiModel: "gpt-4o", theme: "dark", autoSync: true, notificationsEnabled: true },
  });
  expect(settings.ok()).toBe(true);
  const long = `BIO 110: ${"Principles of Molecular and Cellular Biology with Laboratory ".repeat(4)}${"x".repeat(120)}`;
  await page.route("**/api/courses/*/grades", async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, name: long } });
  });
  await page.goto("/courses");
  await page.getByRole("link", { name: "What-If grades for BIO 110: Principles of Biology" }).click();
  await expect(page.getByRole("heading", { name: long })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByLabel("What-If score for Quiz 4: Photosynthesis").fill("15");
  await expect(page.getByRole("group", { name: "Current grade" })).toContainText("Without What-If");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("GPA: an edit survives a reload, a target GPA says what this term needs, Revert restores Canvas", async ({
  page,
}) => {
  await withDemoCanvas(page);
  await page.goto("/gpa");
  const stat = (label: string) => page.getByRole("region", { name: label });
  await expect(stat("Current GPA")).toContainText("3.08");

  const econ = page.getByLabel("Grade for ECON 101: Principles of Microeconomics");
  let saved = savedGpa(page);
  await econ.selectOption("A");
  await expect(stat("Current GPA")).toContainText("3.75");
  await saved;
  saved = savedGpa(page);
  await page.getByRole("button", { name: "Remove ART 120: Drawing I" }).click();
  await saved;

  // PSYC 3.3, HIST 3.7, CS 4.0, ECON 4.0 over 12 credits; four current courses of 3 credits each:
  // (3.5 * 24 - 45) / 12 = 3.25 on average this term.
  const target = page.getByLabel("Target GPA");
  saved = savedGpa(page);
  await target.fill("3.5");
  await target.press("Enter");
  await expect(page.getByTestId("gpa-needed")).toContainText("You need 3.25 grade points on average");
  await expect(page.getByTestId("gpa-needed")).toContainText("B+ or better");
  await saved;
  // BIO at 6 credits: 15 this term, (3.5 * 27 - 45) / 15 = 3.30.
  const bioCredits = page.getByLabel("Credits this term for BIO 110: Principles of Biology");
  await expect(bioCredits).toHaveValue("3");
  saved = savedGpa(page);
  await bioCredits.fill("6");
  await bioCredits.blur();
  await expect(page.getByTestId("gpa-needed")).toContainText(
    "You need 3.30 grade points on average over this term's 15 credits",
  );
  await saved;

  await page.reload();
  await expect(stat("Current GPA")).toContainText("3.75");
  await expect(page.getByLabel("Grade for ECON 101: Principles of Microeconomics")).toHaveValue("A");
  await expect(page.getByText("ART 120: Drawing I")).toBeHidden();
  await expect(page.getByLabel("Target GPA")).toHaveValue("3.5");
  await expect(page.getByLabel("Credits this term for BIO 110: Principles of Biology")).toHaveValue("6");
  await target.fill("5");
  await expect(page.getByText("Enter a GPA from 0 to 4")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  saved = savedGpa(page);
  await page.getByRole("button", { name: "Revert to Original" }).click();
  await expect(stat("Current GPA")).toContainText("3.08");
  await saved;
  await page.reload();
  await expect(stat("Current GPA")).toContainText("3.08");
  await expect(page.getByLabel("Grade for ECON 101: Principles of Microeconomics")).toHaveValue("D+");
  await expect(page.getByText("ART 120: Drawing I")).toBeVisible();
  await expect(page.getByLabel("Credits this term for BIO 110: Principles of Biology")).toHaveValue("3");
});
