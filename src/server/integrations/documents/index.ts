import { availableParallelism } from "node:os";
import { MAX_UPLOAD_BYTES } from "#shared/constants.ts";
import { WorkerPool, WorkerPoolError, type WorkerPoolOptions } from "../../lib/worker-pool.ts";
import { checkFileType, KNOWN_EXTENSIONS, kindOf, titleOf } from "./detect.ts";
import type { ParseJob, ParseReply } from "./parse.ts";
import { plainTextPages } from "./text.ts";
import {
  type DocumentKind,
  type ExtractionResult,
  type FailureReason,
  failure,
  type OnExtractionProgress,
} from "./types.ts";

export { checkFileType, extensionOf, titleOf } from "./detect.ts";
export * from "./types.ts";

export interface ExtractInput {
  bytes: Uint8Array;
  fileName: string;
  /** Used only when the file name has no extension. */
  mimeType?: string;
  /** Extensions this caller takes (e.g. STUDY_UPLOAD_EXTENSIONS); anything else is a 415. Default: all. */
  accept?: readonly string[];
  /** Whose file it is (a student's id): the pool shares its workers fairly between owners. */
  owner?: string;
  /** Epoch ms by which the answer must be known (before the connection's limit); default: in 20 s. */
  deadline?: number;
  /** Pages read so far (a background job stores it for the student's progress bar). */
  onProgress?: OnExtractionProgress;
}

/**
 * How long one extraction may take, waiting included: the answer must leave well before the socket's
 * 30 s idle cut (http-server.ts), with a clear message rather than an empty reply.
 */
export const EXTRACTION_BUDGET_MS = 20_000;

/**
 * How long a background job's extraction may take, waiting included: nobody holds a connection open for
 * it, so a long document gets this long (decision 009). A request's extraction keeps EXTRACTION_BUDGET_MS
 * (its deadline cuts the pool's limit to end there).
 */
export const BACKGROUND_EXTRACTION_MS = 120_000;

/**
 * Text files up to this size are read on the calling thread: decoding 4 MB takes milliseconds, and a
 * student's .txt must never wait behind another student's 2,000-page PDF. Larger ones cannot hold a
 * document's text anyway (1M characters need at most 4 MB of UTF-8).
 */
export const INLINE_TEXT_BYTES = 4 * 1024 * 1024;

export type ExtractionPool = WorkerPool<ParseJob, ParseReply>;

export function createExtractionPool(
  options: Partial<Omit<WorkerPoolOptions, "entry">> = {},
): ExtractionPool {
  return new WorkerPool<ParseJob, ParseReply>({
    entry: new URL("./extract-worker.ts", import.meta.url),
    // Leave a core to the event loop: on 2 cores one extraction at a time, the rest wait their turn.
    // Two workers even on 2 cores, one job per student at a time: a student's flood of PDFs holds at most
    // one of them, so another student's upload starts within one job's time at worst.
    size: Math.max(2, Math.min(3, availableParallelism() - 1)),
    perKeyRunning: 1,
    // One reading and one waiting per student; the rest are refused (429) at once, not held in memory.
    perKeyMax: 2,
    timeoutMs: BACKGROUND_EXTRACTION_MS,
    // Waiting jobs hold their bytes in memory: 8 x 20 MB at most.
    maxQueue: 8,
    maxMemoryMb: 512,
    // Child processes, not threads (issue 27 fault 5, decision 009): a bomb or a long PDF takes hundreds
    // of MB outside the V8 heap, and what a thread frees stays in the server's RSS; an ended process's
    // memory all goes back. A child is reused for light jobs and ended after a heavy one.
    isolation: "process",
    // A child's stderr (a recycled child's "Reached heap limit") is logged with the kind it was reading.
    jobKind: (task) => (task as ParseJob).kind,
    ...options,
  });
}

let shared: ExtractionPool | undefined;
/** The process-wide pool, started on first use; its idle workers never keep the process alive. */
export const extractionPool = (): ExtractionPool => {
  shared ??= createExtractionPool();
  return shared;
};

/** What an empty result means, for the kinds that are read by OCR when they have no text of their own. */
const NO_TEXT: Partial<Record<DocumentKind, FailureReason>> = { pdf: "pdf_no_text", image: "image_no_text" };

const POOL_FAILURES: Record<WorkerPoolError["reason"], FailureReason> = {
  timeout: "extraction_timeout",
  out_of_memory: "file_too_complex",
  crashed: "file_corrupt",
  busy: "extraction_busy",
  closed: "extraction_busy",
  limit: "extraction_limit",
};

/**
 * Reads the text of an uploaded file off the event loop: PDF per page, PPTX per slide, DOCX, legacy DOC,
 * Markdown and plain text. Every problem with the file itself is a failure result with the HTTP status
 * and message to answer with (413, 415, 422, or 503 when the extraction queue is full); only a broken
 * installation (a missing worker entry) throws.
 */
export async function extractDocument(
  input: ExtractInput,
  pool = extractionPool(),
): Promise<ExtractionResult> {
  const { bytes, fileName } = input;
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return failure("file_too_large");
  const accept = input.accept ?? KNOWN_EXTENSIONS;
  const type = checkFileType(fileName, accept, input.mimeType);
  if (!type.ok) return type;
  if (bytes.byteLength === 0) return failure("file_empty");
  const sniffed = kindOf(type.ext, bytes, accept);
  if (!sniffed.ok) return sniffed;
  const { kind } = sniffed;

  let reply: ParseReply;
  if (kind === "txt" || kind === "md") {
    if (bytes.byteLength > INLINE_TEXT_BYTES) return failure("file_too_complex");
    // Cheap formats never queue behind expensive ones: read here, in a few milliseconds.
    // (text.ts only: the parsers of the other kinds stay out of the main thread.)
    reply = plainTextPages(bytes);
  } else {
    // A copy of exactly these bytes is moved to the worker; the caller's buffer may be a pooled slice.
    const copy = new Uint8Array(bytes);
    try {
      reply = await pool.run(
        { kind, bytes: copy },
        {
          transfer: [copy.buffer],
          key: input.owner,
          deadline: input.deadline ?? Date.now() + EXTRACTION_BUDGET_MS,
          ...(input.onProgress ? { onProgress: input.onProgress as (p: unknown) => void } : {}),
        },
      );
    } catch (err) {
      if (err instanceof WorkerPoolError) return failure(POOL_FAILURES[err.reason], { cause: err.message });
      throw err;
    }
  }
  if (!reply.ok) return failure(reply.reason, { cause: reply.cause });

  const text = reply.pages
    .map((p) => p.text)
    .filter((t) => t.trim())
    .join("\n\n");
  if (!text) return failure(NO_TEXT[kind] ?? "file_empty");
  return { ok: true, document: { kind, pages: reply.pages, text, title: titleOf(fileName) } };
}
