import type { CardDraft, QuizDraftQuestion, SummaryStyle } from "#shared/summaries/contract.ts";
import { draftCards, draftQuiz } from "./drafts.ts";
import { summarize } from "./summarize.ts";

/** The built-in engine's CPU-heavy work, run in a worker thread (engine-pool.ts) or, in tests, inline. */
export type EngineJob =
  | { kind: "summary"; pages: string[]; style: SummaryStyle }
  | { kind: "cards"; pages: string[] }
  | { kind: "quiz"; pages: string[] };

export type EngineOutput = string | CardDraft[] | QuizDraftQuestion[];

export function runEngineJob(job: EngineJob): EngineOutput {
  if (job.kind === "summary") return summarize(job.pages, job.style).text;
  if (job.kind === "quiz") return draftQuiz(job.pages);
  return draftCards(job.pages);
}
