import { calculateGpa, GPA_SCALE, type GpaCourse, GRADE_POINTS, type Grade } from "./grades.ts";

/**
 * Course grade arithmetic as Canvas does it, for What-If scores and "what do I need" (issue 26). The rules
 * follow Canvas's own calculator (canvas-lms ui/shared/grading/AssignmentGroupGradeCalculator.ts and
 * CourseGradeCalculator.ts), because a student compares our number with the one Canvas shows:
 *
 * - An assignment counts in its group unless Canvas leaves it out (omit_from_final_grade, a 'not_graded'
 *   assignment, unpublished, or a grade not yet posted to the student: Canvas leaves these out whole, not
 *   as zero) or the submission is excused (out of both grades).
 * - "Current" counts only graded work (a score, not pending review); "final" counts ungraded work as 0.
 * - drop_lowest / drop_highest pick the assignments whose removal gives the group its best (or, for
 *   highest, lowest) percentage, not simply the lowest percentages (Kane & Kane, "Dropping Lowest Grades");
 *   never_drop assignments always stay. At least one droppable assignment is kept.
 * - With apply_assignment_group_weights, each group's percentage is weighted; a group with nothing to
 *   count (no points possible) is left out and the others are scaled up to 100 (only when their weights
 *   add to less than 100). Without weights, points are summed over all groups.
 * - The course percentage is rounded to 2 decimals, as Canvas shows it.
 *
 * Not modelled: grading periods (weighted per period) and a course's own grading scheme; letters here use
 * the SPEC §9 scale of src/shared/gpa.ts.
 */

export interface GradeItem {
  /** The Canvas assignment id (a string: Canvas ids can exceed 2^53). */
  id: string;
  pointsPossible: number;
  /** Null while ungraded. Above pointsPossible is extra credit; a 0-point assignment is pure extra credit. */
  score: number | null;
  excused?: boolean;
  /** Left out by Canvas: omitted from the final grade, not graded, unpublished, or its grade not posted (muted). */
  omitted?: boolean;
  /** A submission whose grade is pending review: Canvas keeps its score out of the current grade. */
  pendingReview?: boolean;
}

export interface GroupRules {
  dropLowest?: number;
  dropHighest?: number;
  /** Assignment ids that are never dropped. */
  neverDrop?: readonly string[];
}

export interface GradeGroup {
  id: string;
  /** group_weight, a percentage; used only when the course applies group weights. */
  weight: number;
  rules?: GroupRules;
  assignments: readonly GradeItem[];
}

export interface CourseGradeInput {
  /** Canvas's apply_assignment_group_weights. */
  weighted: boolean;
  groups: readonly GradeGroup[];
}

export interface GroupGrade {
  id: string;
  weight: number;
  score: number;
  possible: number;
  /** score / possible in percent, or null with nothing possible. Not rounded. */
  percent: number | null;
  /** Ids of the assignments the drop rules took out. */
  dropped: string[];
}

export interface GradeResult {
  /** The course percentage, rounded to 2 decimals as Canvas shows it; null when there is nothing to grade. */
  percent: number | null;
  /** Unrounded, for comparisons against a target. */
  exact: number | null;
  groups: GroupGrade[];
}

export interface CourseGrade {
  /** Only graded work counts (Canvas's "current" score). */
  current: GradeResult;
  /** Ungraded work counts as 0 (Canvas's "final" score). */
  final: GradeResult;
}

const EPS = 1e-9;
const round2 = (x: number) => Math.round(x * 100 + EPS) / 100;
/** Rounded up to 2 decimals, so reaching the answer shown always reaches the target. */
const ceil2 = (x: number) => Math.ceil(x * 100 - EPS) / 100;

interface Scored {
  id: string;
  score: number;
  total: number;
}

const byId = (a: Scored, b: Scored) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The `keep` items of `items` whose sum ratio, together with the fixed `always` items, is highest
 * (`best`) or lowest: Dinkelbach's iteration on q, the ratio reached so far. For a given q the best set is
 * the top `keep` by score - q * total; its ratio becomes the next q, which only improves, and the sets are
 * finite, so it stops (within a few steps in practice). Ties go by id so the answer is stable.
 */
function keepBest(items: Scored[], keep: number, always: Scored[], best: boolean): Scored[] {
  if (items.length <= keep) return items;
  const fixedScore = always.reduce((s, x) => s + x.score, 0);
  const fixedTotal = always.reduce((s, x) => s + x.total, 0);
  const ratio = (set: Scored[]) => {
    const total = set.reduce((s, x) => s + x.total, fixedTotal);
    return total > 0 ? set.reduce((s, x) => s + x.score, fixedScore) / total : 0;
  };
  const pick = (q: number) =>
    [...items]
      .sort((a, b) => {
        const diff = b.score - q * b.total - (a.score - q * a.total);
        return Math.abs(diff) > EPS ? (best ? diff : -diff) : byId(a, b);
      })
      .slice(0, keep);
  let kept = pick(ratio(items));
  for (let step = 0; step < 100; step++) {
    const q = ratio(kept);
    const next = pick(q);
    const better = best ? ratio(next) > q + EPS : ratio(next) < q - EPS;
    if (!better) break;
    kept = next;
  }
  return kept;
}

/** Canvas's drop rules on the items that count in this grade. */
function applyDrops(items: Scored[], rules: GroupRules | undefined): { kept: Scored[]; dropped: string[] } {
  let dropLowest = rules?.dropLowest ?? 0;
  let dropHighest = rules?.dropHighest ?? 0;
  if (!(dropLowest || dropHighest)) return { kept: items, dropped: [] };
  const never = new Set(rules?.neverDrop ?? []);
  const always = items.filter((x) => never.has(x.id));
  const droppable = items.filter((x) => !never.has(x.id));
  if (droppable.length === 0) return { kept: items, dropped: [] };
  // As Canvas: keep at least one droppable item, and drop no highest when lowest already take them all.
  dropLowest = Math.min(dropLowest, droppable.length - 1);
  if (dropLowest + dropHighest >= droppable.length) dropHighest = 0;
  const keepHighest = droppable.length - dropLowest;
  const keepLowest = keepHighest - dropHighest;
  let kept: Scored[];
  if (droppable.some((x) => x.total > 0)) {
    kept = keepBest(
      keepBest(droppable, Math.max(1, keepHighest), always, true),
      Math.max(1, keepLowest),
      always,
      false,
    );
  } else {
    // Only extra credit (no points possible): rank by score alone.
    const sorted = [...droppable].sort((a, b) => a.score - b.score || byId(a, b));
    kept = sorted.slice(sorted.length - keepHighest).slice(0, keepLowest);
  }
  const keptIds = new Set(kept.map((x) => x.id));
  return {
    kept: [...kept, ...always],
    dropped: droppable.filter((x) => !keptIds.has(x.id)).map((x) => x.id),
  };
}

function groupGrade(group: GradeGroup, includeUngraded: boolean): GroupGrade & { graded: number } {
  const counted = group.assignments.filter((a) => !a.omitted && !a.excused);
  const relevant = counted
    .filter((a) => includeUngraded || (a.score !== null && !a.pendingReview))
    .map((a) => ({ id: a.id, score: a.score ?? 0, total: Math.max(0, a.pointsPossible) }));
  const { kept, dropped } = applyDrops(relevant, group.rules);
  const score = kept.reduce((s, x) => s + x.score, 0);
  const possible = kept.reduce((s, x) => s + x.total, 0);
  return {
    id: group.id,
    weight: group.weight,
    score,
    possible,
    percent: possible > 0 ? (score / possible) * 100 : null,
    dropped,
    graded: counted.filter((a) => a.score !== null).length,
  };
}

function combine(input: CourseGradeInput, includeUngraded: boolean): GradeResult {
  const graded = input.groups.map((g) => groupGrade(g, includeUngraded));
  const groups: GroupGrade[] = graded.map(({ graded: _, ...g }) => g);
  let exact: number | null;
  if (input.weighted) {
    // A group with nothing possible is left out of the weighting, and the rest scale up to 100.
    const relevant = graded.filter((g) => g.possible > 0);
    const fullWeight = relevant.reduce((s, g) => s + g.weight, 0);
    const sum = relevant.reduce((s, g) => s + (g.score / g.possible) * g.weight, 0);
    const anyGraded = includeUngraded || relevant.some((g) => g.graded > 0);
    exact = fullWeight > 0 && anyGraded ? (fullWeight < 100 ? (sum * 100) / fullWeight : sum) : null;
  } else {
    const score = graded.reduce((s, g) => s + g.score, 0);
    const possible = graded.reduce((s, g) => s + g.possible, 0);
    exact = possible > 0 ? (score / possible) * 100 : null;
  }
  return { percent: exact === null ? null : round2(exact), exact, groups };
}

/** Canvas's current and final course grades. */
export function courseGrade(input: CourseGradeInput): CourseGrade {
  return { current: combine(input, false), final: combine(input, true) };
}

/**
 * The course with hypothetical scores in place of real or missing ones (Canvas Student's What-If): a
 * what-if score is a graded score, so it counts in the current grade too; it also lifts excused and
 * pending-review marks, as typing a score over them does in Canvas. Unknown ids are ignored.
 */
export function withWhatIf(
  input: CourseGradeInput,
  scores: Readonly<Record<string, number>>,
): CourseGradeInput {
  return {
    ...input,
    groups: input.groups.map((g) => ({
      ...g,
      assignments: g.assignments.map((a) =>
        Object.hasOwn(scores, a.id) && !a.omitted
          ? { ...a, score: scores[a.id]!, excused: false, pendingReview: false }
          : a,
      ),
    })),
  };
}

export const whatIfGrade = (input: CourseGradeInput, scores: Readonly<Record<string, number>>) =>
  courseGrade(withWhatIf(input, scores));

/** A target as a percentage: a number as it is, a letter as the lowest percentage that earns it (SPEC §9). */
export function targetPercent(target: number | Grade): number {
  if (typeof target === "number") return target;
  return GPA_SCALE.find((s) => s.grade === target)?.min ?? 0;
}

export type Needed =
  /** Reached even with 0 on everything left. */
  | { status: "secured"; worst: number }
  /** `percent` on the remaining work reaches the target (rounded up to 2 decimals). */
  | { status: "reachable"; percent: number; points: number }
  /** Out of reach with full marks; `best` is the grade full marks would give. */
  | { status: "unreachable"; best: number }
  /** Nothing left to score: `grade` is where the course stands. */
  | { status: "nothing-left"; grade: number | null };

/**
 * The least percentage p on `items` (all scored p% of their points) for which `grade(p)` reaches the
 * target. The grade never falls as p rises (a higher score cannot lower a group's best kept set), so a
 * bisection finds it; 60 halvings of 0..100 are far below the 2 decimals shown.
 */
function solve(
  target: number,
  points: number,
  grade: (p: number) => number | null,
): Exclude<Needed, { status: "nothing-left" }> {
  const at = (p: number) => grade(p) ?? 0;
  if (at(0) >= target - EPS) return { status: "secured", worst: round2(at(0)) };
  if (at(100) < target - EPS) return { status: "unreachable", best: round2(at(100)) };
  let lo = 0;
  let hi = 100;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid) >= target - EPS) hi = mid;
    else lo = mid;
  }
  const percent = ceil2(hi);
  return { status: "reachable", percent, points: ceil2((percent / 100) * points) };
}

const counts = (a: GradeItem) => !a.omitted && !a.excused && a.pointsPossible > 0;

/**
 * "What do I need on the rest?": the one percentage that, scored on every ungraded assignment that counts,
 * brings the course to the target (a percentage or a letter). Once everything is scored, current and final
 * grades agree, so the final grade is the one compared.
 */
export function neededOnRemaining(input: CourseGradeInput, target: number | Grade): Needed {
  const goal = targetPercent(target);
  const remaining = input.groups.flatMap((g) => g.assignments.filter((a) => counts(a) && a.score === null));
  if (remaining.length === 0) return { status: "nothing-left", grade: courseGrade(input).final.percent };
  const points = remaining.reduce((s, a) => s + a.pointsPossible, 0);
  return solve(goal, points, (p) => {
    const scores = Object.fromEntries(remaining.map((a) => [a.id, (p / 100) * a.pointsPossible]));
    return courseGrade(withWhatIf(input, scores)).final.exact;
  });
}

/**
 * "What do I need on the final exam?": the percentage on one assignment that brings the course to the
 * target. Other ungraded work is left out, as in Canvas's current grade (the usual question when the exam is
 * the last thing left), or scored at `othersAt` percent when given.
 */
export function neededOnAssignment(
  input: CourseGradeInput,
  assignmentId: string,
  target: number | Grade,
  opts: { othersAt?: number } = {},
): Needed {
  const goal = targetPercent(target);
  const item = input.groups.flatMap((g) => g.assignments).find((a) => a.id === assignmentId);
  if (!item || !counts(item)) return { status: "nothing-left", grade: courseGrade(input).current.percent };
  const others: Record<string, number> = {};
  if (opts.othersAt !== undefined) {
    for (const g of input.groups) {
      for (const a of g.assignments) {
        if (a.id !== assignmentId && counts(a) && a.score === null) {
          others[a.id] = (opts.othersAt / 100) * a.pointsPossible;
        }
      }
    }
  }
  return solve(goal, item.pointsPossible, (p) => {
    const scores = { ...others, [assignmentId]: (p / 100) * item.pointsPossible };
    return courseGrade(withWhatIf(input, scores)).current.exact;
  });
}

export type NeededGpa =
  | { status: "secured"; worst: number }
  /** `average` grade points over the current courses' credits, and the lowest letter that gives it. */
  | { status: "reachable"; average: number; letter: Grade }
  | { status: "unreachable"; best: number }
  | { status: "nothing-left"; gpa: number };

const MAX_POINTS = Math.max(...Object.values(GRADE_POINTS));
/** Letters from the lowest grade points up; A before A+ (both 4.0), the letter a student aims for. */
const LETTERS_UP = (Object.entries(GRADE_POINTS) as [Grade, number][])
  .filter(([g]) => g !== "A+")
  .sort((a, b) => a[1] - b[1]);

/**
 * Target GPA: the average grade points the current courses must earn, weighted by their credits, for the
 * cumulative GPA (completed courses as the GPA calculator counts them) to reach `target`. Answers are
 * rounded up to 2 decimals, and the letter is the lowest whose points reach the average in every course.
 */
export function neededGpa(opts: {
  completed: readonly GpaCourse[];
  current: readonly { credits: number }[];
  target: number;
}): NeededGpa {
  if (!Number.isFinite(opts.target) || opts.target < 0 || opts.target > MAX_POINTS) {
    throw new RangeError(`A target GPA is 0 to ${MAX_POINTS}`);
  }
  const done = calculateGpa(opts.completed);
  const donePoints = done.gpa * done.totalCredits;
  const credits = opts.current.reduce((s, c) => s + Math.max(0, c.credits), 0);
  if (credits === 0) return { status: "nothing-left", gpa: round2(done.gpa) };
  const all = done.totalCredits + credits;
  const needed = (opts.target * all - donePoints) / credits;
  if (needed <= EPS) return { status: "secured", worst: round2(donePoints / all) };
  if (needed > MAX_POINTS + EPS)
    return { status: "unreachable", best: round2((donePoints + MAX_POINTS * credits) / all) };
  const letter = LETTERS_UP.find(([, points]) => points >= needed - EPS)![0];
  return { status: "reachable", average: ceil2(needed), letter };
}
