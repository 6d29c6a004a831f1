import { availableParallelism } from "node:os";
import type { ErrorCode } from "#shared/errors.ts";
import type { ImportOptions } from "#shared/flashcards/contract.ts";
import type { ParseResult } from "#shared/flashcards/text-formats.ts";
import { AppError } from "../../lib/errors.ts";
import { WorkerPool, WorkerPoolError, type WorkerPoolOptions } from "../../lib/worker-pool.ts";
import { parseImport } from "./flashcard-io.ts";

/**
 * Text up to this many characters is parsed on the calling thread (a few ms); longer text (up to a 16 MB
 * file: seconds of CPU) is parsed in the import pool, so one student's big import never stalls the
 * event loop for everyone (issue 27, faults 1 and 3 carried over to imports).
 */
export const INLINE_IMPORT_CHARS = 256 * 1024;
/** A big import's parse, waiting included, ends by then (the socket's 30 s idle cut is never reached). */
const IMPORT_BUDGET_MS = 20_000;

export type ImportParseJob = { text: string; options: ImportOptions; fileName?: string | undefined };
/** A refusal travels as data: across a worker boundary an Error keeps only its message. */
export type ImportParseReply =
  | { ok: true; value: ParseResult }
  | { ok: false; status: number; code: ErrorCode; message: string };

/** What the pool's workers do (import-worker.ts is their entry). */
export function runImportParse(job: ImportParseJob): ImportParseReply {
  try {
    return { ok: true, value: parseImport(job.text, job.options, job.fileName) };
  } catch (err) {
    if (err instanceof AppError)
      return { ok: false, status: err.status, code: err.code, message: err.message };
    throw err;
  }
}

export type ImportPool = WorkerPool<ImportParseJob, ImportParseReply>;

export function createImportPool(options: Partial<Omit<WorkerPoolOptions, "entry">> = {}): ImportPool {
  return new WorkerPool<ImportParseJob, ImportParseReply>({
    entry: new URL("./import-worker.ts", import.meta.url),
    // As extraction (decision 009): a core stays with the event loop, one job per student at a time, so
    // another student's big import starts within one job's time; a student's third is refused at once.
    size: Math.max(1, Math.min(2, availableParallelism() - 1)),
    perKeyRunning: 1,
    perKeyMax: 2,
    timeoutMs: IMPORT_BUDGET_MS,
    // Waiting jobs hold their text: 4 x 16 MB at most.
    maxQueue: 4,
    maxMemoryMb: 512,
    ...options,
  });
}

let shared: ImportPool | undefined;
/** The process-wide pool, started on first use; idle workers do not keep the process alive. */
export const importPool = (): ImportPool => {
  shared ??= createImportPool();
  return shared;
};

const busy = () =>
  new AppError(503, "extraction_busy", "Imports are busy right now. Please try again in a minute.");
const tooComplex = (code: "extraction_timeout" | "file_too_complex") =>
  new AppError(422, code, "This file took too long to read. Split it and import the parts.");
const POOL_ERRORS: Record<WorkerPoolError["reason"], () => AppError> = {
  limit: () =>
    new AppError(
      429,
      "extraction_limit",
      "You already have imports being read. Wait for them to finish, then try again.",
    ),
  busy,
  closed: busy,
  timeout: () => tooComplex("extraction_timeout"),
  out_of_memory: () => tooComplex("file_too_complex"),
  crashed: () => tooComplex("file_too_complex"),
};

/** Parses an import: short text here, long text in the import pool, fairly per student. */
export async function parseImportFairly(
  userId: number,
  job: ImportParseJob,
  pool: () => ImportPool = importPool,
): Promise<ParseResult> {
  if (job.text.length <= INLINE_IMPORT_CHARS) return parseImport(job.text, job.options, job.fileName);
  let reply: ImportParseReply;
  try {
    reply = await pool().run(job, { key: `user:${userId}`, deadline: Date.now() + IMPORT_BUDGET_MS });
  } catch (err) {
    if (err instanceof WorkerPoolError) throw POOL_ERRORS[err.reason]();
    throw err;
  }
  if (!reply.ok) throw new AppError(reply.status, reply.code, reply.message);
  return reply.value;
}
