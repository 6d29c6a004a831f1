import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/shared/**/*.test.ts",
            "src/client/**/*.test.{ts,tsx}",
            "tests/boundaries/*.test.ts",
            "eval/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts", "tests/fixtures/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database; two at a time fits the 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
