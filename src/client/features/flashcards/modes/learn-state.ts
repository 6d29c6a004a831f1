import { normalizeAnswer } from "#shared/flashcards/quiz.ts";

/**
 * Learn mode (issue 25 §2): adaptive within one session. A card is asked as multiple choice first, then
 * written once the student picked it right; a written answer right masters it. Rounds take the first
 * ROUND_SIZE cards not yet mastered (in the session's order), so a card keeps coming back until it is
 * mastered and new cards enter as earlier ones leave. A wrong answer puts the card back at the end of
 * the round (once per round), besides counting it as missed for the summary.
 */
export const ROUND_SIZE = 7;

/**
 * Whether the set can ask multiple choice: the right answer and at least two others that read
 * differently. A set of one or two cards (or cards sharing their backs) would offer a choice of one or
 * two, so its cards are asked written from the start.
 */
export const canChoose = (answers: readonly string[]) =>
  new Set(answers.map(normalizeAnswer).filter(Boolean)).size >= 3;

/** 0: asked as multiple choice next; 1: asked written next; 2: mastered. */
export type Stage = 0 | 1 | 2;

export interface LearnState {
  /** Every card of the session, in the order they enter (shuffled if the student asked). */
  cards: number[];
  /** Each card's stage by id; absent means 0. */
  stage: Record<string, Stage>;
  /** The ids of this round, in order (a card answered wrong is appended once). */
  round: number[];
  at: number;
  roundNo: number;
  /** The answer being shown until the student goes on. */
  checked: { given: string; correct: boolean; requeued: boolean; written?: boolean } | null;
  /** Cards answered wrong at least once this session. */
  missed: number[];
  /** Seeds the multiple-choice options, so a reload asks the same question the same way. */
  seed: number;
}

export type LearnAction =
  /** `written`: typed rather than picked; a written answer right masters the card at any stage. */
  | { type: "answer"; given: string; correct: boolean; written?: boolean }
  | { type: "override" }
  | { type: "next" }
  | { type: "nextRound" }
  | { type: "restart"; ids: number[]; seed: number };

export const stageOf = (s: LearnState, id: number): Stage => s.stage[id] ?? 0;

const firstRound = (cards: number[], stage: Record<string, Stage>) =>
  cards.filter((id) => (stage[id] ?? 0) < 2).slice(0, ROUND_SIZE);

export function startLearn(ids: number[], seed: number): LearnState {
  return {
    cards: ids,
    stage: {},
    round: firstRound(ids, {}),
    at: 0,
    roundNo: 1,
    checked: null,
    missed: [],
    seed,
  };
}

/** The two piles and the bar: a card half-way (right as multiple choice) counts half. */
export function learnPiles(s: LearnState) {
  const mastered = s.cards.filter((id) => stageOf(s, id) === 2).length;
  const steps = s.cards.reduce((sum, id) => sum + stageOf(s, id), 0);
  return {
    learning: s.cards.length - mastered,
    mastered,
    percent: s.cards.length === 0 ? 100 : Math.round((steps / (2 * s.cards.length)) * 100),
  };
}

export const currentCard = (s: LearnState): number | undefined => s.round[s.at];
export const roundOver = (s: LearnState) => s.at >= s.round.length;
export const learnDone = (s: LearnState) => s.cards.every((id) => stageOf(s, id) === 2);
/** Whether the card is asked written: from its stage before the answer shown, if one is. */
export const askWritten = (s: LearnState, id: number) =>
  (s.checked?.correct ? stageOf(s, id) - 1 : stageOf(s, id)) === 1;

const withStage = (s: LearnState, id: number, stage: Stage) => ({ ...s.stage, [id]: stage });

export function learnReducer(s: LearnState, action: LearnAction): LearnState {
  const id = currentCard(s);
  switch (action.type) {
    case "answer": {
      if (s.checked || id === undefined) return s;
      const stage = stageOf(s, id);
      if (action.correct) {
        const next = action.written ? 2 : (Math.min(2, stage + 1) as Stage);
        return {
          ...s,
          stage: withStage(s, id, next),
          checked: { given: action.given, correct: true, requeued: false, written: action.written },
        };
      }
      // Back into this round, unless it is already waiting later in it.
      const requeued = !s.round.slice(s.at + 1).includes(id);
      return {
        ...s,
        round: requeued ? [...s.round, id] : s.round,
        missed: s.missed.includes(id) ? s.missed : [...s.missed, id],
        checked: { given: action.given, correct: false, requeued, written: action.written },
      };
    }
    case "override": {
      // 'I was right' on a written answer the grader missed: as if it had been right.
      if (!s.checked || s.checked.correct || id === undefined) return s;
      const round = s.checked.requeued ? s.round.slice(0, -1) : s.round;
      const next = s.checked.written ? 2 : (Math.min(2, stageOf(s, id) + 1) as Stage);
      return {
        ...s,
        round,
        stage: withStage(s, id, next),
        missed: s.missed.filter((m) => m !== id),
        checked: { ...s.checked, correct: true, requeued: false },
      };
    }
    case "next": {
      if (!s.checked) return s;
      // A card mastered earlier in the round is not asked again later in it.
      let at = s.at + 1;
      while (at < s.round.length && stageOf(s, s.round[at]!) === 2) at++;
      return { ...s, at, checked: null };
    }
    case "nextRound":
      if (!roundOver(s) || learnDone(s)) return s;
      return { ...s, round: firstRound(s.cards, s.stage), at: 0, roundNo: s.roundNo + 1, checked: null };
    case "restart":
      return startLearn(action.ids, action.seed);
  }
}

const isIdList = (l: unknown): l is number[] => Array.isArray(l) && l.every((x) => Number.isInteger(x));

/** A saved state that still fits the cards (none deleted since), or null to start afresh. */
export function resumableLearn(saved: unknown, ids: number[]): LearnState | null {
  if (!saved || typeof saved !== "object") return null;
  const s = saved as LearnState;
  const known = new Set(ids);
  if (![s.cards, s.round, s.missed].every((l) => isIdList(l) && l.every((id) => known.has(id)))) return null;
  if (!s.stage || typeof s.stage !== "object") return null;
  if (!Object.values(s.stage).every((v) => v === 0 || v === 1 || v === 2)) return null;
  if (!Number.isInteger(s.at) || s.at < 0 || s.at > s.round.length || !Number.isInteger(s.roundNo))
    return null;
  if (!Number.isInteger(s.seed)) return null;
  return { ...s, checked: s.checked ?? null };
}
