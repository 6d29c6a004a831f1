import { describe, expect, it } from "vitest";
import { seededRng } from "#shared/flashcards/quiz.ts";
import {
  type MatchAction,
  type MatchState,
  matchCards,
  matchElapsed,
  matchFinished,
  matchReducer,
  PAIRS,
  resumableMatch,
  startMatch,
} from "./match-state.ts";

const run = (s: MatchState, ...actions: MatchAction[]) => actions.reduce((r, a) => matchReducer(r, a), s);
const pick = (tile: string, now: number): MatchAction => ({ type: "pick", tile, now });
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("Match", () => {
  it("deals one card of a reversed note, whose two cards would put each text on the board twice", () => {
    const card = (id: number, type: string, guid: string | null) => ({ id, type, guid });
    const cards = [
      card(1, "reversed", "a"),
      card(2, "reversed", "a"),
      card(3, "cloze", "b"),
      card(4, "cloze", "b"),
      card(5, "basic", null),
      card(6, "basic", null),
      card(7, "reversed", "c"),
    ];
    expect(matchCards(cards).map((c) => c.id)).toEqual([1, 3, 4, 5, 6, 7]);
  });

  it("deals six pairs of the set as twelve shuffled tiles", () => {
    const s = startMatch(ids(10), null, seededRng(3));
    expect(s.tiles).toHaveLength(2 * PAIRS);
    const dealt = [...new Set(s.tiles.map((t) => Number.parseInt(t, 10)))];
    expect(dealt).toHaveLength(PAIRS);
    expect([...s.tiles].sort()).toEqual(dealt.flatMap((i) => [`${i}d`, `${i}t`]).sort());
    expect(s.tiles).not.toEqual(dealt.flatMap((i) => [`${i}t`, `${i}d`]));
    expect(startMatch(ids(3)).tiles).toHaveLength(6);
  });

  it("draws each round's pairs from the whole set, not its first six cards", () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 20; seed++)
      for (const t of startMatch(ids(30), null, seededRng(seed)).tiles) seen.add(Number.parseInt(t, 10));
    expect([...seen].some((id) => id > PAIRS)).toBe(true);
    expect(seen.size).toBeGreaterThan(20);
  });

  it("starts the clock on the first pick, pairs a term with its definition, and stops on the last", () => {
    let s = startMatch([1, 2]);
    expect(matchElapsed(s, 5000)).toBe(0);
    s = run(s, pick("1t", 1000));
    expect(s.selected).toBe("1t");
    expect(matchElapsed(s, 3000)).toBe(2000);
    s = run(s, pick("1d", 2000), pick("2d", 2500), pick("2t", 4500));
    expect(s.matched).toEqual(["1t", "1d", "2d", "2t"]);
    expect(matchFinished(s)).toBe(true);
    expect(s.finishedMs).toBe(3500);
    expect(s.bestMs).toBe(3500);
    expect(matchElapsed(s, 99_999)).toBe(3500);
    // Nothing moves after the end.
    expect(run(s, pick("1t", 6000))).toBe(s);
  });

  it("flashes a wrong pair, counts it, and clears it on the next pick", () => {
    let s = run(startMatch([1, 2, 3]), pick("1t", 0), pick("2d", 10));
    expect(s.wrong).toEqual(["1t", "2d"]);
    expect(s.mistakes).toBe(1);
    expect(s.selected).toBeNull();
    expect(s.matched).toEqual([]);
    s = run(s, pick("3t", 20));
    expect(s.wrong).toBeNull();
    expect(run(s, { type: "clearWrong" })).toBe(s);
  });

  it("pairs tiles that read the same: two cards with one back, or fronts alike but for case", () => {
    const faces: Record<string, string> = { "1t": "bank", "1d": "river edge", "2t": "bank", "2d": "money" };
    faces["3t"] = "paris";
    faces["3d"] = "capital";
    faces["4t"] = "rome";
    faces["4d"] = "capital";
    const face = (tile: string) => faces[tile] ?? tile;
    const play = (s: MatchState, ...tiles: string[]) =>
      tiles.reduce((r, tile, i) => matchReducer(r, pick(tile, i), face), s);
    // 'bank' (card 2) with card 1's definition: the two 'bank' tiles cannot be told apart.
    let s = play(startMatch([1, 2, 3, 4]), "2t", "1d");
    expect(s.mistakes).toBe(0);
    expect(s.matched).toEqual(["2t", "1d"]);
    // Either 'capital' goes with Paris.
    s = play(s, "4d", "3t", "1t", "2d", "4t", "3d");
    expect(s.mistakes).toBe(0);
    expect(matchFinished(s)).toBe(true);
    // Texts that differ still make a wrong pair.
    expect(play(startMatch([1, 2, 3, 4]), "1t", "3d").mistakes).toBe(1);
  });

  it("lets go of a tile picked twice and switches to another of the same side", () => {
    let s = run(startMatch([1, 2]), pick("1t", 0), pick("1t", 1));
    expect(s.selected).toBeNull();
    s = run(s, pick("1d", 2), pick("2d", 3));
    expect(s.selected).toBe("2d");
    expect(s.mistakes).toBe(0);
  });

  it("ignores matched tiles and tiles not on the board", () => {
    const s = run(startMatch([1, 2]), pick("1t", 0), pick("1d", 1));
    expect(run(s, pick("1t", 2))).toBe(s);
    expect(run(s, pick("9t", 2))).toBe(s);
  });

  it("keeps the best time across games and only beats it with a faster one", () => {
    const play = (best: number | null, ms: number) =>
      run(startMatch([1], best), pick("1t", 0), pick("1d", ms)).bestMs;
    expect(play(null, 9000)).toBe(9000);
    expect(play(9000, 12_000)).toBe(9000);
    expect(play(9000, 4000)).toBe(4000);
  });

  it("resumes a saved game only while it fits the cards", () => {
    const s = run(startMatch([1, 2, 3]), pick("1t", 0));
    const saved = JSON.parse(JSON.stringify(s));
    expect(resumableMatch(saved, [1, 2, 3])).toEqual(s);
    expect(resumableMatch(saved, [1, 2])).toBeNull();
    expect(resumableMatch({ ...saved, tiles: ["1x"] }, [1])).toBeNull();
    expect(resumableMatch({ ...saved, bestMs: -1 }, [1, 2, 3])).toBeNull();
    expect(resumableMatch(null, [1])).toBeNull();
    // A game saved when pairs were kept as card ids goes on with both tiles of each gone.
    expect(resumableMatch({ ...saved, matched: [2] }, [1, 2, 3])?.matched).toEqual(["2t", "2d"]);
    expect(resumableMatch({ ...saved, matched: ["7t"] }, [1, 2, 3])).toBeNull();
  });
});
