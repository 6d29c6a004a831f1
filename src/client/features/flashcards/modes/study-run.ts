import type { Flashcard } from "#shared/flashcards/contract.ts";
import { shuffle } from "#shared/flashcards/quiz.ts";

/** What the student chose for a run of any mode: the order, and whether only starred cards come. */
export interface RunOptions {
  shuffle: boolean;
  starredOnly: boolean;
}
export const defaultOptions: RunOptions = { shuffle: false, starredOnly: false };

/** A mode's saved state beside the options it was started with. */
export interface Run<S> {
  opts: RunOptions;
  run: S;
}

/** The card ids a run studies, in its order. */
export function pickIds(cards: readonly Flashcard[], starred: readonly number[], opts: RunOptions): number[] {
  const stars = new Set(starred);
  const ids = cards.filter((c) => !opts.starredOnly || stars.has(c.id)).map((c) => c.id);
  return opts.shuffle ? shuffle(ids) : ids;
}

export function parseOptions(saved: unknown): RunOptions | null {
  if (!saved || typeof saved !== "object") return null;
  const o = saved as RunOptions;
  return typeof o.shuffle === "boolean" && typeof o.starredOnly === "boolean" ? o : null;
}

/** A fresh random seed that survives JSON (a 31-bit integer). */
export const newSeed = () => Math.floor(Math.random() * 2 ** 31);
