import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestJob } from "#tests/fixtures/workers/test-worker.ts";
import {
  MIN_HEAP_MB,
  servingJobs,
  stderrSummary,
  WorkerPool,
  WorkerPoolError,
  type WorkerPoolOptions,
} from "./worker-pool.ts";

const entry = new URL("../../../tests/fixtures/workers/test-worker.ts", import.meta.url);
const pools: WorkerPool<TestJob, unknown>[] = [];
function pool(options: Partial<WorkerPoolOptions> = {}) {
  const p = new WorkerPool<TestJob, unknown>({
    entry,
    size: 1,
    timeoutMs: 20_000,
    maxQueue: 10,
    maxMemoryMb: 64,
    ...options,
  });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function failure(promise: Promise<unknown>): Promise<WorkerPoolError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkerPoolError);
  return err as WorkerPoolError;
}

describe("WorkerPool", () => {
  it("runs jobs in a worker thread and reuses it", async () => {
    const p = pool();
    const a = (await p.run({ op: "echo", value: "a" })) as { value: string; threadId: number };
    const b = (await p.run({ op: "echo", value: "b" })) as { value: string; threadId: number };
    expect(a.value).toBe("a");
    expect(b.value).toBe("b");
    expect(a.threadId).toBeGreaterThan(0);
    expect(b.threadId).toBe(a.threadId);
  });

  it("moves transferred buffers into the worker", async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    expect(await pool().run({ op: "sum", bytes }, [bytes.buffer])).toBe(256);
    expect(bytes.byteLength).toBe(0);
  });

  it("queues jobs beyond its size and answers each with its own result", async () => {
    const p = pool({ size: 2 });
    const values = Array.from({ length: 7 }, (_, i) => i);
    const results = await Promise.all(values.map((value) => p.run({ op: "echo", value })));
    expect(results.map((r) => (r as { value: number }).value)).toEqual(values);
  });

  it("refuses a job when the workers are busy and the queue is full", async () => {
    const p = pool({ size: 1, maxQueue: 1, timeoutMs: 2_000 });
    const running = failure(p.run({ op: "spin" }));
    const waiting = p.run({ op: "echo", value: 1 });
    expect((await failure(p.run({ op: "echo", value: 2 }))).reason).toBe("busy");
    expect((await running).reason).toBe("timeout");
    // The queued job was handed to a fresh worker after the stuck one was stopped.
    expect(await waiting).toMatchObject({ value: 1 });
  });

  it("stops a job that runs past its time limit and keeps serving", async () => {
    const p = pool({ timeoutMs: 500 });
    expect((await failure(p.run({ op: "spin" }))).reason).toBe("timeout");
    expect(await p.run({ op: "echo", value: "after" })).toMatchObject({ value: "after" });
  });

  it("stops a job that outgrows its heap cap and keeps serving", async () => {
    const p = pool({ maxMemoryMb: 32 });
    expect((await failure(p.run({ op: "hog" }))).reason).toBe("out_of_memory");
    expect(await p.run({ op: "echo", value: "after" })).toMatchObject({ value: "after" });
  });

  it("refuses a heap cap too small for a worker to start (Node 22+ would abort the whole process)", () => {
    expect(() => pool({ maxMemoryMb: 2 })).toThrow(RangeError);
    expect(() => pool({ maxMemoryMb: MIN_HEAP_MB - 1 })).toThrow(`at least ${MIN_HEAP_MB}`);
    expect(() => pool({ maxMemoryMb: MIN_HEAP_MB })).not.toThrow();
  });

  it("reports a worker that exits as crashed and replaces it", async () => {
    const p = pool();
    expect((await failure(p.run({ op: "exit" }))).reason).toBe("crashed");
    expect(await p.run({ op: "echo", value: "after" })).toMatchObject({ value: "after" });
  });

  it("passes a job's own error back without losing the worker", async () => {
    const p = pool();
    const first = (await p.run({ op: "echo", value: 0 })) as { threadId: number };
    await expect(p.run({ op: "throw", message: "bad input" })).rejects.toThrow("bad input");
    expect(await p.run({ op: "echo", value: 1 })).toMatchObject({ threadId: first.threadId });
  });

  it("fails waiting and new jobs once closed", async () => {
    const p = pool({ timeoutMs: 5_000 });
    const running = failure(p.run({ op: "spin" }));
    const waiting = failure(p.run({ op: "echo", value: 1 }));
    await p.close();
    expect((await running).reason).toBe("closed");
    expect((await waiting).reason).toBe("closed");
    expect((await failure(p.run({ op: "echo", value: 2 }))).reason).toBe("closed");
  });

  it("fails a job with a plain error, not a pool failure, when the worker cannot start", async () => {
    const broken = pool({
      entry: new URL("../../../tests/fixtures/workers/broken-worker.ts", import.meta.url),
    });
    const err = await broken.run({ op: "echo", value: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(WorkerPoolError);
    expect((err as Error).message).toMatch(/broken-worker\.ts failed to start: broken at load/);
  });

  it("says which file is missing when a worker entry does not exist", async () => {
    const p = pool({ entry: new URL("./no-such-worker.ts", import.meta.url) });
    await expect(p.run({ op: "echo", value: 1 })).rejects.toThrow(/no-such-worker\.ts is missing/);
  });

  describe("fair to every student (issue 27, faults 2 and 3)", () => {
    const wait = (ms: number, value: unknown) => ({ op: "wait" as const, ms, value });

    it("takes waiting jobs round-robin across keys, not first come first served", async () => {
      const p = pool({ size: 1 });
      const done: unknown[] = [];
      const track = (promise: Promise<unknown>) =>
        promise.then((r) => done.push((r as { value: unknown }).value));
      const flood = [1, 2, 3, 4].map((i) => track(p.run(wait(150, `a${i}`), { key: "a" })));
      const other = track(p.run(wait(10, "b1"), { key: "b" }));
      await Promise.all([...flood, other]);
      // a1 was running when b1 came; b1 is next, ahead of a's other waiting jobs.
      expect(done).toEqual(["a1", "b1", "a2", "a3", "a4"]);
    });

    it("runs at most perKeyRunning jobs of one key, leaving the other workers to other keys", async () => {
      const p = pool({ size: 2, perKeyRunning: 1 });
      // Both workers started first: what is measured is who gets the second one, not its start-up.
      await Promise.all([p.run(wait(300, "x"), { key: "x" }), p.run(wait(300, "y"), { key: "y" })]);
      const started = performance.now();
      const a = [p.run(wait(1500, "a1"), { key: "a" }), p.run(wait(1500, "a2"), { key: "a" })];
      let aDone = 0;
      for (const job of a) void job.then(() => aDone++);
      await p.run(wait(10, "b"), { key: "b" });
      // b had the second worker at once, before a1 (1.5 s) ended; a2 waits for a1.
      expect(aDone).toBe(0);
      await Promise.all(a);
      expect(performance.now() - started).toBeGreaterThanOrEqual(3000);
    });

    it("refuses a key's job beyond perKeyMax with 'limit', others' jobs still run", async () => {
      const p = pool({ size: 1, perKeyMax: 2 });
      const a = [p.run(wait(300, 1), { key: "a" }), p.run(wait(10, 2), { key: "a" })];
      expect((await failure(p.run(wait(10, 3), { key: "a" }))).reason).toBe("limit");
      expect(await p.run(wait(10, "b"), { key: "b" })).toMatchObject({ value: "b" });
      await Promise.all(a);
      // Once a's jobs are done it may send more.
      expect(await p.run(wait(10, 4), { key: "a" })).toMatchObject({ value: 4 });
    });

    it("fails a job still waiting at its deadline ('busy') and cuts a running one at it ('timeout')", async () => {
      const p = pool({ size: 1, timeoutMs: 20_000 });
      await p.run(wait(1, "warm")); // the worker's start-up is not the job's time
      const started = performance.now();
      const running = failure(p.run({ op: "spin" }, { key: "a", deadline: Date.now() + 800 }));
      const waiting = failure(p.run(wait(10, 1), { key: "b", deadline: Date.now() + 300 }));
      expect((await waiting).reason).toBe("busy");
      expect((await running).reason).toBe("timeout");
      expect(performance.now() - started).toBeLessThan(5000);
    });

    it("replaces a worker whose job grew its memory, so the memory goes back", async () => {
      const p = pool({ maxMemoryMb: 64 });
      const first = (await p.run({ op: "grow", mb: 160 })) as { threadId: number };
      const next = (await p.run({ op: "echo", value: 1 })) as { threadId: number };
      expect(next.threadId).not.toBe(first.threadId);
      // A light job keeps its worker.
      const again = (await p.run({ op: "echo", value: 2 })) as { threadId: number };
      expect(again.threadId).toBe(next.threadId);
    });
  });

  describe("in child processes (isolation: 'process', issue 27 fault 5)", () => {
    const child = (options: Partial<WorkerPoolOptions> = {}) => pool({ isolation: "process", ...options });
    type Answer = { value?: unknown; pid: number };

    it("runs jobs in a child process, copies buffers to it and reuses it for light jobs", async () => {
      const p = child();
      const a = (await p.run({ op: "echo", value: 1 })) as Answer;
      expect(a).toMatchObject({ value: 1 });
      expect(a.pid).not.toBe(process.pid);
      expect(await p.run({ op: "sum", bytes: new Uint8Array([1, 2, 3, 250]) })).toBe(256);
      expect(((await p.run({ op: "echo", value: 2 })) as Answer).pid).toBe(a.pid);
    });

    it("keeps a child whose long job left its thread idle, and the child knows it serves jobs", async () => {
      // What OCR does: Tesseract works in a thread of its own while the child's thread waits; what the
      // child keeps between jobs (Tesseract's model) stays only if the child does.
      const p = child();
      const first = (await p.run({ op: "wait", ms: 2_200 })) as Answer;
      const next = (await p.run({ op: "echo", value: 1 })) as Answer & { serving: boolean };
      expect(next.pid).toBe(first.pid);
      expect(next.serving).toBe(true);
      expect(servingJobs()).toBe(false);
    });

    it("ends a child whose job grew its memory, so the memory goes back with the process", async () => {
      const p = child();
      const grown = (await p.run({ op: "grow", mb: 160 })) as Answer;
      const next = (await p.run({ op: "echo", value: 1 })) as Answer;
      expect(next.pid).not.toBe(grown.pid);
      await expect.poll(() => alive(grown.pid)).toBe(false);
    });

    it("reports a child past its heap cap as out_of_memory, one that exits as crashed, and keeps serving", async () => {
      const p = child({ maxMemoryMb: 32 });
      expect((await failure(p.run({ op: "hog" }))).reason).toBe("out_of_memory");
      expect((await failure(p.run({ op: "exit" }))).reason).toBe("crashed");
      expect(await p.run({ op: "echo", value: "after" })).toMatchObject({ value: "after" });
    });

    it("logs what a child printed to stderr as a warn line with its job, not as raw lines", async () => {
      const lines: { fields: Record<string, unknown>; message: string }[] = [];
      const p = child({
        maxMemoryMb: 32,
        jobKind: (task) => (task as TestJob).op,
        log: { warn: (fields, message) => lines.push({ fields, message }) },
      });
      const raw = vi.spyOn(process.stderr, "write");
      try {
        expect((await failure(p.run({ op: "hog" }))).reason).toBe("out_of_memory");
        await expect.poll(() => lines.length).toBeGreaterThan(0);
        expect(raw.mock.calls.filter(([c]) => /heap|0x[0-9a-f]{5}/.test(String(c)))).toEqual([]);
      } finally {
        raw.mockRestore();
      }
      const fatal = lines.find((l) => /FATAL ERROR/.test(l.message))!;
      expect(fatal.message).toMatch(/^test-worker child: FATAL ERROR: .*heap/);
      expect(fatal.fields).toMatchObject({ worker: "test-worker", job: "hog" });
      // V8's native stack trace and GC traces stay out of the log.
      expect(String(fatal.fields.stderr)).not.toMatch(/0x[0-9a-f]{5}/);
    });

    it("stops a child that runs past its time limit", async () => {
      const p = child({ timeoutMs: 500 });
      const first = (await p.run({ op: "echo", value: 0 })) as Answer;
      expect((await failure(p.run({ op: "spin" }))).reason).toBe("timeout");
      await expect.poll(() => alive(first.pid)).toBe(false);
    });

    it("fails with the entry's own error when the child cannot start", async () => {
      const broken = child({
        entry: new URL("../../../tests/fixtures/workers/broken-worker.ts", import.meta.url),
      });
      const err = await broken.run({ op: "echo", value: 1 }).catch((e: unknown) => e);
      expect(err).not.toBeInstanceOf(WorkerPoolError);
      expect((err as Error).message).toMatch(/broken-worker\.ts failed to start: Error: broken at load/);
    });

    it("leaves no child behind once closed", async () => {
      const p = child();
      const { pid } = (await p.run({ op: "echo", value: 0 })) as Answer;
      await p.close();
      expect(alive(pid)).toBe(false);
    });
  });
});

describe("stderrSummary", () => {
  it("keeps V8's fatal error first and leaves out GC traces, banners and native stack frames", () => {
    const v8 = [
      "",
      "<--- Last few GCs --->",
      "",
      "[22138:0x2348f000]      254 ms: Mark-Compact 19.1 (24.1) -> 19.0 (27.8) MB, pooled: 0 MB",
      "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
      "----- Native stack trace -----",
      "",
      " 1: 0x931db0  [/usr/bin/node]",
      " 2: 0x75968e node::OOMErrorHandler(char const*, v8::OOMDetails const&) [/usr/bin/node]",
    ].join("\n");
    expect(stderrSummary(v8)).toEqual({
      message: "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
      detail: "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
    });
    expect(stderrSummary("(node:12) Warning: one\nsecond line\n")).toEqual({
      message: "(node:12) Warning: one",
      detail: "(node:12) Warning: one | second line",
    });
  });
});

/** Whether a process of this id still runs (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
