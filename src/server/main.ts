// The server process: env -> config -> buildApp -> listen, and a bounded graceful shutdown.
// Production runs the build of this file (`node dist/server/main.js`); `npm start` imports that build.
// `--worker` (or ROLE=worker) runs background jobs only and listens on no port; ROLE=web serves HTTP only.
import "./lib/heap.ts";
import type { FastifyInstance } from "fastify";
import { configFromEnv } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { type Env, loadEnv } from "./env.ts";
import { StartupError } from "./lib/startup-error.ts";

/** Exit with the reason only: an operator needs the line, not a stack trace. */
function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

// Signals are taken from the first line on: a SIGTERM while the server starts (a PGlite folder opening, a
// migration) stops it cleanly once it has started, instead of killing it half-way by the default action.
let stopRequested: NodeJS.Signals | undefined;
const duringStartup = (signal: NodeJS.Signals) => {
  stopRequested ??= signal;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, duringStartup);

let env: Env;
try {
  env = loadEnv(process.env, process.argv.slice(2));
} catch (err) {
  stop((err as Error).message);
}

let app: FastifyInstance;
try {
  const config = configFromEnv(env);
  // The database opens while the rest of the server (most of the code) loads: PGlite compiles its WASM
  // on other threads and PostgreSQL answers over the network meanwhile.
  const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  opening.catch(() => {}); // awaited below: no unhandled-rejection crash while app.ts loads
  const { buildApp } = await import("./app.ts");
  app = await buildApp(config, await opening, { closeDatabase: true });
} catch (err) {
  if (err instanceof StartupError) stop(`Studyhall cannot start: ${err.message}`);
  throw err;
}

try {
  // ready() starts the job handlers (jobs/queue.ts); listen() calls it first.
  if (env.ROLE === "worker") await app.ready();
  else await app.listen({ port: env.PORT, host: env.HOST });
} catch (err) {
  const reasons: Record<string, string> = {
    EADDRINUSE: "is already in use (another server?); stop it or set PORT",
    EACCES: "needs privileges this process lacks; set PORT above 1023",
    EADDRNOTAVAIL: "cannot be bound: HOST is not an address of this machine",
  };
  const reason = reasons[(err as NodeJS.ErrnoException).code ?? ""];
  if (!reason) throw err;
  await app.close();
  stop(`Studyhall cannot start: ${env.HOST}:${env.PORT} ${reason}`);
}
app.log.info(
  env.ROLE === "worker"
    ? `Studyhall worker is running jobs (database: ${app.dbKind})`
    : `Studyhall is ready at http://${env.HOST}:${env.PORT} (database: ${app.dbKind}, role: ${env.ROLE})`,
);

let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  const limit = env.SHUTDOWN_TIMEOUT_SECONDS;
  app.log.info(`${signal}: stopping (finishing requests and jobs in progress, at most ${limit} s)`);
  // A stuck request or database must not keep a stopping server (and its data folder) forever; exiting
  // non-zero tells the supervisor the stop was not clean.
  setTimeout(
    () => stop(`Studyhall did not stop within ${limit} s of ${signal}; exiting anyway`),
    limit * 1000,
  ).unref();
  // close() stops accepting, waits for in-flight requests, then runs onClose (database, data folder lock).
  await app.close();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, shutdown);
  process.off(signal, duringStartup);
}
if (stopRequested) void shutdown(stopRequested);
