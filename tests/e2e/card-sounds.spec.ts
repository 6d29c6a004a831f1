import { expect, test } from "@playwright/test";
import { wav } from "#tests/fixtures/audio/build-audio.ts";
import { seedFlashcards, seriousViolations, sidewaysOverflow, signUpViaApi } from "./helpers.ts";

test("a card with a sound shows a play button in review and flip study that plays only when pressed, at 360 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  const { studySetId, flashcardSetId } = await seedFlashcards(page, token, []);
  const upload = await page.request.post(`/api/study/flashcard-sets/${flashcardSetId}/media`, {
    headers,
    multipart: { file: { name: "hola.wav", mimeType: "audio/wav", buffer: Buffer.from(wav(16_000)) } },
  });
  expect(upload.status()).toBe(201);
  const { name } = (await upload.json()) as { name: string };
  const imported = await page.request.post(`/api/study/flashcard-sets/${flashcardSetId}/import`, {
    headers,
    data: {
      text: `hola [sound:${name}]\thello`,
      options: { format: "text", termSeparator: "tab", rowSeparator: "newline" },
    },
  });
  expect(imported.status()).toBe(201);

  await page.goto(`/study/review?set=${flashcardSetId}`);
  const question = page.getByTestId("review-question");
  await expect(question).toContainText("hola", { timeout: 30_000 });
  await expect(question).not.toContainText("[sound:");
  const play = question.getByRole("button", { name: "Play sound" });
  await expect(play).toBeVisible();
  // Nothing is fetched or played before the student asks.
  await expect(page.locator("audio")).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The keyboard reaches it, and Enter on it plays the sound rather than showing the answer.
  await play.focus();
  await page.keyboard.press("Enter");
  const audio = page.locator("audio");
  await expect(audio).toHaveAttribute("src", /^blob:/);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.played.length)).toBeGreaterThan(0);
  await expect(page.getByTestId("review-answer")).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);

  // Flip study: the card is one button, so the sound is marked on it and its button sits below.
  await page.goto(`/study?set=${studySetId}&tab=flashcards`);
  await expect(page.getByRole("heading", { level: 2, name: "Spanish" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("listitem", { name: "Verbs" }).getByRole("button", { name: "Study Cards" }).click();
  await expect(page.getByText("Card 1 of 1")).toBeVisible();
  await expect(page.getByRole("button", { name: "Play sound" })).toBeVisible();
  await expect(page.getByRole("button", { name: /hola/ })).toContainText("sound");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
