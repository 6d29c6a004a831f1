import { type Grade, gradeAnswer } from "#shared/flashcards/grading.ts";

/**
 * Write mode (issue 25): each card's question, the student types the answer, graded leniently
 * (grading.ts). A round goes through its cards once; the next round is the cards missed. The state is kept
 * on the server per student and set (study_mode_sessions), so a reload or another device resumes.
 */
export interface WriteState {
  /** Card ids of this round, in the order asked. */
  order: number[];
  at: number;
  /** The answer being checked: shown until the student goes on. */
  checked: { typed: string; grade: Grade } | null;
  /** Card ids answered right (a typo counts, and so does 'I was right') and wrong this round. */
  right: number[];
  wrong: number[];
  round: number;
}

export type WriteAction =
  | { type: "check"; typed: string; answer: string }
  | { type: "override" }
  | { type: "next" }
  | { type: "retryMissed" }
  | { type: "restart"; ids: number[] };

export const startWrite = (ids: number[]): WriteState => ({
  order: ids,
  at: 0,
  checked: null,
  right: [],
  wrong: [],
  round: 1,
});

export const isFinished = (s: WriteState) => s.at >= s.order.length;

export function writeReducer(s: WriteState, action: WriteAction): WriteState {
  const id = s.order[s.at];
  switch (action.type) {
    case "check": {
      if (s.checked || id === undefined || !action.typed.trim()) return s;
      const grade = gradeAnswer(action.typed, action.answer);
      const right = grade.verdict !== "wrong";
      return {
        ...s,
        checked: { typed: action.typed, grade },
        right: right ? [...s.right, id] : s.right,
        wrong: right ? s.wrong : [...s.wrong, id],
      };
    }
    case "override":
      if (s.checked?.grade.verdict !== "wrong" || id === undefined) return s;
      return {
        ...s,
        checked: { ...s.checked, grade: { ...s.checked.grade, verdict: "correct" } },
        right: [...s.right, id],
        wrong: s.wrong.filter((w) => w !== id),
      };
    case "next":
      return s.checked ? { ...s, at: s.at + 1, checked: null } : s;
    case "retryMissed":
      return s.wrong.length ? { ...startWrite(s.wrong), round: s.round + 1 } : s;
    case "restart":
      return startWrite(action.ids);
  }
}

/** A saved state still fits the set's cards (none deleted since), or null. */
export function resumable(saved: unknown, ids: number[]): WriteState | null {
  if (!saved || typeof saved !== "object") return null;
  const s = saved as WriteState;
  const known = new Set(ids);
  const lists = [s.order, s.right, s.wrong];
  if (!lists.every((l) => Array.isArray(l) && l.every((id) => known.has(id)))) return null;
  if (!Number.isInteger(s.at) || s.at < 0 || s.at > s.order.length || !Number.isInteger(s.round)) return null;
  return s;
}

/** The cards in a random order (Fisher-Yates), for 'Shuffle'. */
export function shuffled<T>(items: readonly T[], random = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
