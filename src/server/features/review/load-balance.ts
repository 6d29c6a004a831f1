import { get_fuzz_range } from "ts-fsrs";

/** An Easy Day counts its cards as this many times heavier, so fewer land there (Anki's 'reduced'). */
const EASY_DAY_WEIGHT = 2;

/** The days FSRS's fuzz lets an interval of `interval` days land on: the only days the balancer reads. */
export function fuzzDays(interval: number, elapsedDays: number): { min: number; max: number } {
  const { min_ivl: min, max_ivl: max } = get_fuzz_range(interval, elapsedDays, 36500);
  return { min, max };
}

/**
 * Anki's load balancer (issue 25 §3): a review interval of a few days or more may land on any day of
 * FSRS's fuzz range; pick the one with the lightest load (cards already due that day, Easy Days counting
 * heavier), the nearest to the scheduler's own choice on a tie. The rating runs this rule inside its
 * write statement (review.repo.ts, RATING_WRITE), where the loads are; this is its readable form, and the
 * API test checks that both pick the same day for the same loads.
 */
export function balancedInterval(
  interval: number,
  elapsedDays: number,
  loads: (day: number) => number,
  isEasyDay: (day: number) => boolean,
  /** FSRS's fuzzed interval, which wins ties (`interval` is the one before fuzz, the range's centre). */
  preferred = interval,
): number {
  if (preferred < 3) return preferred;
  const { min, max } = fuzzDays(interval, elapsedDays);
  let best = preferred;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let day = min; day <= max; day += 1) {
    const score = loads(day) * (isEasyDay(day) ? EASY_DAY_WEIGHT : 1) + (isEasyDay(day) ? 0.5 : 0);
    const closer = Math.abs(day - preferred) < Math.abs(best - preferred);
    if (score < bestScore || (score === bestScore && closer)) {
      best = day;
      bestScore = score;
    }
  }
  return best;
}
