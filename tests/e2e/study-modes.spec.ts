import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

const CARDS = [
  { question: "Capital of France", answer: "Paris", hint: "City of light" },
  { question: "Capital of Italy", answer: "Rome" },
  { question: "Capital of Norway", answer: "Oslo" },
  { question: "Capital of Spain", answer: "Madrid" },
];
const answerOf = (question: string) => CARDS.find((c) => c.question === question)!.answer;

/** A study set with one flashcard set of CARDS, through the API. */
async function seed(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const res = await page.request.post("/api/study/sets", { headers, data: { title: "Geography" } });
  const studySetId = ((await res.json()) as { id: number }).id;
  const fs = await page.request.post(`/api/study/sets/${studySetId}/flashcard-sets`, {
    headers,
    data: { title: "Capitals" },
  });
  const setId = ((await fs.json()) as { id: number }).id;
  for (const card of CARDS) {
    const c = await page.request.post(`/api/study/flashcard-sets/${setId}/cards`, { headers, data: card });
    expect(c.status()).toBe(201);
  }
  return { studySetId, setId };
}

async function openMode(page: Page, studySetId: number, button: string, heading: string) {
  await page.goto(`/study?set=${studySetId}&tab=flashcards`);
  await page.getByRole("button", { name: button }).click({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
}

/** The question on screen (one of CARDS). */
async function currentQuestion(page: Page) {
  const texts = await page.getByText(/^Capital of /).allInnerTexts();
  const shown = texts.find((t) => CARDS.some((c) => c.question === t));
  expect(shown).toBeDefined();
  return shown!;
}

/** Answers the current Learn question right (a click on the option, or typing), and waits for the save. */
async function answerRight(page: Page) {
  const question = await currentQuestion(page);
  const saved = page.waitForResponse(
    (r) => r.url().includes("/sessions/learn") && r.request().method() === "PUT",
  );
  const field = page.getByRole("textbox", { name: "Your answer" });
  if (await field.isVisible()) {
    await field.fill(answerOf(question).toLowerCase());
    await field.press("Enter");
  } else {
    await page
      .getByRole("list", { name: /Options/ })
      .getByRole("button", { name: answerOf(question) })
      .click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Correct!" })).toBeVisible();
  expect((await saved).status()).toBe(200);
}

async function continueOn(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.url().includes("/sessions/learn") && r.request().method() === "PUT",
  );
  await expect(page.getByRole("button", { name: "Continue", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await saved;
}

async function secondDevice(browser: Browser, token: string) {
  const context = await browser.newContext();
  await context.addInitScript((t) => localStorage.setItem("authToken", t), token);
  return { context, page: await context.newPage() };
}

test("Learn goes from multiple choice to written to mastered, resumes after a reload and on a second device", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { token } = await signUpViaApi(page);
  const { studySetId } = await seed(page, token);
  await openMode(page, studySetId, "Learn: Capitals", "Learn: Capitals");
  await expect(page.getByText("question 1 of 4")).toBeVisible();
  await expect(page.getByText("Still learning: 4")).toBeVisible();

  // A wrong pick: the card goes back into the round, and the right answer is shown.
  const first = await currentQuestion(page);
  const wrongOption = page
    .getByRole("list", { name: /Options/ })
    .getByRole("button")
    .filter({ hasNotText: answerOf(first) })
    .first();
  await wrongOption.click();
  await expect(page.getByText("Not quite: this card comes back.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await continueOn(page);
  await expect(page.getByText("question 2 of 5")).toBeVisible();

  // The hint waits behind its button (France's card may come later in the round, so check any hint).
  await answerRight(page);
  await continueOn(page);
  await expect(page.getByText("question 3 of 5")).toBeVisible();

  // A reload mid-round resumes on the same question with the same piles.
  const before = await currentQuestion(page);
  await page.reload();
  await expect(page.getByText("question 3 of 5")).toBeVisible({ timeout: 30_000 });
  expect(await currentQuestion(page)).toBe(before);

  // So does a second browser signed in as the same student.
  const other = await secondDevice(browser, token);
  await openMode(other.page, studySetId, "Learn: Capitals", "Learn: Capitals");
  await expect(other.page.getByText("question 3 of 5")).toBeVisible();
  expect(await currentQuestion(other.page)).toBe(before);
  await other.context.close();

  // Round 1 to the end with keys: the card missed comes back last.
  for (let i = 3; i <= 5; i++) {
    await answerRight(page);
    await continueOn(page);
  }
  await expect(page.getByRole("heading", { name: "Round 1 finished" })).toBeFocused();
  await page.getByRole("button", { name: "Continue to round 2" }).click();
  // Round 2 asks each card written.
  for (let i = 1; i <= 4; i++) {
    await expect(page.getByText("Write the answer")).toBeVisible();
    await answerRight(page);
    await continueOn(page);
  }
  await expect(page.getByRole("heading", { name: "Done! You mastered all 4 cards" })).toBeFocused();
  await expect(page.getByText("4 mastered · 0 still learning")).toBeVisible();
  await expect(page.getByText("These took more than one try:")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Learn progress" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test("a starred-only Learn run, and the hint behind its button", async ({ page }) => {
  test.setTimeout(90_000);
  const { token } = await signUpViaApi(page);
  const { studySetId } = await seed(page, token);
  await openMode(page, studySetId, "Learn: Capitals", "Learn: Capitals");
  await expect(page.getByRole("button", { name: /Starred only \(0\)/ })).toBeDisabled();
  const question = await currentQuestion(page);
  // S stars the card on screen (stored on the server).
  const starred = page.waitForResponse((r) => r.url().includes("/star") && r.request().method() === "PUT");
  await page.keyboard.press("s");
  expect((await starred).status()).toBe(200);
  await expect(page.getByRole("button", { name: "Starred", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: /Starred only \(1\)/ }).click();
  await expect(page.getByText("question 1 of 1")).toBeVisible();
  expect(await currentQuestion(page)).toBe(question);
  if (question === "Capital of France") {
    await expect(page.getByText("Hint: City of light")).toHaveCount(0);
    await page.getByRole("button", { name: "Show hint" }).click();
    await expect(page.getByText("Hint: City of light")).toBeVisible();
  }
});

test("Test mode: a chosen mix, graded at the end with the mistakes, saved as a quiz attempt", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { token } = await signUpViaApi(page);
  const { studySetId } = await seed(page, token);
  await openMode(page, studySetId, "Test: Capitals", "Test: Capitals");
  await expect(page.getByRole("spinbutton", { name: "Number of questions" })).toBeFocused();
  for (const kind of ["Multiple choice", "True/false", "Written", "Matching"]) {
    await page.getByRole("checkbox", { name: kind }).uncheck();
  }
  await page.getByRole("button", { name: "Start test" }).click();
  await expect(page.getByText("Choose at least one kind of question")).toBeVisible();
  await page.getByRole("checkbox", { name: "Written" }).check();
  await page.getByRole("spinbutton", { name: "Number of questions" }).fill("4");
  await page.keyboard.press("Enter");
  const fields = page.getByRole("textbox", { name: "Your answer" });
  await expect(fields).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);
  // Three right (one with a typo), one wrong.
  let wrongQuestion = "";
  for (let i = 0; i < 4; i++) {
    const item = page.getByRole("listitem").filter({ has: fields }).nth(i);
    const question = ((await item.getByText(/^Capital of /).textContent()) ?? "").trim();
    if (i === 0) {
      wrongQuestion = question;
      await fields.nth(i).fill("Atlantis");
    } else {
      await fields.nth(i).fill(answerOf(question));
    }
  }
  const saved = page.waitForResponse((r) => r.url().includes("/quiz-attempts"));
  await page.getByRole("button", { name: "Submit test" }).click();
  const attempt = await saved;
  expect(attempt.status()).toBe(201);
  expect(await attempt.json()).toMatchObject({ correct: 3, total: 4 });
  await expect(page.getByRole("heading", { name: "You got 3 out of 4 correct (75%)" })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Review your mistakes" })).toBeVisible();
  await expect(page.getByText("Your answer: Atlantis")).toBeVisible();
  await expect(page.getByText(`Right answer: ${answerOf(wrongQuestion)}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // A mixed test deals every kind chosen.
  await page.getByRole("button", { name: "New test" }).click();
  await page.getByRole("spinbutton", { name: "Number of questions" }).fill("4");
  await page.getByRole("button", { name: "Start test" }).click();
  await expect(page.getByText("Answer shown:")).toBeVisible();
  await expect(page.getByRole("combobox").first()).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Your answer" })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test("Match with the keyboard: a wrong pair flashes, the pairs clear, the best time is kept", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { token } = await signUpViaApi(page);
  const { studySetId, setId } = await seed(page, token);
  await openMode(page, studySetId, "Match: Capitals", "Match: Capitals");
  const tiles = page.getByRole("list", { name: "Match tiles" });
  await expect(tiles.getByRole("button")).toHaveCount(8);
  await expect(page.getByText("Best: none yet")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  const press = async (name: string) => {
    await tiles.getByRole("button", { name }).focus();
    await page.keyboard.press("Enter");
  };
  // Arrow keys move between tiles.
  await tiles.getByRole("button").first().focus();
  await page.keyboard.press("ArrowRight");
  await expect(tiles.getByRole("button").nth(1)).toBeFocused();

  await press("Term: Capital of France");
  await press("Definition: Rome");
  await expect(tiles.getByRole("button", { name: "Definition: Rome (not a pair)" })).toBeVisible();
  await expect(page.getByText("0 of 4 pairs · 1 wrong")).toBeVisible();
  for (const card of CARDS) {
    await press(`Term: ${card.question}`);
    await press(`Definition: ${card.answer}`);
  }
  const done = page.getByRole("heading", { name: /All matched in .* your best time!/ });
  await expect(done).toBeFocused();
  await expect(page.getByText("1 wrong pair.")).toBeVisible();
  await expect(page.getByText(/Best: \d+\.\d s/)).toBeVisible();
  // The best time is kept on the server: it is there after a reload.
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/study/flashcard-sets/${setId}/sessions/match`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { state: { run: { finishedMs: number | null } } }).state?.run?.finishedMs;
    })
    .toEqual(expect.any(Number));
  await page.reload();
  await expect(page.getByText(/Best: \d+\.\d s/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Play again" }).click();
  await expect(tiles.getByRole("button")).toHaveCount(8);
  await expect(page.getByText(/Best: \d+\.\d s/)).toBeVisible();
});
