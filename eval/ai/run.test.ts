import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "eval/ai/run.ts", ...args], {
    cwd: root,
    encoding: "utf8",
  });

// The area briefs send whoever changes the engine to `npm run eval:ai -- --help` first: it has to answer.
// Each case starts node with tsx, which compiles the runner and the server it imports: on a fresh clone
// (no transform cache) under CI's load that passed vitest's 5 s default.
describe("eval:ai's command line", { timeout: 60_000 }, () => {
  it("lists its options on --help and runs nothing", () => {
    const result = run("--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Usage: npm run eval:ai -- [options]");
    for (const option of ["--db", "--split", "--questions-only", "--answers", "--help"]) {
      expect(result.stdout).toContain(option);
    }
    expect(result.stdout).not.toContain("AI evaluation");
  });

  it("names an unknown option and lists the real ones instead of a stack trace", () => {
    const result = run("--nope");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("'--nope'");
    expect(result.stderr).toContain("--questions-only");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
