import type { FsrsFit } from "../../db/schema/review.ts";

/** Reviews a student needs before a personal fit is worth making (below it the defaults do as well). */
export const MIN_REVIEWS_TO_FIT = 400;

export type LoggedRating = { flashcardId: number; rating: number; reviewedAt: Date };

const DAY_MS = 86_400_000;

/**
 * The optimizer's training items from a review log: per card, its ratings in time order with the whole
 * days between them (the first 0), one item per review after the first, each holding the card's history
 * up to it (fsrs-rs's FSRSItem).
 */
export function historiesOf(log: LoggedRating[]): { rating: number; deltaT: number }[][] {
  const byCard = new Map<number, LoggedRating[]>();
  for (const r of log) {
    const list = byCard.get(r.flashcardId) ?? [];
    list.push(r);
    byCard.set(r.flashcardId, list);
  }
  const items: { rating: number; deltaT: number }[][] = [];
  for (const reviews of byCard.values()) {
    reviews.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    const history = reviews.map((r, i) => ({
      rating: r.rating,
      deltaT:
        i === 0
          ? 0
          : Math.floor(r.reviewedAt.getTime() / DAY_MS) -
            Math.floor(reviews[i - 1]!.reviewedAt.getTime() / DAY_MS),
    }));
    for (let i = 2; i <= history.length; i += 1) {
      const item = history.slice(0, i);
      // The optimizer learns from items with at least one review on a later day.
      if (item.some((r) => r.deltaT > 0)) items.push(item);
    }
  }
  return items;
}

/**
 * Fits FSRS parameters to a student's log with fsrs-rs (the binding's native optimizer runs on its own
 * threads, off the event loop) and scores the same items with the defaults and with the fit.
 */
export async function fitParameters(
  log: LoggedRating[],
  now: Date,
): Promise<{ weights: number[]; fit: FsrsFit } | null> {
  const { FSRSBinding, FSRSBindingItem, FSRSBindingReview, computeParameters } = await import(
    "@open-spaced-repetition/binding"
  );
  const items = historiesOf(log).map(
    (h) => new FSRSBindingItem(h.map((r) => new FSRSBindingReview(r.rating, r.deltaT))),
  );
  if (items.length === 0) return null;
  const before = new FSRSBinding().evaluate(items);
  const weights = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  const after = new FSRSBinding(weights).evaluate(items);
  return {
    weights,
    fit: {
      reviews: log.length,
      logLossBefore: before.logLoss,
      logLossAfter: after.logLoss,
      rmseBefore: before.rmseBins,
      rmseAfter: after.rmseBins,
      fittedAt: now.toISOString(),
    },
  };
}
