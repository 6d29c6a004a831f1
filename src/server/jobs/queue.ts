import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  type ConstructorOptions,
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
import { deadLetterName, type JobDefinition, type JobServices, retryPolicy } from "./define.ts";
import { QUEUE_SCHEMA } from "./queue-schema.ts";
import { runBatch, runJob } from "./run-job.ts";

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

/**
 * The durable job queue (pg-boss) on the app's own database. Every role can enqueue; `all` and `worker`
 * also run handlers, the cron pass and pg-boss's maintenance. On PGlite pg-boss shares the one in-process
 * connection; on PostgreSQL it keeps small pools of its own.
 *
 * Two pg-boss instances: a producer (migrates the schema, creates the queues, enqueues) that opens before
 * the app serves, and a consumer (workers, cron pass, maintenance) started once it is ready, so a start
 * does not wait for the consumer's first statements (a few hundred ms on a freshly opened PGlite).
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
  const connect = (max: number) =>
    "pglite" in target
      ? { db: fromPglite(target.pglite), backend: "pglite" as const }
      : { connectionString: target.url, max };
  const newBoss = (options: ConstructorOptions) => {
    const boss = new PgBoss({
      schema: QUEUE_SCHEMA,
      // Job dependencies (flows) are not used: their resolver would poll every 5 s (~30 ms on PGlite).
      flowIntervalSeconds: 600,
      ...(tuning.clock ? { clock: tuning.clock } : {}),
      ...(cron ? { cronMonitorIntervalSeconds: cron, cronWorkerIntervalSeconds: cron } : {}),
      ...options,
    });
    // Without a listener an 'error' event would throw and end the process; pg-boss retries by itself.
    boss.on("error", (err) => log.error({ err }, "job queue: %s", err.message));
    boss.on("warning", (w) => log.warn({ data: w.data }, "job queue: %s", w.message));
    return boss;
  };
  const producer = newBoss({ ...connect(2), supervise: false, schedule: false, registerInstance: false });
  let consumer: PgBoss | null = null;
  let starting: Promise<void> | null = null;
  let registered: Map<string, JobDefinition> | null = null;

  /** Creates each job's queue and dead-letter queue, or brings their options up to date. */
  async function ensureQueues(definitions: readonly JobDefinition[]) {
    const names = definitions.flatMap((d) => [d.name, deadLetterName(d.name)]);
    const existing = new Map((await producer.getQueues(names)).map((q) => [q.name, q]));
    for (const definition of definitions) {
      const dead = deadLetterName(definition.name);
      // Nobody works a dead-letter queue: its jobs wait for a person (docs/operations.md) for 30 days.
      if (!existing.has(dead)) await producer.createQueue(dead, { retentionSeconds: 30 * DAY_SECONDS });
      const options = queueOptions(definition);
      const policy = queuePolicy(definition);
      const queue = existing.get(definition.name);
      if (!queue) await producer.createQueue(definition.name, { ...options, policy });
      else if (queue.policy !== policy)
        throw new StartupError(
          `job ${definition.name}: its queue was created with policy '${queue.policy}', the code asks ` +
            `for '${policy}'; a changed overlap rule needs a new job name`,
        );
      else if ((Object.keys(options) as (keyof typeof options)[]).some((k) => queue[k] !== options[k]))
        await producer.updateQueue(definition.name, options);
    }
  }

  /** Every scheduled definition's cron, and no schedule left over from a job that no longer has one. */
  async function syncSchedules(boss: PgBoss, definitions: readonly JobDefinition[]) {
    const wanted = new Set<string>();
    for (const d of definitions) {
      if (!d.schedule) continue;
      wanted.add(d.name);
      await boss.schedule(d.name, d.schedule.cron, {}, { tz: d.schedule.tz ?? "UTC" });
    }
    for (const s of await boss.getSchedules()) if (!wanted.has(s.name)) await boss.unschedule(s.name, s.key);
  }

  async function startConsumer(definitions: readonly JobDefinition[], services: JobServices) {
    // Expiring stuck runs, deleting old jobs, the cron pass: where handlers run, each locked cluster-wide.
    const boss = newBoss({
      ...connect(4),
      migrate: false,
      // The instance registry (getInstances()) tells PostgreSQL's processes apart; PGlite has one, and its
      // heartbeat would be a write every 30 s for nothing.
      registerInstance: !("pglite" in target),
      instanceName: `studyhall-${role}`,
    });
    consumer = boss;
    await boss.start();
    for (const d of definitions) {
      const options = {
        localConcurrency: d.concurrency ?? 1,
        pollingIntervalSeconds: tuning.pollingIntervalSeconds ?? 2,
      };
      if (d.batch)
        // A full batch means more are waiting: fetch again at once instead of after the polling interval.
        await boss.work<unknown>(
          d.name,
          { ...options, batchSize: d.batch.size, perJobResults: true, burstWhenBatchFull: true },
          (jobs) => runBatch(d, jobs as Job<unknown>[], { services, log }),
        );
      else
        await boss.work<unknown>(d.name, { ...options, batchSize: 1 }, ([job]) =>
          runJob(d, job as Job<unknown>, { services, log }),
        );
    }
    await syncSchedules(boss, definitions);
  }

  return {
    role,

    /**
     * Migrates pg-boss's schema and creates every job's queue: after this any role can enqueue. Its
     * first run creates the schema (on PGlite, synchronous work on this thread): done before the app
     * serves or samples the event loop.
     */
    async open(definitions: readonly JobDefinition[]) {
      await producer.start();
      await ensureQueues(definitions);
      registered = new Map(definitions.map((d) => [d.name, d]));
    },

    /**
     * Unless web-only: runs every job's handler as jobs arrive and registers the cron schedules. Answers
     * once they run (`workersStarted()` answers the same promise later).
     */
    startWorkers(services: JobServices): Promise<void> {
      if (!registered) throw new Error("job queue: open() first");
      starting ??= works ? startConsumer([...registered.values()], services) : Promise.resolve();
      return starting;
    },

    workersStarted: () => starting ?? Promise.reject(new Error("job queue: workers not started")),

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
        throw new Error(`job ${definition.name}: not listed in features/index.ts, or the queue is not open`);
      const data = definition.payload.parse(payload);
      return producer.send(definition.name, data as object, {
        singletonKey: definition.singleton?.key(data),
        startAfter: options.startAfter,
        // drizzle's transaction satisfies the adapter's execute(); its types are narrower than the adapter's.
        db: options.tx ? fromDrizzle(options.tx as Parameters<typeof fromDrizzle>[0], sql) : undefined,
      });
    },

    /**
     * Adds one job per payload in one statement (a tick fanning out per student); a `drop` singleton
     * whose key already waits gets no second job. Answers how many were added.
     */
    async enqueueMany<S extends z.ZodType>(
      definition: JobDefinition<S>,
      payloads: z.input<S>[],
    ): Promise<number> {
      if (registered?.get(definition.name) !== (definition as JobDefinition))
        throw new Error(`job ${definition.name}: not listed in features/index.ts, or the queue is not open`);
      if (payloads.length === 0) return 0;
      const jobs = payloads.map((p) => {
        const data = definition.payload.parse(p);
        return { data: data as object, singletonKey: definition.singleton?.key(data) };
      });
      const ids = await producer.insert(definition.name, jobs, { returnId: true });
      return ids?.length ?? 0;
    },

    /** A job's jobs as stored, oldest first; `deadLettered`: the ones whose retries ran out. */
    jobs(definition: JobDefinition, { deadLettered = false } = {}): Promise<QueuedJob[]> {
      return producer.findJobs(deadLettered ? deadLetterName(definition.name) : definition.name);
    },

    job(definition: JobDefinition, id: string): Promise<QueuedJob | null> {
      return producer.getJobById(definition.name, id);
    },

    /** Stops fetching and waits (bounded) for running handlers; enqueueing still works afterwards. */
    async stopWorkers() {
      await starting?.catch(() => {});
      await consumer?.stop({ graceful: true, timeout: tuning.stopTimeoutMs ?? 5000 });
    },

    /** Closes pg-boss's own pools (PostgreSQL); PGlite's connection belongs to the database. */
    async close() {
      await this.stopWorkers();
      await producer.stop({ graceful: false });
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
