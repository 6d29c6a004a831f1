import { expect, type Page, test } from "@playwright/test";
import { expectToast, newStudent, signUpViaApi } from "./helpers.ts";

/** Every CSP violation the page reports, from the DOM event and from Chromium's console line. */
function recordCspViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to (evaluate|execute|load)/i.test(msg.text())) {
      violations.push(msg.text());
    }
  });
  return page
    .exposeFunction("__reportCspViolation", (text: string) => violations.push(text))
    .then(() =>
      page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          const report = (window as unknown as { __reportCspViolation: (t: string) => void })
            .__reportCspViolation;
          report(`${e.violatedDirective} blocked ${e.blockedURI || "inline code"}`);
        });
      }),
    )
    .then(() => violations);
}

test("validating forms and parsing answers with zod never trips the CSP (no eval)", async ({ page }) => {
  const violations = await recordCspViolations(page);
  const s = newStudent("csp");
  await page.goto("/");
  // An empty submit runs the sign-up schema in the browser.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await page.getByLabel("First name").fill(s.firstName);
  await page.getByLabel("Last name").fill(s.lastName);
  await page.getByLabel("Email").fill(s.email);
  await page.getByLabel("Username").fill(s.username);
  await page.getByLabel("Password").fill(s.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Account created successfully");
  await page.getByRole("button", { name: "Skip for Now" }).click();
  await expect(page.getByText(`Welcome, ${s.firstName}`)).toBeVisible();

  // Answers parsed with their schemas, and a dialog form validated, on a page of their own.
  await page.goto("/tasks");
  await page.getByRole("button", { name: "New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog.getByText("Task title is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("Read chapter 4");
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expectToast(page, "Task added", "Read chapter 4");

  expect(violations).toEqual([]);
});

test("the built client is sent precompressed, hashed files cached for a year, index.html never", async ({
  page,
}) => {
  const index = await page.request.get("/", { headers: { "accept-encoding": "br, gzip" } });
  expect(index.headers()["cache-control"]).toBe("no-cache");
  const html = await index.text();
  // boot's script tag comes first (it runs while the rest downloads), then the app's entry.
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g)].map((m) => m[1]);
  expect(entries).toEqual([
    expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/),
    expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
  ]);
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);

  let compressed = 0;
  for (const file of files) {
    const raw = await page.request.get(file, { headers: { "accept-encoding": "identity" } });
    expect(raw.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A file of a few dozen bytes (an entry that only imports its chunk) gains nothing from compression.
    if ((await raw.body()).length < 1024) continue;
    for (const encoding of ["br", "gzip"]) {
      const res = await page.request.get(file, { headers: { "accept-encoding": encoding } });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-encoding"]).toBe(encoding);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers()["content-type"]).toMatch(/javascript|css/);
    }
    compressed++;
  }
  // The framework chunk and the stylesheet at least.
  expect(compressed).toBeGreaterThanOrEqual(2);
});

test("a first load asks for its page's data beside the page's code, once each, and still draws it", async ({
  page,
}) => {
  const { token } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${token}` };
  expect(
    (await page.request.post("/api/study/sets", { headers, data: { title: "Organic chemistry" } })).status(),
  ).toBe(201);
  for (const [path, heading, shown] of [
    ["/gpa", "GPA Calculator", "Connect your Canvas account in Settings to calculate your GPA"],
    ["/friends", "Friends", "No friends yet."],
    ["/study", "Study Center", "Organic chemistry"],
  ] as const) {
    const gets: string[] = [];
    const onRequest = (r: { url(): string; method(): string }) => {
      const url = new URL(r.url());
      if (r.method() === "GET" && url.pathname.startsWith("/api/")) gets.push(url.pathname + url.search);
    };
    page.on("request", onRequest);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(shown).filter({ visible: true }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    page.off("request", onRequest);
    const twice = gets.filter((g, i) => gets.indexOf(g) !== i);
    expect(twice, `${path} asked again for what boot.ts had asked: ${gets.join(" ")}`).toEqual([]);
    expect(gets, path).toContain("/api/settings");
  }
});
