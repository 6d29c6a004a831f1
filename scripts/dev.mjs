// `npm run dev`: Vite with hot reload (http://localhost:5173, /api proxied to the server) and the server
// from its TypeScript sources, restarted by `tsx watch` when they change. Ctrl-C, SIGTERM, or either one
// stopping stops both.
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { prettyFactory } from "pino-pretty";

const root = path.resolve(import.meta.dirname, "..");
const run = (stdout, script, ...args) =>
  spawn(process.execPath, [path.join(root, "node_modules", script), ...args], {
    cwd: root,
    stdio: ["inherit", stdout, "inherit"],
  });

const server = run("pipe", "tsx/dist/cli.mjs", "watch", "--clear-screen=false", "src/server/main.ts");
// The server writes JSON log lines, as in production; here they become readable ones. pino-pretty is a
// development dependency: the built server never loads it. Lines that are not JSON pass unchanged.
const prettify = prettyFactory({ translateTime: "HH:MM:ss", ignore: "pid,hostname" });
createInterface({ input: server.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
  process.stdout.write(prettify(line) ?? "");
});

const children = [server, run("inherit", "vite/bin/vite.js")];
const running = (child) => child.exitCode === null && child.signalCode === null;

let exitCode;
function stopAll(code) {
  // Once: tsx watch takes a second signal as "kill -9 the server now".
  if (exitCode !== undefined) return;
  exitCode = code;
  for (const child of children.filter(running)) child.kill("SIGTERM");
}
for (const child of children) {
  child.on("exit", (code) => {
    stopAll(code ?? 1);
    if (!children.some(running)) process.exit(exitCode);
  });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
