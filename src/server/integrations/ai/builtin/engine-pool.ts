import type { CardDraft, QuizDraftQuestion, SummaryStyle } from "#shared/summaries/contract.ts";
import { AppError } from "../../../lib/errors.ts";
import { WorkerPool, WorkerPoolError } from "../../../lib/worker-pool.ts";
import type { EngineJob, EngineOutput } from "./engine-jobs.ts";

/**
 * The built-in summarizer and card finder off the event loop: a 100-page document takes the engine
 * seconds of CPU, and other students' requests must keep answering meanwhile. One worker (the other
 * core serves requests); jobs beyond it wait their turn.
 */
export type EnginePool = WorkerPool<EngineJob, EngineOutput>;

export const createEnginePool = (): EnginePool =>
  new WorkerPool<EngineJob, EngineOutput>({
    entry: new URL("./engine-worker.ts", import.meta.url),
    size: 1,
    timeoutMs: 60_000,
    maxQueue: 8,
    maxMemoryMb: 512,
  });

let shared: EnginePool | undefined;
const enginePool = (): EnginePool => {
  shared ??= createEnginePool();
  return shared;
};

async function run(job: EngineJob, pool: EnginePool) {
  try {
    return await pool.run(job);
  } catch (err) {
    if (!(err instanceof WorkerPoolError)) throw err;
    if (err.reason === "busy" || err.reason === "closed") {
      throw new AppError(
        503,
        "overloaded",
        "Many summaries are being made right now. Please try again in a minute.",
      );
    }
    throw new AppError(
      422,
      "unprocessable",
      "This text is too long or complex for the built-in engine. Try a part of it.",
    );
  }
}

export const builtinSummary = async (pages: string[], style: SummaryStyle, pool = enginePool()) =>
  (await run({ kind: "summary", pages, style }, pool)) as string;

export const builtinCards = async (pages: string[], pool = enginePool()) =>
  (await run({ kind: "cards", pages }, pool)) as CardDraft[];

export const builtinQuiz = async (pages: string[], pool = enginePool()) =>
  (await run({ kind: "quiz", pages }, pool)) as QuizDraftQuestion[];
