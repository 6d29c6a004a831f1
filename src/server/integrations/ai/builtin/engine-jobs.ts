import type { CardDraft, SummaryStyle } from "#shared/summaries/contract.ts";
import { definitionCards } from "./definitions.ts";
import { summarize } from "./summarize.ts";

/** The built-in engine's CPU-heavy work, run in a worker thread (engine-pool.ts) or, in tests, inline. */
export type EngineJob =
  | { kind: "summary"; pages: string[]; style: SummaryStyle }
  | { kind: "cards"; pages: string[] };

export type EngineResult<J extends EngineJob> = J extends { kind: "summary" } ? string : CardDraft[];

export function runEngineJob(job: EngineJob): string | CardDraft[] {
  if (job.kind === "summary") return summarize(job.pages, job.style).text;
  return definitionCards(job.pages).map(({ question, answer, page }) => ({ question, answer, page }));
}
