import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";

/** How a failed run is tried again before the job is dead-lettered. */
export interface RetryPolicy {
  /** Retries after the first attempt (0: one attempt only). */
  limit: number;
  /** Wait before the first retry, in seconds. */
  delaySeconds: number;
  /** Double the wait on each retry (with jitter), up to `maxDelaySeconds`. */
  backoff: boolean;
  maxDelaySeconds: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  limit: 3,
  delaySeconds: 30,
  backoff: true,
  maxDelaySeconds: 3600,
};

/**
 * Every feature's service, as a handler sees it: services.ts fills this in (declaration merging) with its
 * Services, so a job is typed against the real services without jobs/ importing the composition root,
 * which imports the features, which import their jobs (an import circle).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by services.ts
export interface JobServices {}

/** What a handler gets besides its payload. */
export interface JobContext {
  services: JobServices;
  log: FastifyBaseLogger;
  /** Aborted when the run times out or the process stops: pass it to anything slow. */
  signal: AbortSignal;
  jobId: string;
  /** 0 on the first run, then 1, 2, ... on retries. */
  retryCount: number;
}

/** What a batch handler gets besides its payloads: the signal is aborted when any job of the batch is. */
export type BatchContext = Pick<JobContext, "services" | "log" | "signal">;

/**
 * One kind of background job. A handler may run more than once for one job (a process that dies mid-run,
 * a timeout, a retry after a partial failure): it must be idempotent, and its definition says how.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** `<feature>.<job>`, e.g. `auth.purge-sessions`: the queue's name in the database, never renamed. */
  name: string;
  /** Checked when the job is enqueued and again before it runs. */
  payload: S;
  /** Resolves: the job is done. Throws: it is retried per `retry`, then dead-lettered. */
  handler(payload: z.output<S>, ctx: JobContext): Promise<unknown>;
  retry?: Partial<RetryPolicy>;
  /** A run taking longer is failed (and retried) and its signal aborted. Default 15 minutes. */
  timeoutSeconds?: number;
  /** Handlers of this job one process runs at once. Default 1. */
  concurrency?: number;
  /**
   * Set-based work: a worker fetches up to `size` waiting jobs in one statement and hands their payloads
   * to `handler` together (e.g. one delivery per student, delivered 100 students at a time with a few
   * statements instead of a few per student). Resolving completes every job of the batch, throwing fails
   * (and retries) every one, so it must be as idempotent as the single handler. `handler` above still
   * defines one job's work (the batch of one).
   */
  batch?: { size: number; handler(payloads: z.output<S>[], ctx: BatchContext): Promise<unknown> };
  /**
   * Runs with the same key never overlap (e.g. `user:42`). `queue`: every job waits its turn; `drop`: while
   * one job with the key is waiting, enqueueing another is a no-op (it would do the same work). Fixed
   * when the queue is first created: changing it needs a new job name.
   */
  singleton?: { key(payload: z.output<S>): string; duplicates: "queue" | "drop" };
  /**
   * Enqueued by the cluster on this cron schedule (UTC unless `tz`), once per occurrence however many
   * instances run. The payload is `{}`: a scheduled job finds its own work.
   */
  schedule?: { cron: string; tz?: string };
}

/** Declares a job; `<feature>.jobs.ts` exports these and features/index.ts lists them. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  if (!/^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/.test(definition.name))
    throw new Error(`Job name '${definition.name}' must be '<feature>.<job>' in lower-case kebab`);
  return definition;
}

export function retryPolicy(definition: JobDefinition): RetryPolicy {
  return { ...DEFAULT_RETRY, ...definition.retry };
}

/** The queue that keeps a job's failed runs once every retry is spent. */
export const deadLetterName = (name: string) => `${name}.dead`;
