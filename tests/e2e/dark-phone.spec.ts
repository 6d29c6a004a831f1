import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { darkPhoneStudent, newStudent, seriousViolations, sidewaysOverflow } from "./helpers.ts";

// The newer screens (summaries, exam plan, a group member's shared set, friends' progress, the public
// share page) in the dark theme on a 360 px phone: nothing scrolls sideways and axe finds no serious
// violation (colour contrast included) in the dark palette.

const LECTURE = readFileSync(
  new URL("../../src/server/integrations/ai/builtin/fixtures/cell-biology.txt", import.meta.url),
  "utf8",
).replaceAll("\f", "\n\n");

async function darkStudent(browser: Browser, firstName: string, lastName: string) {
  const s = newStudent(firstName.toLowerCase());
  return { ...(await darkPhoneStudent(browser, { ...s, firstName, lastName })), username: s.username };
}

/** Dark, no sideways scroll, no serious or critical axe violation. */
async function fitsInTheDark(page: Page) {
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
}

test("the newer screens fit a 360 px phone in the dark theme", async ({ browser }) => {
  test.setTimeout(180_000);
  const ana = await darkStudent(browser, "Anastasia", "Silva-Montgomery");
  const ben = await darkStudent(browser, "Ben", "Okafor");
  await ana.post("/api/friends/request", { username: ben.username });
  await ben.post("/api/friends/request", { username: ana.username }); // the cross request accepts
  await ana.post("/api/study/sessions", { duration: 1800 });
  const set = await ana.post("/api/study/sets", { title: "Geography and the cell biology of everything" });
  await ana.post(`/api/study/sets/${set.id}/documents`, { title: "Cells", content: LECTURE });
  const fc = await ana.post(`/api/study/sets/${set.id}/flashcard-sets`, { title: "Capitals" });
  await ana.post(`/api/study/flashcard-sets/${fc.id}/cards`, {
    question: "Capital of Japan",
    answer: "Tokyo",
  });
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  await ana.post("/api/tasks", { title: "Geography midterm with a rather long title", dueDate: inDays(3) });
  const group = await ana.post("/api/study-groups", { name: "Geo club" });
  await ana.post(`/api/study-groups/${group.id}/members`, { username: ben.username });
  await ana.post(`/api/study-groups/${group.id}/sets`, { studySetId: set.id });
  const link = await ana.post("/api/shareable-links", {
    shareSettings: { achievements: true, studyTime: true, streak: true, level: true },
  });

  // Ben: his friend's progress line, then Ana's set, which he may read and practise but not write to.
  const b = ben.page;
  await b.goto("/friends");
  await expect(b.getByRole("list", { name: "Friends" }).getByTestId("friend-progress")).toHaveText(
    /Level 1\s*1-day streak/,
  );
  await fitsInTheDark(b);
  await b.goto(`/friends/groups/${group.id}/sets/${set.id}`);
  await b.getByRole("tab", { name: "Documents" }).click();
  await expect(b.getByRole("button", { name: "Make a quiz from Cells" })).toBeVisible();
  // A summary or flashcards would be written into Ana's set, which the server refuses him.
  await expect(b.getByRole("button", { name: "Summarize Cells" })).toHaveCount(0);
  await expect(b.getByRole("button", { name: "Make flashcards from Cells" })).toHaveCount(0);
  await fitsInTheDark(b);

  // Ana: a summary on /summarize, the exam picker, and her public share page.
  const a = ana.page;
  await a.goto("/summarize");
  await a.getByLabel("Text to summarize").fill(LECTURE);
  await a.getByLabel("Summary style").selectOption("bullets");
  await a.getByRole("button", { name: "Generate Summary" }).click();
  await expect(a.locator("[aria-live=polite]").getByRole("listitem").first()).toBeVisible({
    timeout: 30_000,
  });
  await fitsInTheDark(a);
  await a.goto(`/study/review?set=${fc.id}`);
  const panel = a.getByRole("region", { name: "Exam plan" });
  await panel.getByRole("list", { name: "Upcoming tasks and events" }).getByRole("button").click();
  await expect(panel.getByTestId("exam-summary")).toContainText("Geography midterm");
  await fitsInTheDark(a);

  const visitorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const visitor = await visitorContext.newPage();
  await visitor.addInitScript(() => localStorage.setItem("theme", "dark"));
  await visitor.goto(`/share/${link.shareCode}`);
  await expect(visitor.getByText("1 day", { exact: true })).toBeVisible();
  await fitsInTheDark(visitor);

  await visitorContext.close();
  await ana.context.close();
  await ben.context.close();
});

test("this round's screens fit a 360 px phone in the dark theme", async ({ browser }) => {
  test.setTimeout(180_000);
  const ana = await darkStudent(browser, "Anastasia", "Silva-Montgomery");
  const set = await ana.post("/api/study/sets", { title: "Physics with a rather long set title" });
  const fc = await ana.post(`/api/study/sets/${set.id}/flashcard-sets`, { title: "Formulas" });
  for (const card of [
    { question: "Energy of a mass at rest", answer: "$E = mc^2$" },
    { question: "The {{c1::electron}} has a negative charge", answer: "", type: "cloze" },
    { question: "Unit of force", answer: "newton" },
    { question: "Unit of power", answer: "watt" },
  ]) {
    await ana.post(`/api/study/flashcard-sets/${fc.id}/cards`, card);
  }
  const a = ana.page;

  // The focus timer and the Study Center.
  await a.goto("/study");
  await expect(a.getByRole("timer")).toBeVisible();
  await fitsInTheDark(a);
  // Learn, in a cloze and a formula's company.
  await a.goto(`/study?set=${set.id}&tab=flashcards`);
  await a.getByRole("button", { name: "Learn: Formulas" }).click({ timeout: 30_000 });
  await expect(a.getByRole("heading", { name: "Learn: Formulas" })).toBeVisible();
  await fitsInTheDark(a);
  // The card browser and the exams page.
  await a.goto("/study/cards");
  await expect(a.getByTestId("browser-total")).toHaveText("4 cards");
  await a.getByTestId("browser-row").first().getByRole("checkbox").check();
  await expect(a.getByRole("region", { name: "Selected cards" })).toBeVisible();
  await fitsInTheDark(a);
  await a.goto("/study/exams");
  await expect(a.getByRole("heading", { level: 1 })).toBeVisible();
  await fitsInTheDark(a);
  // Review with the formula card.
  await a.goto("/study/review");
  await expect(a.getByTestId("due-count")).toBeVisible();
  await fitsInTheDark(a);

  await ana.context.close();
});
