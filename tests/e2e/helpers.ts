import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page } from "@playwright/test";

let seq = 0;

/** A unique student for one test: every test starts from its own account. */
export function newStudent(prefix = "e2e") {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return {
    email: `${prefix}.${tag}@school.edu`,
    password: "study-hard-1",
    firstName: "Maya",
    lastName: "Chen",
    username: `${prefix}_${tag}`.slice(0, 20),
  };
}
export type Student = ReturnType<typeof newStudent>;

/** Signs a new student up through the API and opens the app signed in and onboarded. */
export async function signUpViaApi(page: Page, student: Student = newStudent()) {
  const res = await page.request.post("/api/auth/register", { data: student });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.request.post("/api/auth/onboarding", {
    data: { isOnboarded: true },
    headers: { authorization: `Bearer ${token}` },
  });
  await page.addInitScript((t) => {
    if (!localStorage.getItem("authToken")) localStorage.setItem("authToken", t);
  }, token);
  return { student, token };
}

/**
 * A study set 'Spanish' with one flashcard set 'Verbs', its cards (term, definition pairs) imported
 * through the API as tab-separated text.
 */
export async function seedFlashcards(page: Page, token: string, cards: string[][]) {
  const headers = { authorization: `Bearer ${token}` };
  const s = await page.request.post("/api/study/sets", {
    headers,
    data: { title: "Spanish", description: "", color: "#10B981" },
  });
  const studySetId = ((await s.json()) as { id: number }).id;
  const fs = await page.request.post(`/api/study/sets/${studySetId}/flashcard-sets`, {
    headers,
    data: { title: "Verbs" },
  });
  const flashcardSetId = ((await fs.json()) as { id: number }).id;
  if (cards.length > 0) {
    const res = await page.request.post(`/api/study/flashcard-sets/${flashcardSetId}/import`, {
      headers,
      data: {
        text: cards.map((c) => c.join("\t")).join("\n"),
        options: { format: "text", termSeparator: "tab", rowSeparator: "newline" },
      },
    });
    expect(res.status()).toBe(201);
  }
  return { studySetId, flashcardSetId };
}

/** Three Spanish verbs (term, definition), the cards most review tests start from. */
export const SPANISH_VERBS = [
  ["hablar", "to speak"],
  ["comer", "to eat"],
  ["vivir", "to live"],
];

/** A new student, signed in, with 'Spanish' > 'Verbs' holding `cards`. */
export async function signUpWithCards(page: Page, cards: string[][] = SPANISH_VERBS) {
  const { token, student } = await signUpViaApi(page);
  return { token, student, ...(await seedFlashcards(page, token, cards)) };
}

/** POSTs as the student and expects success; answers the JSON body. */
export function apiPoster(page: Page, token: string) {
  return async (path: string, data: object) => {
    const res = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
    return res.json();
  };
}

/** A new student on a 360 px phone in the dark theme, saved as the Settings page saves it. */
export async function darkPhoneStudent(browser: Browser, student: Student = newStudent()) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  const { token } = await signUpViaApi(page, student);
  const post = apiPoster(page, token);
  // The signed-in shell applies the saved theme.
  await post("/api/settings", {
    aiModel: "gpt-4o",
    theme: "dark",
    autoSync: true,
    notificationsEnabled: true,
  });
  return { page, context, token, post };
}

/** The toast viewport (Radix labels it 'Notifications (F8)'); screen-reader copies elsewhere are ignored. */
export function toastRegion(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

export async function expectToast(page: Page, title: string, description?: string) {
  const region = toastRegion(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

/**
 * The SPEC §7 tracking calls (achievement check, study-stats track) the page sends, by path. The app sends
 * none (decision 011): the server evaluates achievements on the write itself.
 */
export function recordTrackingCalls(page: Page) {
  const paths: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === "POST" && (path === "/api/achievements/check" || path === "/api/study-stats/track"))
      paths.push(path);
  });
  return paths;
}

/**
 * axe's serious and critical violations on the page (or inside `include`, a selector), each as
 * `rule: targets`, so a failing `toEqual([])` names the elements.
 */
export async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** How far the page scrolls sideways past the window, in px (0 or less: it fits, as at 360 px it must). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
