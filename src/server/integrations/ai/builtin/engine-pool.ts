import type { CardDraft, QuizDraftQuestion, SummaryStyle } from "#shared/summaries/contract.ts";
import { AppError, tooManyRequests } from "../../../lib/errors.ts";
import { WorkerPool, WorkerPoolError } from "../../../lib/worker-pool.ts";
import type { EngineJob, EngineOutput } from "./engine-jobs.ts";

/**
 * The built-in summarizer and card finder off the event loop: a 100-page document takes the engine
 * seconds of CPU, and other students' requests must keep answering meanwhile.
 *
 * Fair per student (issue 27, fault 2): two lanes, so a short text never waits behind a long one, and in
 * each lane jobs are taken round-robin across students, one running per student, two per student at most
 * (a third is a 429). A job's answer must leave before the connection's 30 s limit, so waiting and
 * running together end by ENGINE_BUDGET_MS with a clear message.
 */
export type EnginePool = WorkerPool<EngineJob, EngineOutput>;

/** Waiting and running together, per job: well inside the 30 s socket limit (http-server.ts). */
export const ENGINE_BUDGET_MS = 20_000;
/** Jobs whose pages hold at most this many characters go to the light lane. */
export const LIGHT_JOB_CHARS = 20_000;

const entry = new URL("./engine-worker.ts", import.meta.url);

export const createEnginePool = (lane: "heavy" | "light" = "heavy"): EnginePool =>
  new WorkerPool<EngineJob, EngineOutput>({
    entry,
    // Heavy: two workers, one per student at a time, so one student's flood holds at most one of them.
    size: lane === "heavy" ? 2 : 1,
    perKeyRunning: 1,
    perKeyMax: 2,
    timeoutMs: lane === "heavy" ? ENGINE_BUDGET_MS : 5_000,
    maxQueue: lane === "heavy" ? 8 : 32,
    maxMemoryMb: lane === "heavy" ? 512 : 128,
  });

export interface EnginePools {
  heavy: EnginePool;
  light: EnginePool;
}

let shared: EnginePools | undefined;
const enginePools = (): EnginePools => {
  shared ??= { heavy: createEnginePool("heavy"), light: createEnginePool("light") };
  return shared;
};

const sizeOf = (job: EngineJob) => job.pages.reduce((n, p) => n + p.length, 0);

async function run(job: EngineJob, owner: string | undefined, pools: EnginePools) {
  const pool = sizeOf(job) <= LIGHT_JOB_CHARS ? pools.light : pools.heavy;
  try {
    return await pool.run(job, { key: owner, deadline: Date.now() + ENGINE_BUDGET_MS });
  } catch (err) {
    if (!(err instanceof WorkerPoolError)) throw err;
    if (err.reason === "limit") {
      throw tooManyRequests(
        "Your other summaries are still being made. Wait for them to finish, then ask again.",
      );
    }
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

/** `owner`: the student the work is for (their id), so the pools can share their workers fairly. */
export const builtinSummary = async (
  pages: string[],
  style: SummaryStyle,
  owner?: string,
  pools = enginePools(),
) => (await run({ kind: "summary", pages, style }, owner, pools)) as string;

export const builtinCards = async (pages: string[], owner?: string, pools = enginePools()) =>
  (await run({ kind: "cards", pages }, owner, pools)) as CardDraft[];

export const builtinQuiz = async (pages: string[], owner?: string, pools = enginePools()) =>
  (await run({ kind: "quiz", pages }, owner, pools)) as QuizDraftQuestion[];
