import { shuffle } from "#shared/flashcards/quiz.ts";

/**
 * Match mode (issue 25 §2): PAIRS terms and their definitions as shuffled tiles; the clock starts with
 * the first pick and stops on the last pair. A tile is `${cardId}t` (term) or `${cardId}d` (definition).
 * The best time is kept across games of the set (the session survives a reload and other devices).
 */
export const PAIRS = 6;

export interface MatchState {
  tiles: string[];
  matched: number[];
  selected: string | null;
  /** The two tiles of a wrong pair, flashed until the next pick. */
  wrong: [string, string] | null;
  mistakes: number;
  /** Epoch ms of the first pick, null before it. */
  startedAt: number | null;
  /** The game's time once every pair is matched. */
  finishedMs: number | null;
  bestMs: number | null;
}

export type MatchAction = { type: "pick"; tile: string; now: number } | { type: "clearWrong" };

export const tileCard = (tile: string) => Number.parseInt(tile, 10);
export const tileSide = (tile: string): "term" | "definition" => (tile.endsWith("t") ? "term" : "definition");

export function startMatch(
  ids: number[],
  bestMs: number | null = null,
  rng: () => number = Math.random,
): MatchState {
  // A round draws its pairs from the whole set (as Quizlet's does): the first six cards every time
  // taught only those.
  const pairs = shuffle(ids, rng).slice(0, PAIRS);
  return {
    tiles: shuffle(
      pairs.flatMap((id) => [`${id}t`, `${id}d`]),
      rng,
    ),
    matched: [],
    selected: null,
    wrong: null,
    mistakes: 0,
    startedAt: null,
    finishedMs: null,
    bestMs,
  };
}

export const matchFinished = (s: MatchState) => s.finishedMs !== null;

export function matchReducer(s: MatchState, action: MatchAction): MatchState {
  if (action.type === "clearWrong") return s.wrong ? { ...s, wrong: null } : s;
  const { tile, now } = action;
  if (matchFinished(s) || !s.tiles.includes(tile) || s.matched.includes(tileCard(tile))) return s;
  const startedAt = s.startedAt ?? now;
  const picked = s.selected;
  // First pick, the same tile again (let go), or another tile of the same side (picked instead).
  if (picked === null || tileSide(picked) === tileSide(tile)) {
    return { ...s, startedAt, wrong: null, selected: picked === tile ? null : tile };
  }
  if (tileCard(picked) !== tileCard(tile)) {
    return { ...s, startedAt, selected: null, wrong: [picked, tile], mistakes: s.mistakes + 1 };
  }
  const matched = [...s.matched, tileCard(tile)];
  const done = matched.length * 2 === s.tiles.length;
  const finishedMs = done ? Math.max(0, now - startedAt) : null;
  return {
    ...s,
    startedAt,
    matched,
    selected: null,
    wrong: null,
    finishedMs,
    bestMs: finishedMs !== null && (s.bestMs === null || finishedMs < s.bestMs) ? finishedMs : s.bestMs,
  };
}

/** The time to show: running since the first pick, or the finished game's. */
export const matchElapsed = (s: MatchState, now: number) =>
  s.finishedMs ?? (s.startedAt === null ? 0 : Math.max(0, now - s.startedAt));

export const formatTime = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const TILE = /^\d+[td]$/;

/** A saved game that still fits the cards, or null. */
export function resumableMatch(saved: unknown, ids: number[]): MatchState | null {
  if (!saved || typeof saved !== "object") return null;
  const s = saved as MatchState;
  const known = new Set(ids);
  if (!Array.isArray(s.tiles) || !s.tiles.every((t) => TILE.test(t) && known.has(tileCard(t)))) return null;
  if (!Array.isArray(s.matched) || !s.matched.every((id) => known.has(id))) return null;
  const time = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v) && v >= 0);
  if (![s.startedAt, s.finishedMs, s.bestMs].every(time) || !Number.isInteger(s.mistakes)) return null;
  return { ...s, selected: s.selected ?? null, wrong: null };
}
