import { afterAll, beforeAll } from "vitest";
import type { AppConfig } from "#server/config.ts";
import { requester } from "./api.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export type FileTestApp = TestApp & { req: ReturnType<typeof requester> };

/**
 * The set-up every API test file shares: one fresh app and database for the file, made before its tests
 * and closed after them. The answer is filled in by beforeAll, so read its fields inside tests and hooks;
 * `req` may be taken at once (`const req = t.req`).
 */
export function testAppPerFile(overrides: Partial<AppConfig> = {}): FileTestApp {
  const live = { req: requester(() => live.app) } as FileTestApp;
  beforeAll(async () => {
    Object.assign(live, await createTestApp(overrides));
  });
  afterAll(() => live.close());
  return live;
}
