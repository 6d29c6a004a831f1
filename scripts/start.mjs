// `npm start`: build what is missing or stale (a fresh clone builds everything), then run the built server
// in this very process, so signals, exit status and the port belong to one process. package.json `exec`s
// this script, so npm's own child is this process: npm passes SIGINT/SIGTERM here and exits with our status.
// Supervisors run `node dist/server/main.js` after `npm run build` instead.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { staleParts } from "./build.mjs";

const root = path.resolve(import.meta.dirname, "..");

const stale = staleParts();
if (stale.length) {
  console.log(`Building ${stale.join(" and ")}...`);
  // A child process, so the bundlers' memory is not kept by the server.
  const res = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs"), ...stale], {
    stdio: "inherit",
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// npm killed with SIGKILL cannot pass anything on: notice the new parent and stop as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 1000).unref();

await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
