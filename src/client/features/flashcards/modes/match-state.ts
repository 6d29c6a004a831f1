import { shuffle } from "#shared/flashcards/quiz.ts";

/**
 * Match mode (issue 25 §2): PAIRS terms and their definitions as shuffled tiles; the clock starts with
 * the first pick and stops on the last pair. A tile is `${cardId}t` (term) or `${cardId}d` (definition).
 * The best time is kept across games of the set (the session survives a reload and other devices).
 *
 * Two cards may show the same text (the same back, or fronts alike but for case): their tiles cannot be
 * told apart, so a term pairs with its own card's definition or with any definition that reads the same,
 * and a definition with any term that reads the same as its card's.
 */
export const PAIRS = 6;

export interface MatchState {
  tiles: string[];
  /** The tiles paired and gone from the board. */
  matched: string[];
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

/** What a tile shows, compared as a student sees it; by default every tile looks different. */
export type TileFace = (tile: string) => string;
const ownFace: TileFace = (tile) => tile;

/** Whether a term tile and a definition tile make a pair: the same card, or texts that read the same. */
function isPair(term: string, definition: string, face: TileFace): boolean {
  const [a, b] = [tileCard(term), tileCard(definition)];
  return a === b || face(term) === face(`${b}t`) || face(definition) === face(`${a}d`);
}

/**
 * The cards a board is dealt from: a reversed note's two cards show the same two texts swapped, four
 * tiles no one could tell apart, so only its first card plays (a cloze note's cards blank different
 * words, and all play).
 */
export function matchCards<C extends { type: string; guid: string | null }>(cards: C[]): C[] {
  const dealt = new Set<string>();
  return cards.filter((c) => {
    if (c.type !== "reversed" || c.guid === null) return true;
    if (dealt.has(c.guid)) return false;
    dealt.add(c.guid);
    return true;
  });
}

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

export function matchReducer(s: MatchState, action: MatchAction, face: TileFace = ownFace): MatchState {
  if (action.type === "clearWrong") return s.wrong ? { ...s, wrong: null } : s;
  const { tile, now } = action;
  if (matchFinished(s) || !s.tiles.includes(tile) || s.matched.includes(tile)) return s;
  const startedAt = s.startedAt ?? now;
  const picked = s.selected;
  // First pick, the same tile again (let go), or another tile of the same side (picked instead).
  if (picked === null || tileSide(picked) === tileSide(tile)) {
    return { ...s, startedAt, wrong: null, selected: picked === tile ? null : tile };
  }
  const [term, definition] = tileSide(tile) === "term" ? [tile, picked] : [picked, tile];
  if (!isPair(term, definition, face)) {
    return { ...s, startedAt, selected: null, wrong: [picked, tile], mistakes: s.mistakes + 1 };
  }
  const matched = [...s.matched, picked, tile];
  const done = matched.length === s.tiles.length;
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
  if (!Array.isArray(s.matched)) return null;
  // A game saved before pairs were kept as tiles lists card ids: both tiles of each are gone.
  const matched = (s.matched as unknown[]).flatMap((m) => (typeof m === "number" ? [`${m}t`, `${m}d`] : [m]));
  if (!matched.every((t) => typeof t === "string" && s.tiles.includes(t))) return null;
  const time = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v) && v >= 0);
  if (![s.startedAt, s.finishedMs, s.bestMs].every(time) || !Number.isInteger(s.mistakes)) return null;
  return { ...s, matched: matched as string[], selected: s.selected ?? null, wrong: null };
}
