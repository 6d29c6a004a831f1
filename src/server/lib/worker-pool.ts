import { type ChildProcess, fork } from "node:child_process";
import { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getHeapStatistics } from "node:v8";
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
  /**
   * Jobs of one key (a student) running at once (default: size). Waiting jobs are taken round-robin
   * across keys, so one student's flood waits behind their own jobs, not in front of everyone else's.
   */
  perKeyRunning?: number;
  /** Jobs of one key running or waiting at most; one more is refused with reason 'limit'. Default: no cap. */
  perKeyMax?: number;
  /** Per job, counted from when a started worker takes it (not while it waits or the worker starts). */
  timeoutMs: number;
  /** Waiting jobs at most; one more is refused with reason 'busy'. */
  maxQueue: number;
  /** V8 old-generation heap cap of each worker. */
  maxMemoryMb: number;
  idleMs?: number;
  /**
   * 'thread' (default): worker threads. 'process': each worker is a child process (child_process.fork of
   * the same entry), for work that can take hundreds of MB outside the V8 heap (inflated documents):
   * threads share the server's malloc arenas, so what a thread frees mostly stays in the server's RSS
   * even after the thread ends; a process gives all of it back when it exits (decision 009, "Memory").
   * Jobs and answers are copied over the IPC channel (`transfer` is ignored).
   */
  isolation?: "thread" | "process";
  /** What a child's job is, for the log line its stderr becomes (e.g. the document kind). */
  jobKind?: (task: unknown) => string | undefined;
  /** Where a child's stderr goes (default: the log given to setWorkerLog, else this process's stderr). */
  log?: WorkerLog;
}

/** The options with their defaults filled in (`log` stays optional: the shared log is read when used). */
type PoolSettings = Required<Omit<WorkerPoolOptions, "log">> & Pick<WorkerPoolOptions, "log">;

/** The part of a logger (the server's pino) a child process's stderr is reported to. */
export interface WorkerLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

let sharedLog: WorkerLog | undefined;
/**
 * The log every pool's child processes report their stderr to (buildApp passes the server's logger): a
 * recycled extraction child's "FATAL ERROR: Reached heap limit" is one warn line with its job, not raw
 * lines of native stack among the server's JSON log.
 */
export function setWorkerLog(log: WorkerLog | undefined): void {
  sharedLog = log;
}

/** How one job is run: buffers to move, whose job it is, and when its answer stops being of use. */
export interface RunOptions {
  transfer?: readonly Transferable[];
  /** The fairness key (a student's id); a job without one is capped by nothing but the pool's size. */
  key?: string;
  /**
   * Epoch ms after which the job is of no use (the request's answer must leave before the socket's limit):
   * still waiting then, it fails with 'busy'; running, its time limit is cut to end there ('timeout').
   */
  deadline?: number;
  /** What the worker reports while the job runs (serveJobs' `report`), e.g. pages read so far. */
  onProgress?: (progress: unknown) => void;
}

/** 'limit': the key already has perKeyMax jobs; 'busy': the pool's queue is full or the wait ran out. */
export type WorkerPoolFailure = "timeout" | "out_of_memory" | "crashed" | "busy" | "closed" | "limit";

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
  key: string;
  deadline: number;
  onProgress?: (progress: unknown) => void;
  waitTimer?: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/** What the pool needs of a worker: a Worker, or a ChildWorker standing in for one. */
interface JobWorker extends EventEmitter {
  postMessage(value: unknown, transfer?: readonly Transferable[]): void;
  ref(): void;
  unref(): void;
  terminate(): Promise<unknown>;
}

interface Slot {
  worker: JobWorker;
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

/** `retire`: the worker grew during the job; it is replaced so its memory goes back to the system. */
type Reply =
  | { ok: true; value: unknown; retire?: boolean }
  | { ok: false; error: string; retire?: boolean }
  | { ready: true }
  | { progress: unknown };

export class WorkerPool<Task, Result> {
  readonly #options: PoolSettings;
  readonly #slots = new Set<Slot>();
  /** Waiting jobs by key. */
  readonly #queues = new Map<string, Job[]>();
  /** Jobs running or waiting, by key. */
  readonly #perKey = new Map<string, { running: number; total: number }>();
  /** When each key's last job started (a sequence number), for the round-robin. */
  readonly #served = new Map<string, number>();
  #dispatched = 0;
  #waiting = 0;
  #anonymous = 0;
  #closed = false;

  constructor(options: WorkerPoolOptions) {
    if (!(options.maxMemoryMb >= MIN_HEAP_MB))
      throw new RangeError(`maxMemoryMb must be at least ${MIN_HEAP_MB}, not ${options.maxMemoryMb}.`);
    this.#options = {
      idleMs: 30_000,
      isolation: "thread",
      perKeyRunning: options.size,
      perKeyMax: Number.POSITIVE_INFINITY,
      jobKind: () => undefined,
      ...options,
    };
  }

  /** Jobs running in a worker now (all keys). */
  get running(): number {
    let n = 0;
    for (const slot of this.#slots.values()) if (slot.job) n++;
    return n;
  }

  /** Jobs waiting for a worker (all keys). */
  get waiting(): number {
    return this.#waiting;
  }

  /** Runs one job; `transfer` (or `options.transfer`) lists buffers to move (not copy) into the worker. */
  run(task: Task, options: RunOptions | readonly Transferable[] = {}): Promise<Result> {
    const opts: RunOptions = Array.isArray(options) ? { transfer: options } : (options as RunOptions);
    return new Promise<Result>((resolve, reject) => {
      if (this.#closed) return reject(new WorkerPoolError("closed", "The worker pool is closed."));
      // Without a key a job is its own: no cap of another's applies to it.
      const key = opts.key ?? `\u0000${++this.#anonymous}`;
      const count = this.#count(key);
      if (count.total >= this.#options.perKeyMax)
        return reject(new WorkerPoolError("limit", `Key ${key} already has ${count.total} jobs.`));
      const job: Job = {
        task,
        transfer: opts.transfer ?? [],
        key,
        deadline: opts.deadline ?? Number.POSITIVE_INFINITY,
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      if (job.deadline <= Date.now())
        return reject(new WorkerPoolError("busy", "The job's deadline passed before it started."));
      if (count.running < this.#options.perKeyRunning) {
        const idle = [...this.#slots].find((s) => !s.job);
        if (idle) return this.#dispatch(idle, job);
        if (this.#slots.size < this.#options.size) return this.#dispatch(this.#spawn(), job);
      }
      if (this.#waiting >= this.#options.maxQueue)
        return reject(new WorkerPoolError("busy", "Every worker is busy and the queue is full."));
      this.#enqueue(job);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const queue of this.#queues.values())
      for (const job of queue.splice(0)) {
        clearTimeout(job.waitTimer);
        job.reject(new WorkerPoolError("closed", "The pool closed."));
      }
    this.#queues.clear();
    this.#waiting = 0;
    await Promise.all([...this.#slots].map((s) => this.#discard(s, "closed", "The pool closed.")));
  }

  #count(key: string) {
    let c = this.#perKey.get(key);
    if (!c) {
      c = { running: 0, total: 0 };
      this.#perKey.set(key, c);
    }
    return c;
  }

  #release(key: string, running: boolean) {
    const c = this.#count(key);
    c.total -= 1;
    if (running) c.running -= 1;
    if (c.total <= 0) {
      this.#perKey.delete(key);
      this.#served.delete(key);
    }
  }

  #enqueue(job: Job) {
    this.#count(job.key).total += 1;
    const queue = this.#queues.get(job.key) ?? [];
    if (!this.#queues.has(job.key)) this.#queues.set(job.key, queue);
    queue.push(job);
    this.#waiting += 1;
    if (Number.isFinite(job.deadline)) {
      job.waitTimer = setTimeout(() => {
        const q = this.#queues.get(job.key);
        const i = q?.indexOf(job) ?? -1;
        if (!q || i < 0) return;
        q.splice(i, 1);
        if (!q.length) this.#queues.delete(job.key);
        this.#waiting -= 1;
        this.#release(job.key, false);
        job.reject(new WorkerPoolError("busy", "The job waited past its deadline."));
      }, job.deadline - Date.now());
      job.waitTimer.unref();
    }
  }

  /**
   * The next waiting job, round-robin across keys: from the key served longest ago (a key whose job is
   * running was served just now), among keys below their running cap.
   */
  #dequeue(): Job | undefined {
    let pick: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const [key, queue] of this.#queues) {
      if (!queue.length || this.#count(key).running >= this.#options.perKeyRunning) continue;
      const served = this.#served.get(key) ?? -1;
      if (served < oldest) {
        oldest = served;
        pick = key;
      }
    }
    if (pick === undefined) return undefined;
    const queue = this.#queues.get(pick)!;
    const job = queue.shift()!;
    if (!queue.length) this.#queues.delete(pick);
    clearTimeout(job.waitTimer);
    this.#waiting -= 1;
    this.#release(pick, false); // counted again by #dispatch
    return job;
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
      if ("progress" in reply) {
        slot.job?.onProgress?.(reply.progress);
        return;
      }
      const job = slot.job;
      if (!job) return;
      clearTimeout(slot.timer);
      slot.job = null;
      this.#release(job.key, true);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new Error(reply.error));
      if (reply.retire) void this.#discard(slot, "closed", "retired");
      else this.#next(slot);
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
    const c = this.#count(job.key);
    c.total += 1;
    c.running += 1;
    this.#served.set(job.key, ++this.#dispatched);
    slot.job = job;
    slot.worker.ref();
    if (slot.ready) this.#startClock(slot);
    else {
      const limit = Math.min(
        Math.max(STARTUP_LIMIT_MS, this.#options.timeoutMs),
        Math.max(1, job.deadline - Date.now()),
      );
      const message = `The worker ${this.#options.entry.href} did not start within ${limit} ms.`;
      slot.timer = setTimeout(
        () =>
          void (job.deadline <= Date.now()
            ? this.#discard(slot, "timeout", message)
            : this.#discard(slot, new Error(message))),
        limit,
      );
    }
    slot.worker.postMessage(job.task, job.transfer);
  }

  /** The time limit counts the job's own work, not a fresh worker's start-up (slow under tsx and load). */
  #startClock(slot: Slot) {
    clearTimeout(slot.timer);
    const deadline = slot.job?.deadline ?? Number.POSITIVE_INFINITY;
    const timeoutMs = Math.max(1, Math.min(this.#options.timeoutMs, deadline - Date.now()));
    slot.timer = setTimeout(
      () => void this.#discard(slot, "timeout", `The job took longer than ${timeoutMs} ms.`),
      timeoutMs,
    );
  }

  #next(slot: Slot) {
    const job = this.#dequeue();
    if (job) return this.#dispatch(slot, job);
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.#discard(slot, "closed", "idle"), this.#options.idleMs);
    slot.idleTimer.unref();
  }

  /**
   * Removes a worker for good, failing its job (if any) with `reason` (or with `reason` itself when it is
   * an Error: a worker that cannot start); waiting jobs get a fresh worker.
   */
  async #discard(slot: Slot, reason: WorkerPoolFailure | Error, message = "", cause?: unknown) {
    if (!this.#slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    if (slot.job) {
      this.#release(slot.job.key, true);
      slot.job.reject(reason instanceof Error ? reason : new WorkerPoolError(reason, message, { cause }));
    }
    slot.job = null;
    this.#refill();
    await slot.worker.terminate();
  }

  /** Starts waiting jobs on fresh workers while there is room. */
  #refill() {
    while (!this.#closed && this.#slots.size < this.#options.size) {
      const next = this.#dequeue();
      if (!next) return;
      try {
        this.#dispatch(this.#spawn(), next);
      } catch (err) {
        this.#release(next.key, true);
        next.reject(err as Error);
      }
    }
  }
}

function startWorker(options: PoolSettings): JobWorker {
  const built = new URL(options.entry.href.replace(/\.ts$/, ".js"));
  const fromBuild = existsSync(fileURLToPath(built));
  if (!fromBuild && !existsSync(fileURLToPath(options.entry)))
    throw new Error(`Worker entry ${options.entry.href} is missing: the build must emit it beside main.js.`);
  if (options.isolation === "process") return new ChildWorker(fromBuild ? built : options.entry, options);
  const resourceLimits = { maxOldGenerationSizeMb: options.maxMemoryMb };
  if (fromBuild) return new Worker(built, { resourceLimits });
  // Running from source (tsx, vitest): Node 20 does not hand the main thread's loader hooks to workers,
  // so the worker registers tsx itself before importing its TypeScript entry.
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(options.entry.href)}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** The last characters of a child's stderr kept, to say why it did not start. */
const STDERR_TAIL = 2_000;
/** A burst of stderr (a fatal error and its native stack) is logged once it has been quiet this long. */
const STDERR_QUIET_MS = 200;
/** At most this much of a burst goes into its log line. */
const STDERR_LOGGED = 600;

/**
 * A burst of a child's stderr as one line: V8's native stack frames, GC traces and banner lines are left
 * out; the fatal error, if any, comes first.
 */
export function stderrSummary(text: string): { message: string; detail: string } {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(
      (l) =>
        l &&
        !/^\d+: 0x[0-9a-f]+/i.test(l) && // native stack frame
        !/^\[\d+:0x[0-9a-f]+\]/i.test(l) && // GC trace
        !/^(<-{3}|-{3,}|={3,})/.test(l), // section banners
    );
  const message = lines.find((l) => /FATAL ERROR/.test(l)) ?? lines[0] ?? "";
  const detail = [message, ...lines.filter((l) => l !== message)].join(" | ");
  return { message: message.slice(0, 200), detail: detail.slice(0, STDERR_LOGGED) };
}

/**
 * A forked child process behind a Worker's interface ('message', 'error', 'exit', postMessage, ref,
 * unref, terminate), so the pool runs it like a thread. Messages use the IPC channel's structured clone
 * ('advanced' serialization: typed arrays arrive as such). The heap cap is `--max-old-space-size`; a
 * child that reaches it aborts, which is reported as ERR_WORKER_OUT_OF_MEMORY like a thread's. The child
 * ends itself when the server goes away (serveJobs), so a killed server leaves none behind.
 */
class ChildWorker extends EventEmitter implements JobWorker {
  readonly #child: ChildProcess;
  readonly #exited: Promise<void>;
  #loaded = false;
  #stderr = "";
  /** Stderr not logged yet, and the timer that logs it once the child is quiet. */
  #unlogged = "";
  #quiet?: NodeJS.Timeout;
  #jobKind: string | undefined;
  readonly #name: string;
  readonly #options: PoolSettings;

  constructor(entry: URL, options: PoolSettings) {
    super();
    const execArgv = [
      `--max-old-space-size=${options.maxMemoryMb}`,
      // As the server runs (one V8 helper thread, source maps): the parent's own settings, nothing else of
      // its command line (a test runner's flags are not the child's).
      ...process.execArgv.filter((a) => /^--(v8-pool-size|enable-source-maps)\b/.test(a)),
      // From source: TypeScript through tsx, as the parent runs.
      ...(entry.pathname.endsWith(".ts") ? ["--import", import.meta.resolve("tsx")] : []),
    ];
    this.#child = fork(fileURLToPath(entry), [], {
      execArgv,
      serialization: "advanced",
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    this.#options = options;
    this.#name = entry.pathname
      .split("/")
      .pop()!
      .replace(/\.[jt]s$/, "");
    this.#child.stderr?.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-STDERR_TAIL);
      if (!(options.log ?? sharedLog)) return void process.stderr.write(chunk);
      this.#unlogged = (this.#unlogged + chunk.toString()).slice(-STDERR_TAIL);
      clearTimeout(this.#quiet);
      this.#quiet = setTimeout(() => this.#logStderr(), STDERR_QUIET_MS);
      this.#quiet.unref();
    });
    this.#child.on("message", (message) => {
      this.#loaded = true;
      this.emit("message", message);
    });
    this.#child.on("error", (err) => this.emit("error", err));
    this.#exited = new Promise((resolve) =>
      this.#child.once("exit", (code, signal) => {
        this.#logStderr();
        if (/heap out of memory|Reached heap limit/.test(this.#stderr))
          this.emit(
            "error",
            Object.assign(new Error(`The child reached its ${options.maxMemoryMb} MB heap cap.`), {
              code: "ERR_WORKER_OUT_OF_MEMORY",
            }),
          );
        else if (!this.#loaded) {
          // The error the entry threw while loading, not its stack.
          const thrown = /^\w*Error: .*$/m.exec(this.#stderr)?.[0];
          this.emit("error", new Error(thrown ?? `exited (${signal ?? `code ${code}`}) before it loaded`));
        }
        this.emit("exit", code ?? 1);
        resolve();
      }),
    );
  }

  /** What the child printed since the last line logged, as one warn line with the job it was on. */
  #logStderr() {
    clearTimeout(this.#quiet);
    const log = this.#options.log ?? sharedLog;
    const text = this.#unlogged;
    this.#unlogged = "";
    if (!log || !text.trim()) return;
    const { message, detail } = stderrSummary(text);
    log.warn(
      { worker: this.#name, job: this.#jobKind, pid: this.#child.pid, stderr: detail },
      `${this.#name} child: ${message}`,
    );
  }

  postMessage(value: unknown): void {
    this.#jobKind = this.#options.jobKind(value);
    if (!this.#child.connected) return;
    this.#child.send(value as never, (err) => err && this.emit("error", err));
  }

  ref(): void {
    this.#child.ref();
    this.#child.channel?.ref();
  }

  unref(): void {
    this.#child.unref();
    this.#child.channel?.unref();
  }

  async terminate(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    // An unref'd child would let the event loop end before its exit is seen, leaving this promise open.
    this.#child.ref();
    this.#child.kill("SIGKILL");
    await this.#exited;
  }
}

/**
 * A worker whose heap grew past this during a job is replaced after it (see `retire`): V8 keeps a grown
 * heap, and freed ArrayBuffers go back to the system sooner when their isolate ends.
 */
const RETIRE_HEAP_BYTES = 96 * 1024 * 1024;
/**
 * A job that kept the worker's own thread busy this long was a heavy one (a big document): its worker is
 * replaced after it too. CPU time, not wall time: on a loaded machine every job takes longer without
 * growing, and OCR spends its time in Tesseract's thread (decision 014), whose memory is its own.
 */
const RETIRE_AFTER_CPU_MS = 2_000;

let serving = false;

/**
 * Whether this thread or process is a pool's worker (serveJobs was called in it): what it starts may
 * outlive one job, since the pool ends the worker itself. A forked child is a main thread too, so
 * worker_threads' isMainThread cannot tell.
 */
export const servingJobs = (): boolean => serving;

/** The worker side (a worker thread or a forked child): answers each job posted by a WorkerPool with `handler`'s result. */
export function serveJobs<Task, Result, Progress = never>(
  handler: (task: Task, report: (progress: Progress) => void) => Promise<Result> | Result,
): void {
  const send = parentPort
    ? (reply: Reply) => parentPort!.postMessage(reply)
    : process.send
      ? (reply: Reply) => void process.send!(reply)
      : null;
  if (!send) throw new Error("serveJobs() runs inside a worker thread or a forked child.");
  serving = true;
  const onMessage = async (task: Task) => {
    const started = process.threadCpuUsage();
    let reply: Reply;
    try {
      reply = {
        ok: true,
        value: await handler(task, (progress) => send({ progress })),
      };
    } catch (err) {
      reply = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    const { total_heap_size, external_memory } = getHeapStatistics();
    const cpu = process.threadCpuUsage(started);
    if (
      total_heap_size + external_memory > RETIRE_HEAP_BYTES ||
      (cpu.user + cpu.system) / 1000 > RETIRE_AFTER_CPU_MS
    )
      reply.retire = true;
    send(reply);
  };
  if (parentPort) parentPort.on("message", onMessage);
  else {
    process.on("message", (task) => void onMessage(task as Task));
    // The server went away (stopped, or killed with SIGKILL): nobody is left to answer.
    process.on("disconnect", () => process.exit(0));
  }
  // The entry's imports have all loaded by now.
  send({ ready: true });
}
