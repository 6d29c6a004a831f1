import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { darkPhoneStudent, seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;
const LECTURE = readFileSync(
  new URL("../../src/server/integrations/ai/builtin/fixtures/cell-biology.txt", import.meta.url),
  "utf8",
).replaceAll("\f", "\n\n");

// Each upload's note said how it began, and stayed: a scanned PDF's 'being read' note sat above the
// list's 'could not read' for the same file, and a file chosen while the last upload was on its way was
// dropped when it finished. The note now follows its upload to the end, and the next attempt replaces it.
test("a material upload's note follows it to its outcome, and the next attempt replaces it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/materials");
  const upload = page.getByRole("button", { name: "Upload Material" });
  const file = page.getByLabel("File");

  await file.setInputFiles(fixture("notes.txt"));
  await upload.click();
  await expect(page.getByRole("status").filter({ hasText: "uploaded successfully" })).toBeVisible();

  await file.setInputFiles(fixture("scanned.pdf"));
  await upload.click();
  const failed = page.getByRole("alert").filter({ hasText: "Failed to upload document." });
  await expect(failed).toContainText("We could not find any text in this PDF", { timeout: 30_000 });
  await expect(page.getByText("uploaded successfully")).toHaveCount(0);
  await expect(page.getByText("It is being read now")).toHaveCount(0);

  await file.setInputFiles(fixture("cell-biology.pdf"));
  await upload.click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "uploaded successfully" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Failed to upload document.")).toHaveCount(0);
});

// 'New conversation' deleted the conversation on one click, a slip costing the student all of it.
test("'New conversation' asks first: Cancel or Escape keeps the conversation, confirming clears it", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/tasks");
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const panel = page.getByRole("region", { name: "AI Assistant" });
  await panel.getByRole("textbox", { name: "Message" }).fill("hi");
  await panel.getByRole("button", { name: "Send" }).click();
  const messages = panel.getByTestId("chat-messages");
  await expect(messages).toContainText("What would you like to know?");

  const clear = panel.getByRole("button", { name: "New conversation" });
  const confirm = page.getByRole("dialog", { name: "Start a new conversation?" });
  await clear.click();
  await expect(confirm).toContainText("Conversation: All Courses (2 messages)");
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(messages).toContainText("hi");

  // Escape closes the confirmation only, not the assistant's box behind it.
  await clear.click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(panel).toBeVisible();
  await expect(messages).toContainText("hi");

  await clear.click();
  await confirm.getByRole("button", { name: "Delete conversation" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByText(/Hi there!/)).toBeVisible();
  await expect(clear).toBeDisabled();
});

// Beside a study document the assistant showed the general conversation (issue 24): each study set now
// keeps its own, and the general assistant its own, across a reload.
test("the assistant beside a document keeps the set's own conversation, apart from the general one", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  const set = await page.request.post("/api/study/sets", { headers, data: { title: "Biology" } });
  const setId = ((await set.json()) as { id: number }).id;
  const doc = await page.request.post(`/api/study/sets/${setId}/documents`, {
    headers,
    data: { title: "Cells", content: "Mitochondria release the energy stored in glucose." },
  });
  expect(doc.status()).toBe(201);
  const asked = await page.request.post("/api/chat", { headers, data: { content: "hi", isUser: true } });
  expect(asked.ok()).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  const openBeside = async () => {
    await page.goto(`/study?set=${setId}`);
    await page.getByRole("button", { name: "Open Cells" }).click();
    const viewer = page.getByRole("dialog", { name: "Cells" });
    await viewer.getByRole("button", { name: "Ask the assistant" }).click();
    return viewer.getByRole("region", { name: "AI Assistant" });
  };
  const openGeneral = async () => {
    await page.getByRole("button", { name: "Open AI Assistant" }).click();
    return page.getByRole("region", { name: "AI Assistant" });
  };

  let panel = await openBeside();
  await expect(panel.getByTestId("chat-conversation")).toHaveText(
    "Conversation: Biology, kept for this study set apart from the assistant on other pages.",
  );
  const beside = panel.getByTestId("chat-messages");
  await expect(beside.getByText(/Hi there!/)).toBeVisible();
  await expect(beside.getByText("hi", { exact: true })).toHaveCount(0);
  await panel.getByRole("textbox", { name: "Message" }).fill("What releases energy?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(beside).toContainText("Mitochondria");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The general assistant, on another page and again after a reload: its own conversation only.
  await page.goto("/tasks");
  for (const load of ["first", "reloaded"]) {
    panel = await openGeneral();
    const general = panel.getByTestId("chat-messages");
    await expect(general.getByText("hi", { exact: true }), load).toBeVisible();
    await expect(general, load).not.toContainText("What releases energy?");
    if (load === "first") await page.reload();
  }
  // The set's conversation, kept across the reload.
  panel = await openBeside();
  await expect(panel.getByTestId("chat-messages").getByText("What releases energy?")).toBeVisible();
  await expect(panel.getByTestId("chat-messages").getByText("hi", { exact: true })).toHaveCount(0);
});

// The assistant beside a document, the document viewer, the clear's confirmation, the drafts and a
// failed material in the dark theme on a 360 px phone: nothing scrolls sideways, axe (contrast included)
// finds no serious violation.
test("the document viewer, its assistant and the drafts fit a 360 px phone in the dark theme", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { page, context, post } = await darkPhoneStudent(browser);
  const set = await post("/api/study/sets", { title: "Biology with a rather long study set title" });
  await post(`/api/study/sets/${set.id}/documents`, { title: "Cells", content: LECTURE });
  const fits = async () => {
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  };

  await page.goto(`/study?set=${set.id}`);
  await page.getByRole("button", { name: "Open Cells" }).click({ timeout: 30_000 });
  const viewer = page.getByRole("dialog", { name: "Cells" });
  await expect(viewer.getByText("Prokaryotes").first()).toBeVisible();
  await fits();
  await viewer.getByRole("button", { name: "Ask the assistant" }).click();
  const panel = viewer.getByRole("region", { name: "AI Assistant" });
  await panel.getByRole("textbox", { name: "Message" }).fill("What lacks a nucleus?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByRole("button", { name: /^\[1\] Cells/ })).toBeVisible();
  await fits();
  await panel.getByRole("button", { name: "New conversation" }).click();
  await expect(page.getByRole("dialog", { name: "Start a new conversation?" })).toBeVisible();
  await fits();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Make flashcards from Cells" }).click();
  const cards = page.getByRole("dialog", { name: "Make flashcards" });
  await expect(cards.getByLabel("Question 1", { exact: true })).toBeVisible();
  await fits();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Make a quiz from Cells" }).click();
  const quiz = page.getByRole("dialog", { name: "Quiz" });
  await expect(quiz.getByRole("radio").first()).toBeVisible();
  await quiz.getByRole("radio").first().check();
  await quiz.getByRole("button", { name: "Check answers" }).click();
  await fits();
  await page.keyboard.press("Escape");

  await page.goto("/materials");
  await page.getByLabel("File").setInputFiles(fixture("scanned.pdf"));
  await page.getByRole("button", { name: "Upload Material" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to upload document." })).toBeVisible({
    timeout: 30_000,
  });
  await fits();
  await context.close();
});
