import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  fromDrizzle,
  fromPglite,
  type Job,
  type JobWithMetadata,
  PgBoss,
  type Clock as QueueClock,
  type QueuePolicy,
} from "pg-boss";
import type { z } from "zod";
import type { Database, Tx } from "../db/client.ts";
import type { ServerRole } from "../env.ts";
import { StartupError } from "../lib/startup-error.ts";
import type { Services } from "../services.ts";
import { deadLetterName, type JobDefinition, retryPolicy } from "./define.ts";

/** pg-boss keeps its tables here and migrates them itself at start-up (decision 007). */
export const QUEUE_SCHEMA = "pgboss";

const DAY_SECONDS = 24 * 60 * 60;

/** Tests only: pg-boss's TestClock, and shorter intervals than production needs. */
export interface JobTuning {
  clock?: QueueClock;
  /** How often an idle worker looks for a job (default 2 s; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often the cron pass runs (default 30 s; 1 to 45). */
  cronIntervalSeconds?: number;
  /** How long stopping waits for running handlers before failing them for a retry (default 5 s). */
  stopTimeoutMs?: number;
}

export interface EnqueueOptions {
  /** The caller's transaction: the job exists if and only if it commits. Required inside a transaction. */
  tx?: Tx;
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
}

export type QueuedJob = JobWithMetadata<unknown>;

function queuePolicy(definition: JobDefinition): QueuePolicy {
  if (!definition.singleton) return "standard";
  // pg-boss's 'singleton': one active per key, any number waiting; 'stately': one active and one waiting.
  return definition.singleton.duplicates === "drop" ? "stately" : "singleton";
}

function queueOptions(definition: JobDefinition) {
  const retry = retryPolicy(definition);
  return {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    retryDelayMax: retry.maxDelaySeconds,
    expireInSeconds: definition.timeoutSeconds ?? 15 * 60,
    deadLetter: deadLetterName(definition.name),
  };
}

const isPlainObject = (v: unknown): v is object =>
  typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The durable job queue (pg-boss) on the app's own database. Every role can enqueue; `all` and `worker`
 * also run handlers, the cron pass and pg-boss's maintenance. On PGlite pg-boss shares the one in-process
 * connection; on PostgreSQL it keeps a small pool of its own.
 */
export function createJobQueue(opts: {
  target: Database["queueTarget"];
  role: ServerRole;
  log: FastifyBaseLogger;
  tuning?: JobTuning;
}) {
  const { target, role, log, tuning = {} } = opts;
  const works = role !== "web";
  const cron = tuning.cronIntervalSeconds;
  const boss = new PgBoss({
    ...("pglite" in target
      ? { db: fromPglite(target.pglite), backend: "pglite" as const }
      : { connectionString: target.url, max: works ? 4 : 2 }),
    schema: QUEUE_SCHEMA,
    // Expiring stuck runs, deleting old jobs and the cron pass: where handlers run, cluster-wide locked.
    supervise: works,
    schedule: works,
    instanceName: `studyhall-${role}`,
    ...(tuning.clock ? { clock: tuning.clock } : {}),
    ...(cron ? { cronMonitorIntervalSeconds: cron, cronWorkerIntervalSeconds: cron } : {}),
  });
  // Without a listener an 'error' event would throw and end the process; pg-boss retries by itself.
  boss.on("error", (err) => log.error({ err }, "job queue: %s", err.message));
  boss.on("warning", (w) => log.warn({ data: w.data }, "job queue: %s", w.message));

  let registered: Map<string, JobDefinition> | null = null;

  /** Creates the job's queue and dead-letter queue, or brings their options up to date. */
  async function ensureQueue(definition: JobDefinition) {
    const dead = deadLetterName(definition.name);
    // Nobody works a dead-letter queue: its jobs wait for a person (docs/operations.md) for 30 days.
    if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { retentionSeconds: 30 * DAY_SECONDS });
    const options = queueOptions(definition);
    const policy = queuePolicy(definition);
    const existing = await boss.getQueue(definition.name);
    if (!existing) return boss.createQueue(definition.name, { ...options, policy });
    if (existing.policy !== policy)
      throw new StartupError(
        `job ${definition.name}: its queue was created with policy '${existing.policy}', the code asks for ` +
          `'${policy}'; a changed overlap rule needs a new job name`,
      );
    const changed = (Object.keys(options) as (keyof typeof options)[]).some(
      (k) => existing[k] !== options[k],
    );
    if (changed) await boss.updateQueue(definition.name, options);
  }

  async function run(definition: JobDefinition, job: Job<unknown>, services: Services) {
    const jobLog = log.child({ job: definition.name, jobId: job.id });
    const payload = definition.payload.safeParse(job.data);
    // Retried like any failure, so a payload from a newer build waits in the dead-letter queue, not lost.
    if (!payload.success) throw new Error(`${definition.name}: payload does not match its schema`);
    const started = performance.now();
    try {
      const output = await definition.handler(payload.data, {
        services,
        log: jobLog,
        signal: job.signal,
        jobId: job.id,
        retryCount: job.retryCount,
      });
      jobLog.debug({ ms: Math.round(performance.now() - started) }, "job done");
      // pg-boss stores an object result as the job's output (visible to getJobById); anything else is dropped.
      return isPlainObject(output) ? output : undefined;
    } catch (err) {
      const last = job.retryCount >= retryPolicy(definition).limit;
      jobLog[last ? "error" : "warn"](
        { err, retryCount: job.retryCount },
        last ? "job failed for the last time: dead-lettered" : "job failed: it will be retried",
      );
      throw err;
    }
  }

  /** Every scheduled definition's cron, and no schedule left over from a job that no longer has one. */
  async function syncSchedules(definitions: readonly JobDefinition[]) {
    const wanted = new Set<string>();
    for (const d of definitions) {
      if (!d.schedule) continue;
      wanted.add(d.name);
      await boss.schedule(d.name, d.schedule.cron, {}, { tz: d.schedule.tz ?? "UTC" });
    }
    for (const s of await boss.getSchedules()) if (!wanted.has(s.name)) await boss.unschedule(s.name, s.key);
  }

  return {
    role,

    /**
     * Migrates pg-boss's schema and creates every job's queue: after this any role can enqueue. Its
     * first run creates the schema (on PGlite, synchronous work on this thread): done before the app
     * serves or samples the event loop.
     */
    async open(definitions: readonly JobDefinition[]) {
      await boss.start();
      for (const d of definitions) await ensureQueue(d);
      registered = new Map(definitions.map((d) => [d.name, d]));
    },

    /** Unless web-only: runs every job's handler as jobs arrive, and registers the cron schedules. */
    async startWorkers(services: Services) {
      if (!registered) throw new Error("job queue: open() first");
      if (!works) return;
      const definitions = [...registered.values()];
      for (const d of definitions) {
        const options = {
          batchSize: 1,
          localConcurrency: d.concurrency ?? 1,
          pollingIntervalSeconds: tuning.pollingIntervalSeconds ?? 2,
        };
        await boss.work<unknown>(d.name, options, ([job]) => run(d, job as Job<unknown>, services));
      }
      await syncSchedules(definitions);
    },

    /**
     * Adds a job; answers its id, or null when a `drop` singleton already has one waiting. Inside a
     * transaction pass `tx` (on PGlite a job enqueued beside an open transaction would wait for it forever).
     */
    async enqueue<S extends z.ZodType>(
      definition: JobDefinition<S>,
      payload: z.input<S>,
      options: EnqueueOptions = {},
    ): Promise<string | null> {
      if (registered?.get(definition.name) !== (definition as JobDefinition))
        throw new Error(
          `job ${definition.name}: not listed in features/index.ts, or the queue is not started`,
        );
      const data = definition.payload.parse(payload);
      return boss.send(definition.name, data as object, {
        singletonKey: definition.singleton?.key(data),
        startAfter: options.startAfter,
        // drizzle's transaction satisfies the adapter's execute(); its types are narrower than the adapter's.
        db: options.tx ? fromDrizzle(options.tx as Parameters<typeof fromDrizzle>[0], sql) : undefined,
      });
    },

    /** A job's jobs as stored, oldest first; `deadLettered`: the ones whose retries ran out. */
    jobs(definition: JobDefinition, { deadLettered = false } = {}): Promise<QueuedJob[]> {
      return boss.findJobs(deadLettered ? deadLetterName(definition.name) : definition.name);
    },

    job(definition: JobDefinition, id: string): Promise<QueuedJob | null> {
      return boss.getJobById(definition.name, id);
    },

    /** Stops fetching and waits (bounded) for running handlers; enqueueing still works afterwards. */
    stopWorkers: () => boss.stop({ close: false, graceful: true, timeout: tuning.stopTimeoutMs ?? 5000 }),

    /** Closes pg-boss's own pool (PostgreSQL); PGlite's connection belongs to the database. */
    close: () => boss.stop({ close: true, graceful: false }),
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
