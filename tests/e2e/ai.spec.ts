import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/documents");

// Upload, extraction and two axe runs: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("uploads a PDF, asks about it from /tasks, and opens the cited page", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/materials");
  await expect(page.getByRole("heading", { level: 1, name: "Course Materials" })).toBeVisible();
  await page.getByRole("button", { name: "Upload Material" }).click();
  await expect(page.getByText("Please select a file first.")).toBeVisible();
  await page.getByLabel("Material type").selectOption("lecture");
  await page.getByLabel("File").setInputFiles(path.join(fixtures, "cell-biology.pdf"));
  await page.getByRole("button", { name: "Upload Material" }).click();
  await expect(
    page.getByText(
      "Document uploaded successfully! It is being read now; the AI can reference it once it is ready.",
    ),
  ).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "cell-biology" });
  await expect(item).toContainText("Lecture");
  // Read in the background: its text arrives in the list without a reload.
  await expect(item).toContainText("Introduction to Cell Biology", { timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  // A material reads in the same viewer as study documents and citations.
  await item.getByRole("button", { name: "Open cell-biology" }).click();
  const reader = page.getByRole("dialog", { name: "cell-biology" });
  await expect(reader.getByText("Page 1 of 4")).toBeVisible();
  await reader.getByRole("button", { name: "Next page" }).click();
  await expect(reader.getByRole("region", { name: "Page 2" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/tasks");
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const panel = page.getByRole("region", { name: "AI Assistant" });
  await expect(panel.getByText(/Hi there! I can help you understand your Canvas assignments/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeHidden();
  await expect(panel.getByText("Built-in (offline)")).toBeVisible();
  const send = panel.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await panel.getByPlaceholder("Ask anything...").fill("Where does photosynthesis take place?");
  await send.click();
  const source = panel.getByRole("button", { name: "[1] cell-biology, p. 3" });
  await expect(source).toBeVisible();
  await expect(panel.getByTestId("chat-messages")).toContainText("chloroplasts");
  expect(await seriousViolations(page, "section")).toEqual([]);

  await source.click();
  const viewer = page.getByRole("dialog", { name: "cell-biology" });
  await expect(viewer.getByText("Page 3 of 4")).toBeVisible();
  await expect(viewer.locator("mark")).toContainText("chloroplasts");
  await viewer.getByRole("button", { name: "Close" }).click();

  await panel.getByRole("button", { name: "Close chat" }).click();
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeVisible();
});

test("the assistant from the keyboard alone: it opens on its field, keeps it after an answer, and Escape closes it back to its button", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/tasks");
  const launcher = page.getByRole("button", { name: "Open AI Assistant" });
  await launcher.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("region", { name: "AI Assistant" });
  const field = panel.getByRole("textbox", { name: "Message" });
  await expect(field).toBeFocused();
  await page.keyboard.type("hi");
  await page.keyboard.press("Enter");
  await expect(panel.getByTestId("chat-messages")).toContainText("What would you like to know?");
  await expect(field).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(launcher).toBeFocused();
});

test("a question that could not be sent stays in the field, so it is not typed again", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/tasks");
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const panel = page.getByRole("region", { name: "AI Assistant" });
  const field = panel.getByRole("textbox", { name: "Message" });
  // The network drops as the question leaves.
  await page.route("**/api/chat/stream", (route) => route.abort("internetdisconnected"));
  await field.fill("Where does photosynthesis take place?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByRole("alert")).toHaveText(
    "Could not reach Studyhall. Check your connection and try again.",
  );
  await expect(field).toHaveValue("Where does photosynthesis take place?");
  await expect(field).toBeEnabled();
  // Back online, Send tries the same question again.
  await page.unroute("**/api/chat/stream");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByTestId("chat-messages")).toContainText("Where does photosynthesis take place?");
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await expect(field).toHaveValue("");

  // Clearing offline said nothing and left the conversation: its confirmation now says why it is still there.
  await page.route("**/api/chat?*", (route) => route.abort("internetdisconnected"));
  await page.route("**/api/chat", (route) => route.abort("internetdisconnected"));
  await panel.getByRole("button", { name: "New conversation" }).click();
  const confirm = page.getByRole("dialog", { name: "Start a new conversation?" });
  await confirm.getByRole("button", { name: "Delete conversation" }).click();
  await expect(confirm.getByRole("alert")).toHaveText(
    "Could not reach Studyhall. Check your connection and try again.",
  );
  await expect(panel.getByTestId("chat-messages")).toContainText("Where does photosynthesis take place?");
  await page.unrouteAll();
  await confirm.getByRole("button", { name: "Delete conversation" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByText(/Hi there!/)).toBeVisible();
  await expect(panel.getByRole("alert")).toHaveCount(0);
  // Nothing left to clear.
  await expect(panel.getByRole("button", { name: "New conversation" })).toBeDisabled();
});

test("answers 'what is due this week' with the student's tasks, and works at 360 px", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const due = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  const res = await page.request.post("/api/tasks", {
    data: { title: "Lab report on enzymes", dueDate: due },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/?tool=chat");
  const panel = page.getByRole("region", { name: "AI Assistant" });
  await panel.getByPlaceholder("Ask anything...").fill("What is due this week?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByTestId("chat-messages")).toContainText("Lab report on enzymes");
  await expect(panel.getByRole("link", { name: /Source 1: Lab report on enzymes/ })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // History stays on the server; 'New conversation' clears it.
  await page.reload();
  await expect(panel.getByTestId("chat-messages")).toContainText("Lab report on enzymes");
  await panel.getByRole("button", { name: "New conversation" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete conversation" }).click();
  await expect(panel.getByText(/Hi there!/)).toBeVisible();

  await page.goto("/materials");
  await expect(page.getByRole("heading", { level: 1, name: "Course Materials" })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

// At 360 px the floating button sat on the first view's text (Materials' 'How to use', part of the
// Calendar): a phone has the button in the header instead, where no content of the page is under it.
test("the assistant opens from every signed-in page and its button covers no content at 360 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 640 });
  await signUpViaApi(page);
  /** The page's visible elements the button's box overlaps, with its place (under the header or not). */
  const covered = () =>
    page.evaluate(() => {
      const button = [
        ...document.querySelectorAll<HTMLElement>("button[aria-label='Open AI Assistant']"),
      ].find((b) => b.getClientRects().length);
      const header = document.querySelector("header")?.getBoundingClientRect();
      if (!button || !header) return ["no button"];
      const b = button.getBoundingClientRect();
      const inHeader = b.top >= header.top && b.bottom <= header.bottom;
      const shown = [...document.querySelectorAll("main *")].filter((el) => {
        const r = el.getBoundingClientRect();
        // Scrolled up under the sticky header: the header hides it, not the button.
        return (
          r.width > 1 &&
          r.height > 1 &&
          r.bottom > header.bottom &&
          getComputedStyle(el).visibility !== "hidden"
        );
      });
      const last = shown.reduce<Element | null>(
        (l, el) => (!l || el.getBoundingClientRect().bottom > l.getBoundingClientRect().bottom ? el : l),
        null,
      );
      const hits = shown.filter((el) => {
        const r = el.getBoundingClientRect();
        // Only its part below the header shows.
        const top = Math.max(r.top, header.bottom);
        return r.left < b.right && r.right > b.left && top < b.bottom && r.bottom > b.top;
      });
      return [
        ...(inHeader ? [] : ["not in the header"]),
        ...(last && hits.includes(last) ? ["the last content"] : []),
        ...hits.map((el) => `${el.tagName}: ${el.textContent?.trim().slice(0, 40)}`),
      ];
    });
  for (const path of [
    "/materials",
    "/calendar",
    "/",
    "/tasks",
    "/courses",
    "/study",
    "/study/review",
    "/study/cards",
    "/study/exams",
    "/friends",
    "/achievements",
    "/gpa",
    "/summarize",
    "/settings",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("Loading...")).toHaveCount(0);
    expect(await covered(), `${path}, first view`).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await covered(), `${path}, at the end`).toEqual([]);
  }
  // From the Study Center, small talk gets a short helpful answer, not "not in your materials".
  await page.goto("/study");
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const panel = page.getByRole("region", { name: "AI Assistant" });
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeHidden();
  await panel.getByPlaceholder("Ask anything...").fill("hi");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByTestId("chat-messages")).toContainText("What would you like to know?");
  await expect(panel.getByTestId("chat-messages")).not.toContainText("couldn't find this in your materials");
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // Closed, the focus goes back to the header's button.
  await panel.getByRole("button", { name: "Close chat" }).click();
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeFocused();
});

test("at 360 px opening the assistant from the header closes the menu", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signUpViaApi(page);
  await page.goto("/achievements");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  await expect(page.getByRole("region", { name: "AI Assistant" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the floating assistant button never hides a page's control, Settings' 'Update' in the first view included", async ({
  page,
}) => {
  // The narrowest width with the floating button (below it, the header has it).
  await page.setViewportSize({ width: 640, height: 740 });
  const { token } = await signUpViaApi(page);
  const open = page.getByRole("button", { name: "Open AI Assistant" });
  /**
   * The page's controls the button hides a quarter or more of while it shows (none while it has stepped
   * below the screen); grazing a corner is allowed, or it would come and go with every row of a list.
   */
  const covered = () =>
    page.evaluate(() => {
      const button = document.querySelector<HTMLElement>("button[aria-label='Open AI Assistant']");
      const main = document.getElementById("main");
      if (!button || !main) return ["no button"];
      const b = button.getBoundingClientRect();
      if (b.top >= window.innerHeight) return [];
      const controls = main.querySelectorAll("a[href],button,input,select,textarea,[role=switch],[role=tab]");
      return [...controls]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const w = Math.max(0, Math.min(r.right, b.right) - Math.max(r.left, b.left));
          const h = Math.max(0, Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top));
          return r.width * r.height > 0 && (w * h) / (r.width * r.height) >= 0.25;
        })
        .map((el) => el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName);
    });
  await page.goto("/settings");
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  await expect.poll(covered).toEqual([]);
  // At the end of the page, where the shell keeps room for it, the button is back.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => (await open.boundingBox())?.y ?? 9999).toBeLessThan(740);
  await expect.poll(covered).toEqual([]);
  // The task list keeps its floating chat button (SPEC §2.3) in view, its rows' buttons passing by.
  for (let i = 0; i < 8; i++) {
    const res = await page.request.post("/api/tasks", {
      headers: { authorization: `Bearer ${token}` },
      data: { title: `Reading ${i}: a chapter with a title long enough to wrap at 360 px`, dueDate: null },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/tasks");
  await expect(page.getByRole("button", { name: /^Edit Reading 0/ })).toBeVisible();
  await expect.poll(async () => (await open.boundingBox())?.y ?? 9999).toBeLessThan(740);
  await expect.poll(covered).toEqual([]);
  // The keyboard reaches the button wherever it rests; opening it still works.
  await open.focus();
  await open.press("Enter");
  await expect(page.getByRole("region", { name: "AI Assistant" })).toBeVisible();
});
