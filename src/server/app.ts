import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.ts";
import { type Database, type Db, openDatabase } from "./db/client.ts";
import { selfOrigin } from "./features/canvas/self-origin.ts";
import { featureJobs, featureRoutes } from "./features/index.ts";
import { createHttpServer } from "./http-server.ts";
import { createJobQueue, type JobQueue } from "./jobs/queue.ts";
import { systemClock } from "./lib/clock.ts";
import { REDACT_PATHS, serializeError } from "./lib/log-redaction.ts";
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES, validatorCompiler } from "./lib/route.ts";
import { registerUploads } from "./lib/upload.ts";
import { setWorkerLog } from "./lib/worker-pool.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerErrorHandler } from "./plugins/errors.ts";
import { MAX_JSON_BODY_BYTES, registerJsonBody } from "./plugins/json-body.ts";
import { registerOverload } from "./plugins/overload.ts";
import { registerRateLimit } from "./plugins/rate-limit.ts";
import { registerSecurityHeaders, registerStaticClient } from "./plugins/static-client.ts";
import { createServices, type Services } from "./services.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** For tests and benchmarks that set rows up directly; routes go through `services`. */
    db: Db;
    dbKind: Database["kind"];
    config: AppConfig;
    /** Every feature's service (services.ts); routes and plugins use these, never repositories. */
    services: Services;
    /** The background job queue (jobs/queue.ts): started when the app is ready, stopped on close. */
    jobs: JobQueue;
  }
}

/**
 * The whole server as a function: main.ts listens on it, tests call inject() on it.
 * Pass `database` to reuse one already opened (tests: left open on close, unless `closeDatabase`);
 * otherwise it is opened from the config and closed with the app.
 */
export async function buildApp(
  config: AppConfig,
  database?: Database,
  { closeDatabase = !database } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // JSON lines on stdout, for log collectors; `npm run dev` shows them readable (scripts/dev.mjs).
      ...(config.logStream ? { stream: config.logStream } : {}),
      // The Canvas token may arrive in a query string (SPEC §7): never let it reach a log line. Errors
      // lose query parameters and row details (lib/log-redaction.ts); secret-named keys are censored.
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), reqId: req.id }),
        err: (err: Error) => serializeError(err),
      },
      redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
    },
    // Per-request lines only when debugging: at info level they would dominate the log.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== "debug" && config.logLevel !== "trace",
    }),
    trustProxy: config.trustProxy,
    // JSON bodies are refused past 1 MB as they stream in (plugins/json-body.ts); uploads are multipart,
    // read by @fastify/multipart under their own limits (lib/upload.ts).
    bodyLimit: MAX_JSON_BODY_BYTES,
    // Timeouts and the per-address connection cap (http-server.ts).
    serverFactory: (handler) => createHttpServer(handler, config.limits),
  });
  // What worker child processes print (a recycled child's fatal error) becomes warn lines of this log.
  setWorkerLog(app.log);
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate("db", db.db);
  app.decorate("dbKind", db.kind);
  app.decorate("config", config);
  const role = config.role ?? "all";
  const jobs = createJobQueue({ target: db.queueTarget, role, log: app.log, tuning: config.jobTuning });
  // Before the event-loop monitor (plugins/overload.ts) starts: a first start creates pg-boss's schema.
  await jobs.open(featureJobs);
  app.decorate("jobs", jobs);
  app.decorate(
    "services",
    createServices({
      db: db.db,
      dbKind: db.kind,
      config,
      clock: config.clock ?? systemClock,
      jobs,
      selfOrigin: () => selfOrigin(app),
      log: app.log,
    }),
  );
  // Handlers start once the app is ready, without holding up a server's first answers (a worker waits);
  // running ones finish before the database closes.
  app.addHook("onReady", async () => {
    const starting = jobs.startWorkers(app.services);
    if (role === "worker") return starting;
    starting.catch((err) => app.log.error({ err }, "job workers did not start"));
  });
  // Work a request left for after its answer (a rating's achievement evaluation) ends before the pool.
  app.addHook("preClose", () => app.services.events.settle());
  app.addHook("preClose", () => jobs.stopWorkers());
  app.addHook("onClose", () => jobs.close());
  app.addHook("onClose", async () => app.services.notifications.close());
  if (closeDatabase) app.addHook("onClose", () => db.close());
  // A worker serves no HTTP: none of what follows.
  if (role === "worker") return app;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  await registerOverload(app, config);
  registerSecurityHeaders(app, config);
  // Before every route and the static client (whose precompressed files it then leaves alone): JSON
  // answers go out in an encoding the client accepts (a kept answer in the Brotli form it was kept with:
  // JsonText.kept); under 1 KB it is not worth it.
  // Request bodies are never compressed by our client, so no decompression (and no zip-bomb surface).
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    globalDecompression: false,
  });
  await registerRateLimit(app, config);
  await registerUploads(app);
  registerAuth(app);
  for (const routes of featureRoutes) await app.register(routes);
  if (config.clientDir) await registerStaticClient(app, config.clientDir);
  return app;
}

/**
 * A URL as a log line may show it: tokens in the query string, and the secrets that are path segments
 * (the calendar feed's token, a public share code) censored, at every log level.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|access_token)=)[^&#]*/gi, "$1[REDACTED]")
    .replace(/(\/(?:calendar-feed|share)\/)[^/?#]+/gi, "$1[REDACTED]");
}
