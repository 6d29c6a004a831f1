import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// "fetch only in src/client/lib/api.ts" is biome's noRestrictedGlobals (biome.json's overrides). The
// fixture's client files are linted here with the repository's own biome.json, in a copy laid out like
// the repository (from the fixture's own folder its paths would not match the overrides).
const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(import.meta.dirname, "fixture");

interface Lint {
  diagnostics: { category: string; location: { path: string } }[];
}

let dir: string;
let lint: Lint;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "boundaries-fetch-"));
  cpSync(path.join(fixture, "src/client"), path.join(dir, "src/client"), { recursive: true });
  const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  // No git repository in the copy: lint every file there.
  writeFileSync(
    path.join(dir, "biome.json"),
    JSON.stringify({ ...config, $schema: undefined, vcs: undefined }),
  );
  const res = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", "--reporter=json", "src"], {
    cwd: dir,
    encoding: "utf8",
  });
  if (!res.stdout) throw new Error(`biome failed: ${res.stderr}`);
  lint = JSON.parse(res.stdout) as Lint;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("fetch only in src/client/lib/api.ts (biome.json noRestrictedGlobals)", () => {
  it("flags a planted fetch in a client feature, and nothing else", () => {
    expect(lint.diagnostics.map((d) => [d.location.path, d.category])).toEqual([
      ["src/client/features/alpha/violates-fetch-only-in-api.ts", "lint/style/noRestrictedGlobals"],
    ]);
  });

  it("lets the api client call fetch", () => {
    expect(lint.diagnostics.filter((d) => d.location.path === "src/client/lib/api.ts")).toEqual([]);
  });
});
