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
  "src/server/lib/violates-server-lib-is-generic-feature.ts": "server-lib-is-generic",
  "src/server/lib/violates-server-lib-is-generic-integration.ts": "server-lib-is-generic",
  "src/server/features/one/violates-table-owned-by-its-feature.ts": "table-owned-by-its-feature",
  "src/server/features/one/violates-table-owned-by-its-feature-index.ts": "table-owned-by-its-feature",
  // A listed read model (friends.repo.ts may join auth's users) that also imports tasks.
  "src/server/features/friends/friends.repo.ts": "read-model-reads-listed-tables",
  "src/server/jobs/violates-tables-only-in-features-and-db.ts": "tables-only-in-features-and-db",
};

/**
 * Planted import circles (rule no-circular), each a pair of files. depcruise reports a circle once, from
 * one of its modules, so a pair is checked as one.
 */
const CIRCLES: [string, string][] = [
  // A trigger and the lazily loaded dialog that imports it back (a dynamic import).
  [
    "src/client/features/alpha/violates-no-circular-button.ts",
    "src/client/features/alpha/violates-no-circular-dialog.ts",
  ],
  // A value import one way, a type-only import back.
  [
    "src/server/features/one/violates-no-circular-types.ts",
    "src/server/features/one/violates-no-circular-values.ts",
  ],
];
const inCircle = (file: string) => CIRCLES.some((pair) => pair.includes(file));

interface Cruise {
  modules: { source: string }[];
  summary: {
    violations: { from: string; to: string; rule: { name: string }; cycle?: { name: string }[] }[];
  };
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
    expect(new Set([...Object.values(PLANTED), "no-circular"])).toEqual(new Set(rules.map((r) => r.name)));
  });

  it.each(Object.entries(PLANTED))("flags %s with %s", (file, rule) => {
    expect(found.filter((v) => v.from === file)).toEqual([{ from: file, rule }]);
  });

  it.each(CIRCLES)("flags the circle %s <-> %s once", (a, b) => {
    const flagged = cruise.summary.violations.filter((v) => v.from === a || v.from === b);
    expect(flagged.map((v) => v.rule.name)).toEqual(["no-circular"]);
    expect(new Set([flagged[0]!.from, ...flagged[0]!.cycle!.map((c) => c.name)])).toEqual(new Set([a, b]));
  });

  it("flags the read model's unlisted table only, not the one it may read", () => {
    const file = "src/server/features/friends/friends.repo.ts";
    expect(cruise.summary.violations.filter((v) => v.from === file).map((v) => v.to)).toEqual([
      "src/server/db/schema/tasks.ts",
    ]);
  });

  it("flags nothing else: clean files (a page composing features, a service given another, a repository and its own table, a test reading any table) pass", () => {
    const clean = cruise.modules
      .map((m) => m.source)
      .filter((s) => s.startsWith("src/") && !(s in PLANTED) && !inCircle(s));
    expect(clean).toEqual(
      expect.arrayContaining([
        "src/client/app/pages/composed-page.ts",
        "src/server/features/one/one.service.ts",
        "src/server/features/one/one.repo.ts",
        "src/server/features/one/one-tables.test.ts",
        "src/server/db/schema/index.ts",
        "src/shared/contract.ts",
      ]),
    );
    expect(found.filter((v) => !(v.from in PLANTED) && !inCircle(v.from))).toEqual([]);
  });
});
