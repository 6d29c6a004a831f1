// `npm test`: every check in order, each part reported, with one closing count.
// Usage: npm test [-- part ...] where part is typecheck, lint, boundaries, unit, api, api-postgres, e2e.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ci = process.env.CI === "true" || process.env.CI === "1";
const only = process.argv.slice(2);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reports = mkdtempSync(path.join(os.tmpdir(), "studyhall-test-"));

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
// Failed tests by name, printed again at the end: a CI log is often read from its tail only.
const failures = [];
let failedParts = 0;

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return res.status === 0;
}

function countVitest(file, part) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  for (const f of r.testResults ?? []) {
    const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed");
    if (failed.length === 0 && f.status === "failed")
      failures.push(`${part}: ${path.relative(root, f.name)}: ${firstLine(f.message)}`);
    for (const a of failed)
      failures.push(
        `${part}: ${path.relative(root, f.name)} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`,
      );
  }
  totals.passed += r.numPassedTests;
  // A file that fails to load has no failed test but must still count as a failure.
  totals.failed += Math.max(r.numFailedTests, r.numFailedTestSuites ?? 0);
  totals.skipped += r.numPendingTests + r.numTodoTests;
  if (r.numPendingTests + r.numTodoTests > 0 && ci) {
    console.error(`${r.numPendingTests + r.numTodoTests} skipped test(s): CI accepts no skipped test.`);
    return false;
  }
  return true;
}

function firstLine(text) {
  return (
    String(text ?? "")
      .split("\n")
      .find((l) => l.trim()) ?? ""
  );
}

function playwrightFailures(suite, file) {
  const here = suite.file ?? file;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== "unexpected") continue;
      const last = t.results?.[t.results.length - 1];
      failures.push(`e2e: ${here} > ${spec.title}: ${firstLine(last?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  for (const suite of report.suites ?? []) playwrightFailures(suite);
  const s = report.stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  return !(ci && s.skipped > 0);
}

function vitest(project, name, env = {}) {
  const out = path.join(reports, `${name}.json`);
  const ok = run(
    "npx",
    [
      "vitest",
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
    ],
    env,
  );
  return countVitest(out, name) !== false && ok;
}

const parts = [
  [
    "typecheck",
    // src/shared again on its own: the contract may use neither DOM nor Node types.
    () =>
      run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]) &&
      run("npx", ["tsc", "--noEmit", "-p", "src/shared/tsconfig.json"]),
  ],
  ["lint", () => run("npx", ["biome", "check", "--error-on-warnings", "."])],
  ["boundaries", () => run("npx", ["depcruise", "src", "--config", ".dependency-cruiser.cjs"])],
  ["unit", () => vitest("unit", "unit")],
  ["api", () => vitest("api", "api-pglite", { TEST_DB: "pglite" })],
  [
    "api-postgres",
    () => {
      if (!process.env.TEST_DATABASE_URL)
        return "TEST_DATABASE_URL is not set, so the API tests did not run on PostgreSQL";
      return vitest("api", "api-postgres", { TEST_DB: "postgres" });
    },
  ],
  [
    "e2e",
    () => {
      if (!existsSync(chromium))
        return `no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
      if (!run(process.execPath, ["scripts/build.mjs"])) return false;
      const out = path.join(reports, "e2e.json");
      const ok = run("npx", ["playwright", "test"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        CHROMIUM_PATH: chromium,
      });
      return countPlaywright(out) !== false && ok;
    },
  ],
];

for (const [name, fn] of parts) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = fn();
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (typeof result === "string") {
    // A part that cannot run is a failure under CI, a loud skip elsewhere.
    summary.push(`${ci ? "FAILED" : "NOT RUN"}  ${name}: ${result}`);
    if (ci) failedParts++;
  } else {
    summary.push(`${result ? "ok    " : "FAILED"}  ${name} (${secs}s)`);
    if (!result) failedParts++;
  }
}

rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) console.log(`\n=== failed tests ===\n${failures.join("\n")}`);
console.log(`\n=== summary ===\n${summary.join("\n")}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(failedParts > 0 || totals.failed > 0 ? 1 : 0);
