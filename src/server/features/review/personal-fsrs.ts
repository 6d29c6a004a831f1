import { wallClock } from "#shared/local-day.ts";
import type { FsrsFit } from "../../db/schema/review.ts";

/** Reviews a student needs before a personal fit is worth making (below it the defaults do as well). */
export const MIN_REVIEWS_TO_FIT = 400;

export type LoggedRating = { flashcardId: number; rating: number; reviewedAt: Date; state: number };

const DAY_MS = 86_400_000;

/**
 * The optimizer's training items from a review log, as Anki makes them (rslib scheduler/fsrs/params.rs,
 * reviews_for_fsrs): per card, its ratings in time order with the student's calendar days between them
 * (in `timeZone`; the first 0), and one item per review on a later day than the one before it, holding
 * the card's history up to it (fsrs-rs's FSRSItem). A same-day review stays in later items' histories but
 * is no item of its own: what the model predicts is recall after a day or more. A card whose log does
 * not start from new (its early reviews are not in the log) gives no items, since its history is partial.
 */
export function historiesOf(log: LoggedRating[], timeZone = "UTC"): { rating: number; deltaT: number }[][] {
  const byCard = new Map<number, LoggedRating[]>();
  for (const r of log) {
    const list = byCard.get(r.flashcardId) ?? [];
    list.push(r);
    byCard.set(r.flashcardId, list);
  }
  const day = (at: Date) => Math.floor(wallClock(at, timeZone).getTime() / DAY_MS);
  const items: { rating: number; deltaT: number }[][] = [];
  for (const reviews of byCard.values()) {
    reviews.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    if (reviews[0]?.state !== 0) continue;
    const history = reviews.map((r, i) => ({
      rating: r.rating,
      deltaT: i === 0 ? 0 : day(r.reviewedAt) - day(reviews[i - 1]!.reviewedAt),
    }));
    for (let i = 1; i < history.length; i += 1)
      if (history[i]!.deltaT > 0) items.push(history.slice(0, i + 1));
  }
  return items;
}

/**
 * Fits FSRS parameters to a student's log with fsrs-rs (the binding's native optimizer runs on its own
 * threads, off the event loop) and scores the same items with the defaults and with the fit; the
 * weights are null when the fit is no better than the defaults.
 */
export async function fitParameters(
  log: LoggedRating[],
  now: Date,
  timeZone = "UTC",
): Promise<{ weights: number[] | null; fit: FsrsFit } | null> {
  const { FSRSBinding, FSRSBindingItem, FSRSBindingReview, computeParameters } = await import(
    "@open-spaced-repetition/binding"
  );
  const items = historiesOf(log, timeZone).map(
    (h) => new FSRSBindingItem(h.map((r) => new FSRSBindingReview(r.rating, r.deltaT))),
  );
  if (items.length === 0) return null;
  const before = new FSRSBinding().evaluate(items);
  const weights = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  const after = new FSRSBinding(weights).evaluate(items);
  return {
    // As in Anki (compute_params), a fit that predicts the log no better than the defaults is not used.
    weights: after.rmseBins < before.rmseBins ? weights : null,
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
