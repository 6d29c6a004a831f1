// `npm start`: build the client when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist/client/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["src/client", "src/shared"].map((d) => newestMtime(path.join(root, d)));
const stale = !existsSync(builtIndex) || Math.max(...sources) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log("Building the client...");
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  cwd: root,
  stdio: "inherit",
});
// Pass stop signals on, so a process manager's SIGTERM reaches the server's graceful shutdown.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
