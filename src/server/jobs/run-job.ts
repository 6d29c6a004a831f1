import type { FastifyBaseLogger } from "fastify";
import type { Job, JobResult } from "pg-boss";
import { type JobDefinition, type JobServices, retryPolicy } from "./define.ts";

const isPlainObject = (v: unknown): v is object =>
  typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * One run of a job's handler: its payload checked again (it may come from an older or newer build), its
 * outcome logged. Resolving completes the job; throwing fails this run, which pg-boss retries per the
 * queue's policy and then moves to the dead-letter queue.
 */
export async function runJob(
  definition: JobDefinition,
  job: Job<unknown>,
  { services, log }: { services: JobServices; log: FastifyBaseLogger },
) {
  const jobLog = log.child({ job: definition.name, jobId: job.id });
  const payload = definition.payload.safeParse(job.data);
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
    // pg-boss stores an object result as the job's output (getJobById shows it); anything else is dropped.
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

/**
 * One run of a batch handler over the jobs one fetch returned. A job whose payload does not match its
 * schema fails alone (retried, then dead-lettered, as runJob would); the others run together and are
 * completed together, or all fail for a retry when the handler throws.
 */
export async function runBatch(
  definition: JobDefinition,
  jobs: Job<unknown>[],
  { services, log }: { services: JobServices; log: FastifyBaseLogger },
): Promise<JobResult[]> {
  const batch = definition.batch!;
  const jobLog = log.child({ job: definition.name, batch: jobs.length });
  const results: JobResult[] = [];
  const valid: { id: string; payload: unknown }[] = [];
  for (const job of jobs) {
    const payload = definition.payload.safeParse(job.data);
    if (payload.success) valid.push({ id: job.id, payload: payload.data });
    else {
      jobLog.error({ jobId: job.id }, `${definition.name}: payload does not match its schema`);
      results.push({
        id: job.id,
        status: "failed",
        output: { message: "payload does not match its schema" },
      });
    }
  }
  if (valid.length === 0) return results;
  const started = performance.now();
  try {
    await batch.handler(
      valid.map((v) => v.payload),
      { services, log: jobLog, signal: AbortSignal.any(jobs.map((j) => j.signal)) },
    );
  } catch (err) {
    const last = jobs.every((j) => j.retryCount >= retryPolicy(definition).limit);
    jobLog[last ? "error" : "warn"](
      { err },
      last ? "batch failed for the last time" : "batch failed: it will be retried",
    );
    throw err;
  }
  jobLog.debug({ ms: Math.round(performance.now() - started) }, "batch done");
  return [...results, ...valid.map((v) => ({ id: v.id, status: "completed" as const }))];
}
