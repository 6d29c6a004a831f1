import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parentPort, type Transferable, Worker } from "node:worker_threads";

/**
 * A few worker threads for CPU-heavy work (document extraction, later summaries), so one large job cannot
 * stall other requests. Each job gets a whole worker, a time limit and a heap cap; a worker that times
 * out, runs out of memory or dies is thrown away and the next job gets a fresh one. Idle workers do not
 * keep the process alive and are stopped after `idleMs`.
 *
 * Entry files: pass the URL of the worker's .ts source. When a .js file of the same name sits beside it,
 * that is used instead: the production build emits each worker entry as `<name>.js` next to the bundled
 * main.js, and `new URL("./<name>.ts", import.meta.url)` then resolves inside dist/server/.
 */
export interface WorkerPoolOptions {
  entry: URL;
  /** Workers at most; jobs beyond them wait in a queue. */
  size: number;
  /** Per job, counted from when a started worker takes it (not while it waits or the worker starts). */
  timeoutMs: number;
  /** Waiting jobs at most; one more is refused with reason 'busy'. */
  maxQueue: number;
  /** V8 old-generation heap cap of each worker. */
  maxMemoryMb: number;
  idleMs?: number;
}

export type WorkerPoolFailure = "timeout" | "out_of_memory" | "crashed" | "busy" | "closed";

export class WorkerPoolError extends Error {
  constructor(
    readonly reason: WorkerPoolFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "WorkerPoolError";
  }
}

interface Job {
  task: unknown;
  transfer: readonly Transferable[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** Set once the entry has loaded; a worker that dies before is a broken installation, not a bad job. */
  ready: boolean;
  job: Job | null;
  timer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

/**
 * The smallest heap cap a pool accepts. A worker whose cap is too small to set up V8 itself (2 MB here)
 * stops the worker on Node 20 but aborts the whole process on Node 22 and later; 16 MB is contained on
 * 20, 22 and 24. Even above it, stopping at the cap is best effort: one huge allocation can still abort.
 */
export const MIN_HEAP_MB = 16;

/** A worker that has not loaded its entry by then is broken (a job's own time limit starts after). */
const STARTUP_LIMIT_MS = 60_000;

type Reply = { ok: true; value: unknown } | { ok: false; error: string } | { ready: true };

export class WorkerPool<Task, Result> {
  readonly #options: Required<WorkerPoolOptions>;
  readonly #slots = new Set<Slot>();
  readonly #queue: Job[] = [];
  #closed = false;

  constructor(options: WorkerPoolOptions) {
    if (!(options.maxMemoryMb >= MIN_HEAP_MB))
      throw new RangeError(`maxMemoryMb must be at least ${MIN_HEAP_MB}, not ${options.maxMemoryMb}.`);
    this.#options = { idleMs: 30_000, ...options };
  }

  /** Runs one job; `transfer` lists buffers to move (not copy) into the worker. */
  run(task: Task, transfer: readonly Transferable[] = []): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      if (this.#closed) return reject(new WorkerPoolError("closed", "The worker pool is closed."));
      const job: Job = { task, transfer, resolve: resolve as (v: unknown) => void, reject };
      const idle = [...this.#slots].find((s) => !s.job);
      if (idle) return this.#dispatch(idle, job);
      if (this.#slots.size < this.#options.size) return this.#dispatch(this.#spawn(), job);
      if (this.#queue.length >= this.#options.maxQueue)
        return reject(new WorkerPoolError("busy", "Every worker is busy and the queue is full."));
      this.#queue.push(job);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new WorkerPoolError("closed", "The pool closed."));
    await Promise.all([...this.#slots].map((s) => this.#discard(s, "closed", "The pool closed.")));
  }

  #spawn(): Slot {
    const slot: Slot = { worker: startWorker(this.#options), ready: false, job: null };
    this.#slots.add(slot);
    slot.worker.on("message", (reply: Reply) => {
      if ("ready" in reply) {
        slot.ready = true;
        if (slot.job) this.#startClock(slot);
        return;
      }
      const job = slot.job;
      if (!job) return;
      clearTimeout(slot.timer);
      slot.job = null;
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new Error(reply.error));
      this.#next(slot);
    });
    slot.worker.on("error", (err: Error & { code?: string }) => {
      if (err.code === "ERR_WORKER_OUT_OF_MEMORY")
        return void this.#discard(slot, "out_of_memory", err.message, err);
      if (slot.ready) return void this.#discard(slot, "crashed", err.message, err);
      void this.#discard(
        slot,
        new Error(`The worker ${this.#options.entry.href} failed to start: ${err.message}`, { cause: err }),
      );
    });
    slot.worker.on("exit", (code) => {
      void this.#discard(slot, "crashed", `The worker stopped (exit code ${code}).`);
    });
    return slot;
  }

  #dispatch(slot: Slot, job: Job) {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref();
    if (slot.ready) this.#startClock(slot);
    else {
      const limit = Math.max(STARTUP_LIMIT_MS, this.#options.timeoutMs);
      const message = `The worker ${this.#options.entry.href} did not start within ${limit} ms.`;
      slot.timer = setTimeout(() => void this.#discard(slot, new Error(message)), limit);
    }
    slot.worker.postMessage(job.task, job.transfer);
  }

  /** The time limit counts the job's own work, not a fresh worker's start-up (slow under tsx and load). */
  #startClock(slot: Slot) {
    clearTimeout(slot.timer);
    const { timeoutMs } = this.#options;
    slot.timer = setTimeout(
      () => void this.#discard(slot, "timeout", `The job took longer than ${timeoutMs} ms.`),
      timeoutMs,
    );
  }

  #next(slot: Slot) {
    const job = this.#queue.shift();
    if (job) return this.#dispatch(slot, job);
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.#discard(slot, "closed", "idle"), this.#options.idleMs);
    slot.idleTimer.unref();
  }

  /**
   * Removes a worker for good, failing its job (if any) with `reason` (or with `reason` itself when it is
   * an Error: a worker that cannot start); queued jobs get a fresh worker.
   */
  async #discard(slot: Slot, reason: WorkerPoolFailure | Error, message = "", cause?: unknown) {
    if (!this.#slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    slot.job?.reject(reason instanceof Error ? reason : new WorkerPoolError(reason, message, { cause }));
    slot.job = null;
    const next = this.#closed ? undefined : this.#queue.shift();
    if (next) {
      try {
        this.#dispatch(this.#spawn(), next);
      } catch (err) {
        next.reject(err as Error);
      }
    }
    await slot.worker.terminate();
  }
}

function startWorker(options: Required<WorkerPoolOptions>): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: options.maxMemoryMb };
  const built = new URL(options.entry.href.replace(/\.ts$/, ".js"));
  if (existsSync(fileURLToPath(built))) return new Worker(built, { resourceLimits });
  if (!existsSync(fileURLToPath(options.entry)))
    throw new Error(`Worker entry ${options.entry.href} is missing: the build must emit it beside main.js.`);
  // Running from source (tsx, vitest): Node 20 does not hand the main thread's loader hooks to workers,
  // so the worker registers tsx itself before importing its TypeScript entry.
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(options.entry.href)}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** The worker side: answers each job posted by a WorkerPool with `handler`'s result. */
export function serveJobs<Task, Result>(handler: (task: Task) => Promise<Result> | Result): void {
  const port = parentPort;
  if (!port) throw new Error("serveJobs() runs inside a worker thread.");
  port.on("message", async (task: Task) => {
    try {
      port.postMessage({ ok: true, value: await handler(task) } satisfies Reply);
    } catch (err) {
      port.postMessage({
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      } satisfies Reply);
    }
  });
  // The entry's imports have all loaded by now.
  port.postMessage({ ready: true } satisfies Reply);
}
