import { useCallback } from "react";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import type { StudyMode } from "#shared/flashcards/study-modes.ts";
import { defaultOptions, parseOptions, pickIds, type Run, type RunOptions } from "./study-run.ts";
import { useModeSession } from "./use-mode-session.ts";

/**
 * One mode's run over a set's cards, kept on the server: resumed as saved while it fits the cards, else
 * started afresh. `restart` begins again, with new options (shuffle, starred only) when given.
 */
export function useStudyRun<S extends object>({
  setId,
  mode,
  cards,
  starred,
  start,
  parse,
}: {
  setId: number;
  mode: StudyMode;
  cards: Flashcard[];
  starred: number[];
  /** A new run over these ids; `previous` carries what outlives a run (Match's best time). */
  start: (ids: number[], previous?: S) => S;
  parse: (saved: unknown, ids: number[]) => S | null;
}) {
  const ids = cards.map((c) => c.id);
  const session = useModeSession<Run<S>>({
    setId,
    mode,
    parse: (saved) => {
      const s = saved as Partial<Run<S>> | null;
      const opts = parseOptions(s?.opts);
      const run = opts && parse(s?.run, ids);
      return opts && run ? { opts, run } : null;
    },
    fresh: () => ({ opts: defaultOptions, run: start(pickIds(cards, starred, defaultOptions)) }),
  });
  const { update } = session;
  const restart = useCallback(
    (opts?: RunOptions) =>
      update((s) => {
        const next = opts ?? s.opts;
        return { opts: next, run: start(pickIds(cards, starred, next), s.run) };
      }),
    [update, start, cards, starred],
  );
  const change = useCallback((fn: (run: S) => S) => update((s) => ({ ...s, run: fn(s.run) })), [update]);
  return { state: session.state, change, restart };
}
