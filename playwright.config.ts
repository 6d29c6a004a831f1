import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 5199);
// A fresh embedded database for every run, so tests never see another run's data.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    // The service worker (issue 23) stays out of the journeys that mock or count API requests
    // (page.route does not see what a worker handles): offline.spec.ts allows it for itself.
    serviceWorkers: "block",
    launchOptions: {
      // Debian's Chromium, never a downloaded one (the machine has no route to browser downloads).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  webServer: {
    // As `npm start`: the built server (client and server rebuilt first if their sources changed).
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A new data folder: the first start creates the database.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // Every journey signs up new students from this one address.
      SIGNUPS_PER_ADDRESS_PER_HOUR: "10000",
      SIGNUPS_PER_MINUTE: "10000",
      USERNAME_LOOKUPS_PER_DAY: "10000",
      // Every answer is checked against its endpoint's schema: a leaked field fails the journey.
      CHECK_RESPONSES: "true",
      CANVAS_INSECURE_HOSTS: process.env.CANVAS_INSECURE_HOSTS ?? "",
      // calendar-subscriptions.spec.ts serves its iCal feed here, over http on loopback.
      CALENDAR_FEED_INSECURE_HOSTS: `127.0.0.1:${port + 10_000}`,
      // Shedding on event-loop lag is covered by API tests; on a starved CI machine it would turn a
      // journey's request into a 503.
      MAX_EVENT_LOOP_DELAY_MS: "0",
    },
  },
});
