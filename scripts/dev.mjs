// `npm run dev`: Vite with hot reload on http://127.0.0.1:5173 (in this process; /api goes to the server)
// and the server from its TypeScript sources, restarted by `tsx watch` when they change. Ctrl-C, SIGTERM
// or either one stopping stops both.
import { spawn } from "node:child_process";
import path from "node:path";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "..");

const server = spawn(
  process.execPath,
  [path.join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "--clear-screen=false", "src/server/main.ts"],
  { cwd: root, stdio: "inherit" },
);

let vite;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  await vite?.close();
  process.exit(code);
}
server.on("exit", (code) => stop(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));

vite = await createServer({ configFile: path.join(root, "vite.config.ts") });
await vite.listen();
vite.printUrls();
