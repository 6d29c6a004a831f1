import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/anki/${name}`, import.meta.url));

async function seed(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const studySet = await (
    await page.request.post("/api/study/sets", { headers, data: { title: "Biology" } })
  ).json();
  const set = async (title: string) =>
    (
      await (
        await page.request.post(`/api/study/sets/${studySet.id}/flashcard-sets`, { headers, data: { title } })
      ).json()
    ).id as number;
  return {
    studySetId: studySet.id as number,
    imported: await set("From Anki"),
    drawn: await set("Diagrams"),
  };
}

async function manage(page: Page, studySetId: number, title: string) {
  await page.goto(`/study?set=${studySetId}&tab=flashcards`);
  await expect(page.getByRole("heading", { level: 2, name: "Biology" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("listitem", { name: title }).getByRole("button", { name: "Manage Cards" }).click();
  await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
}

test("a student imports an Anki export with a picture, makes an occlusion card and reviews it, at 360 px", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const { token } = await signUpViaApi(page);
  const { studySetId, imported, drawn } = await seed(page, token);

  // Import: the .apkg goes its own way in the import dialog, with a preview.
  await manage(page, studySetId, "From Anki");
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import flashcards" });
  await dialog.getByLabel(/Choose a file/).setInputFiles(fixture("biology-with-image.apkg"));
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByTestId("import-summary")).toContainText(
    "3 flashcards (4 cards to review), 2 reviews, 1 media file",
  );
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole("button", { name: "Import 3 flashcards" }).click();
  await expect(dialog).toBeHidden();
  // The list shows notes, and so does its count: 3 flashcards, reviewed as 4 cards.
  await expect(page.getByText("3 flashcard(s) in this set")).toBeVisible();
  const picture = page.getByRole("img", { name: "On the card" });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // The set panel's Close (the import toast has a close button of its own).
  await page.getByText("Close", { exact: true }).click();

  // Occlusion: one mask drawn with the pointer, one placed and moved with the keyboard.
  await manage(page, studySetId, "Diagrams");
  await page.getByRole("button", { name: "Image occlusion" }).click();
  const editor = page.getByRole("dialog", { name: "Image occlusion" });
  await editor.getByLabel("Choose a picture").setInputFiles(fixture("cell.png"));
  const canvas = editor.getByTestId("mask-canvas");
  await expect(canvas.getByRole("img")).toBeVisible();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 });
  await page.mouse.up();
  await editor.getByRole("button", { name: "Add mask" }).click();
  await editor.getByRole("button", { name: /^Mask 2:/ }).focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(editor.getByText("2 masks")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await editor.getByRole("button", { name: "Make 2 cards" }).click();
  await expect(editor).toBeHidden();
  // One flashcard (the picture), asked once per mask.
  await expect(page.getByText("1 flashcard(s) in this set")).toBeVisible();
  await expect(page.getByText("Image occlusion · 2 review cards")).toBeVisible();

  // Review: every mask covers its part, the asked one is marked; the answer uncovers it.
  await page.goto(`/study/review?set=${drawn}`);
  const view = page.getByTestId("occlusion-view");
  await expect(view).toBeVisible({ timeout: 30_000 });
  await expect(view.getByTestId("occlusion-asked")).toHaveCount(1);
  await expect(view.getByTestId("occlusion-other")).toHaveCount(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Space");
  await expect(view.getByTestId("occlusion-revealed")).toHaveCount(1);
  await expect(view.getByTestId("occlusion-asked")).toHaveCount(0);
  await expect(page.getByTestId("review-answer")).toHaveText("Mask 1");
  await page.keyboard.press("3");
  await expect(page.getByTestId("review-answer")).toBeHidden();
  expect(imported).toBeGreaterThan(0);
});
