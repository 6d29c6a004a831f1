import { availableParallelism } from "node:os";
import type { PortableCard } from "#shared/flashcards/card-model.ts";
import { WorkerPool, WorkerPoolError, type WorkerPoolOptions } from "../../lib/worker-pool.ts";
import { type AnkiFailureReason, AnkiPackageError } from "./errors.ts";
import type { AnkiExportOptions } from "./export.ts";
import { unpackHistories } from "./history-pack.ts";
import type { AnkiImport, AnkiImportOptions } from "./import.ts";
import type { AnkiJob, AnkiReply } from "./worker.ts";

export { ANKI_FAILURES, AnkiPackageError, ankiAppError } from "./errors.ts";
export type { AnkiExportOptions } from "./export.ts";
export type { AnkiImport, AnkiImportOptions, AnkiMediaFile } from "./import.ts";
export type { AnkiNoteProblem } from "./notes.ts";

export type AnkiPool = WorkerPool<AnkiJob, AnkiReply>;

/**
 * Anki packages are read and written in worker threads: unzipping, SQLite (sql.js holds the database in
 * WASM memory) and replaying thousands of reviews through FSRS would otherwise stall every request. One
 * job per worker, with a time limit and a heap cap; a worker that fails is replaced.
 */
export function createAnkiPool(options: Partial<Omit<WorkerPoolOptions, "entry">> = {}): AnkiPool {
  return new WorkerPool<AnkiJob, AnkiReply>({
    entry: new URL("./anki-worker.ts", import.meta.url),
    // A core stays with the event loop.
    size: Math.max(1, Math.min(2, availableParallelism() - 1)),
    timeoutMs: 120_000,
    // Waiting jobs hold their packages in memory.
    maxQueue: 4,
    // One package per student at a time, a second waits, a third is refused: another student's import
    // starts within one job's time.
    perKeyRunning: 1,
    perKeyMax: 2,
    maxMemoryMb: 768,
    ...options,
  });
}

let shared: AnkiPool | undefined;
/** The process-wide pool, started on first use; idle workers do not keep the process alive. */
export const ankiPool = (): AnkiPool => {
  shared ??= createAnkiPool();
  return shared;
};

const POOL_FAILURES: Record<WorkerPoolError["reason"], AnkiFailureReason> = {
  timeout: "timeout",
  out_of_memory: "too_complex",
  crashed: "too_complex",
  busy: "busy",
  closed: "busy",
  limit: "busy",
};

async function run(
  job: AnkiJob,
  pool: AnkiPool,
  transfer: ArrayBuffer[] = [],
  key?: string,
): Promise<AnkiReply & { ok: true }> {
  let reply: AnkiReply;
  try {
    reply = await pool.run(job, key === undefined ? { transfer } : { transfer, key });
  } catch (err) {
    if (err instanceof WorkerPoolError) throw new AnkiPackageError(POOL_FAILURES[err.reason], err.message);
    throw err;
  }
  if (!reply.ok) throw new AnkiPackageError(reply.reason, reply.detail);
  return reply;
}

/**
 * Reads an .apkg or .colpkg: its cards (with review state and history unless `withScheduling` is false),
 * the notes that could not become cards, and the media the cards use. Every problem with the file is an
 * AnkiPackageError with the status and message to answer with; only a broken installation throws others.
 */
export async function importAnkiPackage(
  bytes: Uint8Array,
  options: AnkiImportOptions = {},
  pool: AnkiPool = ankiPool(),
  /** Whose job it is (e.g. `user:12`): the pool runs one job per key at a time. */
  key?: string,
): Promise<AnkiImport> {
  // A copy of exactly these bytes moves to the worker; the caller's buffer may be a pooled slice.
  const copy = new Uint8Array(bytes);
  const reply = await run({ kind: "import", bytes: copy, options }, pool, [copy.buffer], key);
  if (reply.kind !== "import") throw new Error("The Anki worker answered an import with an export.");
  unpackHistories(reply.value.cards, reply.histories);
  return reply.value;
}

/** Writes an .apkg of these cards (and the media they use, from `options.media`). */
export async function exportAnkiPackage(
  cards: PortableCard[],
  options: AnkiExportOptions = {},
  pool: AnkiPool = ankiPool(),
  key?: string,
): Promise<Uint8Array> {
  const reply = await run({ kind: "export", cards, options }, pool, [], key);
  if (reply.kind !== "export") throw new Error("The Anki worker answered an export with an import.");
  return reply.value;
}
