// `npm run bench`: every bench/*.bench.ts, one after another (they load the machine; never in parallel).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const res = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(dir, file), ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
