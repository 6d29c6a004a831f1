import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;

// Upload, background reading, two axe runs: past 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

// Issue 24: the assistant beside a study document, with its set in scope; a citation turns the one
// document viewer to the cited page with the sentence marked.
test("asks the assistant beside a study document and opens the cited page", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const auth = { authorization: `Bearer ${token}` };
  const set = await page.request.post("/api/study/sets", {
    data: { title: "Cell Biology: Organelles, Membranes and the Energy of Living Cells" },
    headers: auth,
  });
  expect(set.status()).toBe(201);
  const { id: setId } = (await set.json()) as { id: number };
  const upload = await page.request.post(`/api/study/sets/${setId}/documents/upload`, {
    headers: auth,
    multipart: {
      file: {
        name: "cell-biology.pdf",
        mimeType: "application/pdf",
        buffer: readFileSync(fixture("cell-biology.pdf")),
      },
    },
  });
  expect(upload.status()).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/study?set=${setId}`);
  const open = page.getByRole("button", { name: "Open cell-biology" });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.click();
  const viewer = page.getByRole("dialog", { name: "cell-biology" });
  await expect(viewer.getByText("Page 1 of 4")).toBeVisible();
  // The page turns with the keyboard as with the buttons.
  await viewer.getByRole("region", { name: "Page 1" }).press("End");
  await expect(viewer.getByText("Page 4 of 4")).toBeVisible();
  await viewer.getByRole("button", { name: "Previous page" }).click();
  await expect(viewer.getByText("Page 3 of 4")).toBeVisible();
  await viewer.getByRole("region", { name: "Page 3" }).press("Home");
  await expect(viewer.getByText("Page 1 of 4")).toBeVisible();

  await viewer.getByRole("button", { name: "Ask the assistant" }).click();
  const panel = viewer.getByRole("region", { name: "AI Assistant" });
  await expect(panel.getByText("Asking about Cell Biology")).toBeVisible();
  // The button that opened it is gone: the question can be typed at once.
  await expect(panel.getByRole("textbox", { name: "Message" })).toBeFocused();
  await panel.getByPlaceholder("Ask anything...").fill("Where does photosynthesis take place?");
  await panel.getByRole("button", { name: "Send" }).click();
  const source = panel.getByRole("button", { name: "[1] cell-biology, p. 3" });
  await expect(source).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await source.click();
  // The open document turns to the cited page, the cited sentence marked; no second viewer.
  await expect(viewer.getByText("Page 3 of 4")).toBeVisible();
  await expect(viewer.getByRole("region", { name: "Page 3" }).locator("mark")).toContainText("chloroplasts");
  await expect(page.getByRole("dialog")).toHaveCount(1);

  // Widened, the same question may reach everything the student has.
  await panel.getByRole("button", { name: "Ask about everything" }).click();
  await expect(panel.getByText("Asking about all your materials")).toBeVisible();
  // At 360 px a long set name wraps inside the panel, which nothing pokes out of.
  const within = () =>
    panel.evaluate((section) => {
      const edge = section.getBoundingClientRect().right;
      return (
        Math.max(...[...section.querySelectorAll("*")].map((el) => el.getBoundingClientRect().right)) - edge
      );
    });
  expect(await within()).toBeLessThanOrEqual(0);
  await panel.getByRole("button", { name: "Only Cell Biology" }).click();
  await expect(panel.getByText("Asking about Cell Biology")).toBeVisible();
  expect(await within()).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
});

// Issue 24 §8: a course material opens in the same viewer with the assistant beside it, as a study
// document does; a citation of the open material turns its page instead of stacking a second viewer.
test("asks the assistant beside a course material and opens the cited page in the same viewer", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/materials");
  await page.getByLabel("File").setInputFiles(fixture("cell-biology.pdf"));
  await page.getByRole("button", { name: "Upload Material" }).click();
  const item = page.getByRole("listitem").filter({ hasText: "cell-biology" });
  await expect(item).toContainText("Introduction to Cell Biology", { timeout: 30_000 });
  await item.getByRole("button", { name: "Open cell-biology" }).click();
  const viewer = page.getByRole("dialog", { name: "cell-biology" });
  await expect(viewer.getByText("Page 1 of 4")).toBeVisible();

  await viewer.getByRole("button", { name: "Ask the assistant" }).click();
  const panel = viewer.getByRole("region", { name: "AI Assistant" });
  await expect(panel.getByRole("textbox", { name: "Message" })).toBeFocused();
  await page.keyboard.type("Where does photosynthesis take place?");
  await page.keyboard.press("Enter");
  const source = panel.getByRole("button", { name: "[1] cell-biology, p. 3" });
  await expect(source).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await source.click();
  await expect(viewer.getByText("Page 3 of 4")).toBeVisible();
  await expect(viewer.getByRole("region", { name: "Page 3" }).locator("mark")).toContainText("chloroplasts");
  await expect(page.getByRole("dialog")).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

// With the network down, opening a document said it 'may have been deleted': a student would upload it
// again. It says what happened, and opens once the connection is back.
test("a document that cannot be fetched offline says so, not that it may have been deleted", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const auth = { authorization: `Bearer ${token}` };
  const set = await page.request.post("/api/study/sets", { data: { title: "Biology" }, headers: auth });
  const { id: setId } = (await set.json()) as { id: number };
  const upload = await page.request.post(`/api/study/sets/${setId}/documents/upload`, {
    headers: auth,
    multipart: {
      file: {
        name: "cell-biology.pdf",
        mimeType: "application/pdf",
        buffer: readFileSync(fixture("cell-biology.pdf")),
      },
    },
  });
  expect(upload.status()).toBe(201);
  await page.goto(`/study?set=${setId}`);
  const open = page.getByRole("button", { name: "Open cell-biology" });
  await expect(open).toBeVisible({ timeout: 30_000 });

  await page.route("**/api/study/documents/*", (route) => route.abort("internetdisconnected"));
  await open.click();
  const viewer = page.getByRole("dialog", { name: "cell-biology" });
  await expect(viewer.getByRole("alert")).toHaveText(
    "Could not reach Studyhall. Check your connection and try again.",
  );
  await page.keyboard.press("Escape");

  await page.unroute("**/api/study/documents/*");
  await open.click();
  await expect(viewer.getByText("Page 1 of 4")).toBeVisible();
});
