import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type FakeOpenAi, startFakeOpenAi } from "../fixtures/fake-openai.ts";
import {
  freePort,
  registerOverHttp,
  type ServerProcess,
  spawnServer,
  waitForHealth,
} from "../server-process.ts";

// Issue 15: with a model configured, the summarizer shows the summary as it streams. The suite's web
// server has no model, so this journey runs its own (the build the web server made) against the fake
// OpenAI-compatible server, which holds the second half of its answer until the test lets it go.

let fake: FakeOpenAi;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeOpenAi();
  dataDir = mkdtempSync(path.join(tmpdir(), "studyhall-stream-"));
  server = spawnServer({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString("hex"),
    OPENAI_BASE_URL: fake.baseUrl,
    MAX_EVENT_LOOP_DELAY_MS: "0",
  });
  await waitForHealth(server);
});

test.afterAll(async () => {
  server?.child.kill();
  await server?.exited;
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a model's summary appears as it streams, then whole", async ({ page }) => {
  test.setTimeout(90_000);
  const { authorization } = await registerOverHttp(server.url, `stream${Date.now().toString(36)}`);
  await page.request.post(`${server.url}/api/auth/onboarding`, {
    data: { isOnboarded: true },
    headers: { authorization },
  });
  const token = authorization.replace("Bearer ", "");
  await page.addInitScript((t) => localStorage.setItem("authToken", t), token);

  fake.reply = "- Cells are the unit of life.\n- Membranes separate them.\n- Mitochondria make ATP.";
  let release = () => {};
  fake.hold = new Promise<void>((resolve) => (release = resolve));

  await page.goto(`${server.url}/summarize`);
  await page.getByLabel("Text to summarize").fill("Cells are the unit of life. Membranes separate them.");
  await page.getByLabel("Summary style").selectOption("bullets");
  await page.getByRole("button", { name: "Generate Summary" }).click();

  const writing = page.locator("[aria-busy=true]");
  await expect(writing.getByText("Writing the summary...")).toBeVisible({ timeout: 30_000 });
  await expect(writing.getByRole("listitem").first()).toHaveText("Cells are the unit of life.");
  await expect(page.getByRole("listitem").filter({ hasText: "Mitochondria" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generating Summary..." })).toBeDisabled();

  release();
  const result = page
    .locator("[aria-live=polite]")
    .filter({ has: page.getByRole("heading", { name: "Summary" }) });
  await expect(result.getByRole("listitem")).toHaveText([
    "Cells are the unit of life.",
    "Membranes separate them.",
    "Mitochondria make ATP.",
  ]);
  await expect(writing).toHaveCount(0);
  expect(fake.requests.at(-1)?.stream).toBe(true);
});
