import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectToast, newStudent, seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

async function noSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

async function student(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const s = newStudent(firstName.toLowerCase());
  const { token } = await signUpViaApi(page, { ...s, firstName, lastName });
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
    return res.json();
  };
  return { page, context, username: s.username, post };
}

const QUIZ: Record<string, string> = { "Capital of France": "Paris", "Capital of Japan": "Tokyo" };

test("two students become friends, share a study set in a group, and the friend takes its quiz", async ({
  browser,
}) => {
  // Two browsers, a group and a quiz: several times one page's budget on a shared machine.
  test.setTimeout(150_000);
  const ana = await student(browser, "Ana", "Silva");
  const ben = await student(browser, "Ben", "Okafor");

  // Ana sends a request by username.
  await ana.page.goto("/friends");
  await expect(ana.page.getByRole("heading", { level: 1, name: "Friends" })).toBeVisible();
  const send = ana.page.getByRole("button", { name: "Send Request" });
  await expect(send).toBeDisabled();
  await ana.page.getByLabel("Username").fill("   ");
  await expect(send).toBeDisabled();
  await ana.page.getByLabel("Username").fill("nobody_by_this_name");
  await send.click();
  await expectToast(ana.page, "Failed to send request", "No student with that username");
  await ana.page.getByLabel("Username").fill(ben.username);
  await send.click();
  await expectToast(ana.page, "Friend request sent!");
  await ana.page.getByRole("tab", { name: "Sent (1)" }).click();
  await expect(ana.page.getByRole("list", { name: "Sent requests" })).toContainText("Ben Okafor");
  await expect(ana.page.getByText("Pending", { exact: true })).toBeVisible();
  expect(await seriousViolations(ana.page)).toEqual([]);

  // Ben accepts; after a reload both are friends.
  await ben.page.goto("/friends");
  await ben.page.getByRole("tab", { name: "Requests (1)" }).click();
  await ben.page.getByRole("button", { name: "Accept Ana Silva" }).click();
  await expectToast(ben.page, "Friend request accepted!");
  await ben.page.reload();
  await expect(ben.page.getByRole("tab", { name: "Friends (1)" })).toBeVisible();
  await expect(ben.page.getByRole("list", { name: "Friends" })).toContainText(`@${ana.username}`);
  await ana.page.reload();
  await expect(ana.page.getByRole("tab", { name: "Friends (1)" })).toBeVisible();
  await expect(ana.page.getByRole("list", { name: "Friends" })).toContainText("Ben Okafor");

  // Ana has a study set with a flashcard set to share.
  const set = await ana.post("/api/study/sets", { title: "Geography" });
  const fc = await ana.post(`/api/study/sets/${set.id}/flashcard-sets`, { title: "Capitals" });
  for (const [question, answer] of Object.entries(QUIZ)) {
    await ana.post(`/api/study/flashcard-sets/${fc.id}/cards`, { question, answer });
  }

  // Ana creates a group, adds Ben and shares the set.
  await ana.page.getByRole("tab", { name: "Study Groups (0)" }).click();
  await ana.page.getByLabel("Group name").fill("  Geo club  ");
  await ana.page.getByRole("button", { name: "Create Group" }).click();
  await expectToast(ana.page, "Study group created");
  const groups = ana.page.getByRole("list", { name: "Study groups" });
  await expect(groups).toContainText("Geo club");
  await expect(groups).toContainText("admin");
  await expect(groups).toContainText("1 member");
  await ana.page.getByRole("link", { name: "View Geo club" }).click();
  await expect(ana.page.getByRole("heading", { level: 1, name: "Geo club" })).toBeVisible();
  await ana.page.getByLabel("Add a friend by username").fill(ben.username);
  await ana.page.getByRole("button", { name: "Add Member" }).click();
  await expect(ana.page.getByRole("list", { name: "Members" })).toContainText("Ben Okafor");
  await ana.page.getByLabel("Share one of your study sets").selectOption({ label: "Geography" });
  await ana.page.getByRole("button", { name: "Upload" }).click();
  await expect(ana.page.getByRole("list", { name: "Shared study sets" })).toContainText("Geography");
  expect(await seriousViolations(ana.page)).toEqual([]);
  const groupUrl = new URL(ana.page.url()).pathname;

  // Ben opens the group on a phone-sized screen and takes the quiz on Ana's set.
  await ben.page.setViewportSize({ width: 360, height: 740 });
  await ben.page.goto("/friends");
  await noSidewaysScroll(ben.page);
  await ben.page.goto(groupUrl);
  await expect(ben.page.getByRole("heading", { level: 1, name: "Geo club" })).toBeVisible();
  await expect(ben.page.getByRole("button", { name: "Add Member" })).toHaveCount(0);
  await noSidewaysScroll(ben.page);
  await ben.page.getByRole("link", { name: "Open Geography" }).click();
  await expect(ben.page.getByRole("heading", { level: 1, name: "Geography" })).toBeVisible();
  // Ana's set is read-only for Ben: no owner controls anywhere (the server refuses them too).
  await ben.page.getByRole("tab", { name: "Flashcards" }).click();
  await expect(ben.page.getByRole("listitem", { name: "Capitals" })).toBeVisible();
  await expect(ben.page.getByRole("button", { name: "New Flashcard Set" })).toHaveCount(0);
  await expect(ben.page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await ben.page.getByRole("button", { name: "View Cards" }).click();
  await expect(ben.page.getByText("Paris", { exact: true })).toBeVisible();
  await expect(ben.page.getByRole("button", { name: "Add Flashcard" })).toHaveCount(0);
  await expect(ben.page.getByRole("button", { name: /^(Edit|Delete) flashcard/ })).toHaveCount(0);
  await ben.page.getByRole("tab", { name: "Documents" }).click();
  await expect(ben.page.getByRole("button", { name: "Upload File" })).toHaveCount(0);
  await ben.page.getByRole("tab", { name: "Quizzes" }).click();
  await ben.page
    .getByRole("listitem", { name: "Capitals" })
    .getByRole("button", { name: "Start Quiz" })
    .click();
  for (let i = 1; i <= 2; i++) {
    await expect(ben.page.getByText(`Question ${i} of 2`)).toBeVisible();
    const question = (await ben.page.getByRole("heading", { name: /^Capital of/ }).textContent()) ?? "";
    await ben.page.getByRole("radio", { name: QUIZ[question.trim()] }).check();
    await ben.page.getByRole("button", { name: "Submit Answer" }).click();
    await expect(ben.page.getByText("Correct!")).toBeVisible();
    await ben.page.getByRole("button", { name: i === 2 ? "Finish Quiz" : "Next Question" }).click();
  }
  await expect(ben.page.getByText("You got 2 out of 2 questions correct!")).toBeVisible();
  await noSidewaysScroll(ben.page);

  await ana.context.close();
  await ben.context.close();
});

test("friends see each other's level and streak, and 'Show my progress to friends' off hides them", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana = await student(browser, "Ana", "Silva");
  const ben = await student(browser, "Ben", "Okafor");
  const eve = await student(browser, "Eve", "Adams");
  await ana.post("/api/friends/request", { username: ben.username });
  await ben.post("/api/friends/request", { username: ana.username }); // the cross request accepts
  await eve.post("/api/friends/request", { username: ana.username }); // pending: not a friend
  await ana.post("/api/study/sessions", { duration: 1800 });

  await ben.page.goto("/friends");
  const friends = ben.page.getByRole("list", { name: "Friends" });
  await expect(friends).toContainText("Ana Silva");
  await expect(friends.getByTestId("friend-progress")).toHaveText(/Level 1\s*1-day streak/);
  expect(await seriousViolations(ben.page)).toEqual([]);

  // Ana turns it off in Settings > General.
  await ana.page.goto("/settings?tab=general");
  const toggle = ana.page.getByRole("switch", { name: "Show my progress to friends" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expectToast(ana.page, "Settings saved");
  await expect(toggle).not.toBeChecked();

  await ben.page.reload();
  await expect(friends).toContainText("Ana Silva");
  await expect(friends.getByTestId("friend-progress")).toHaveCount(0);
  // Ana still sees Ben's (his own setting is on).
  await ana.page.goto("/friends");
  await expect(ana.page.getByRole("list", { name: "Friends" }).getByTestId("friend-progress")).toHaveText(
    /Level 1\s*0-day streak/,
  );

  await ana.context.close();
  await ben.context.close();
  await eve.context.close();
});
