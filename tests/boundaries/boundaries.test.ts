import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(import.meta.dirname, "fixture");
const config = path.join(root, ".dependency-cruiser.cjs");
const rules: { name: string }[] = createRequire(import.meta.url)(config).forbidden;

/** Each planted file (under fixture/, laid out like the repository's src/) and the one rule it breaks. */
const PLANTED: Record<string, string> = {
  "src/shared/violates-shared-imports-no-app-code.ts": "shared-imports-no-app-code",
  "src/shared/violates-shared-no-node.ts": "shared-no-node",
  "src/shared/violates-shared-no-react-or-dom.ts": "shared-no-react-or-dom",
  "src/client/violates-client-never-imports-server-alias.ts": "client-never-imports-server",
  "src/client/violates-client-never-imports-server-relative.ts": "client-never-imports-server",
  "src/client/violates-client-no-node.ts": "client-no-node",
  "src/server/violates-server-never-imports-client.ts": "server-never-imports-client",
  "src/client/features/alpha/violates-client-features-independent.ts": "client-features-independent",
  "src/server/features/one/violates-server-feature-internals-private-repo.ts":
    "server-feature-internals-private",
  "src/server/features/one/violates-server-feature-internals-private-routes.ts":
    "server-feature-internals-private",
};

interface Cruise {
  modules: { source: string }[];
  summary: { violations: { from: string; to: string; rule: { name: string } }[] };
}

/** The real depcruise command with the repository's config, run on the fixture as if it were the repo. */
function cruiseFixture(): Cruise {
  const bin = path.join(root, "node_modules/.bin/depcruise");
  const res = spawnSync(bin, ["src", "--config", config, "--output-type", "json"], {
    cwd: fixture,
    encoding: "utf8",
  });
  if (!res.stdout) throw new Error(`depcruise failed: ${res.stderr}`);
  return JSON.parse(res.stdout) as Cruise;
}

describe("import boundaries (.dependency-cruiser.cjs)", () => {
  let cruise: Cruise;
  let found: { from: string; rule: string }[];
  beforeAll(() => {
    cruise = cruiseFixture();
    found = cruise.summary.violations.map((v) => ({ from: v.from, rule: v.rule.name }));
  }, 60_000);

  it("plants a violation for every rule", () => {
    expect(new Set(Object.values(PLANTED))).toEqual(new Set(rules.map((r) => r.name)));
  });

  it.each(Object.entries(PLANTED))("flags %s with %s", (file, rule) => {
    expect(found.filter((v) => v.from === file)).toEqual([{ from: file, rule }]);
  });

  it("flags nothing else: clean files (a page composing features, a service given another) pass", () => {
    const clean = cruise.modules.map((m) => m.source).filter((s) => s.startsWith("src/") && !(s in PLANTED));
    expect(clean).toEqual(
      expect.arrayContaining([
        "src/client/app/pages/composed-page.ts",
        "src/server/features/one/one.service.ts",
        "src/shared/contract.ts",
      ]),
    );
    expect(found.filter((v) => !(v.from in PLANTED))).toEqual([]);
  });
});
