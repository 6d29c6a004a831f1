import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable, sessionUser } from "#client/lib/api.ts";
import { browserTimeZone } from "#client/lib/browser-time-zone.ts";
import { offlineStore } from "#client/lib/offline-store.ts";
import { isNetworkError, isOffline, noteReachable, pendingChanges, queueChange } from "#client/lib/outbox.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { RateResult, ReviewQueue, ReviewRating, ReviewSettings } from "#shared/review/contract.ts";

// Loaded on first use (see achievements.api.ts): the screen draws before zod and the schemas run.
const reviewEndpoints = endpointTable(() => import("#shared/review/contract.ts"), "reviewEndpoints");

/** The due queue; exported so the dashboard page can compose a due count without importing the view. */
export const reviewQueries = {
  queue: (setId?: number) =>
    queryOptions({
      queryKey: queryKeys.review.queue(setId),
      queryFn: async () => {
        const key = `review-queue:${setId ?? "all"}`;
        const userId = sessionUser.get()?.id;
        let queue: ReviewQueue;
        try {
          queue = await call((await reviewEndpoints()).queue, {
            query: {
              limit: 50,
              timeZone: await browserTimeZone(),
              ...(setId === undefined ? {} : { setId }),
            },
          });
          noteReachable(true);
          // Today's queue, cards and all, stays on the device for a review without the network.
          if (userId !== undefined) void offlineStore.saveAnswer(userId, key, queue);
        } catch (err) {
          const saved =
            isNetworkError(err) &&
            userId !== undefined &&
            (await offlineStore.readAnswer<ReviewQueue>(userId, key));
          if (!saved) throw err;
          noteReachable(false);
          queue = saved;
        }
        return withoutRatedOffline(queue);
      },
    }),
  settings: () =>
    queryOptions({
      queryKey: queryKeys.review.settings(),
      queryFn: async () => call((await reviewEndpoints()).getSettings, {}),
    }),
};

/** The queue less the cards rated offline and not yet sent (the server still counts them due). */
async function withoutRatedOffline(queue: ReviewQueue): Promise<ReviewQueue> {
  const rated = new Set((await pendingChanges()).filter((c) => c.kind === "rate").map((c) => c.targetId));
  if (rated.size === 0) return queue;
  const cards = queue.cards.filter((c) => !rated.has(c.id));
  const gone = queue.cards.length - cards.length;
  return { ...queue, cards, dueCount: Math.max(0, queue.dueCount - gone) };
}

export const useReviewQueue = (setId?: number) => useQuery(reviewQueries.queue(setId));
export const useReviewSettings = () => useQuery(reviewQueries.settings());

/** A rating or Undo changes every queue (all sets and the set's own): refetch them all. */
function useRefreshQueues() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.review.all });
}

export function useRateCard() {
  const refresh = useRefreshQueues();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      cardId,
      rating,
      label,
    }: {
      cardId: number;
      rating: ReviewRating;
      /** The card's question: names the rating kept offline if the server refuses it later. */
      label?: string;
    }): Promise<RateResult & { offline?: true }> => {
      // Every rating carries its id: sent again (offline, a lost answer), it is applied once. Only a rating
      // kept offline carries its time (an online one takes the server's: a device clock ahead is no harm).
      const ratedAt = new Date().toISOString();
      // In the zone the queue was read in: the rating then gives the interval its button showed.
      const body = { rating, clientId: crypto.randomUUID(), timeZone: await browserTimeZone() };
      const path = `/api/review/cards/${cardId}/rate`;
      const keep = async () => {
        await queueChange({
          clientId: body.clientId,
          method: "POST",
          path,
          body: { ...body, reviewedAt: ratedAt },
          kind: "rate",
          targetId: cardId,
          label,
        });
        return { reviewId: 0, flashcardId: cardId, due: ratedAt, state: 0, offline: true as const };
      };
      if (isOffline()) return keep();
      try {
        return await call((await reviewEndpoints()).rate, { params: { id: cardId }, body });
      } catch (err) {
        if (isNetworkError(err)) return keep();
        throw err;
      }
    },
    onSuccess: (result) => {
      // A rating kept offline leaves every cached queue at once: the refetch that follows reads the device's
      // copy, and must not be the only thing between the student and the next card.
      if (result.offline) {
        qc.setQueriesData<ReviewQueue>({ queryKey: [...queryKeys.review.all, "queue"] }, (queue) => {
          if (!queue?.cards.some((c) => c.id === result.flashcardId)) return queue;
          const cards = queue.cards.filter((c) => c.id !== result.flashcardId);
          return { ...queue, cards, dueCount: Math.max(0, queue.dueCount - 1) };
        });
      }
      return refresh();
    },
  });
}

export function useUndoRating() {
  const refresh = useRefreshQueues();
  return useMutation({
    mutationFn: async (reviewId: number) => call((await reviewEndpoints()).undo, { body: { reviewId } }),
    onSuccess: refresh,
  });
}

export function useSpreadBacklog() {
  const refresh = useRefreshQueues();
  return useMutation({
    mutationFn: async (body: { days: number; setId?: number }) =>
      call((await reviewEndpoints()).spread, { body }),
    onSuccess: refresh,
  });
}

export function useSaveReviewSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewSettings) => call((await reviewEndpoints()).saveSettings, { body }),
    onSuccess: (saved) => {
      qc.setQueryData(queryKeys.review.settings(), saved);
      return qc.invalidateQueries({ queryKey: [...queryKeys.review.all, "queue"] });
    },
  });
}

/** Review time is study time: recorded as a 'reviewing' session; a failure is only logged. */
export function recordReviewSession(duration: number) {
  reviewEndpoints()
    .then((e) => call(e.session, { body: { duration } }))
    .catch((err) => console.error("Failed to record review time:", err));
}
