import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { browserTimeZone } from "#client/lib/browser-time-zone.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { BrowserQuery, BulkBody, ReviewPreferences } from "#shared/review/browser-contract.ts";

const browserEndpoints = endpointTable(
  () => import("#shared/review/browser-contract.ts"),
  "browserEndpoints",
);
const preferenceEndpoints = endpointTable(
  () => import("#shared/review/browser-contract.ts"),
  "preferenceEndpoints",
);

/** What the browser's filters ask for; the cursor, the zone and the page size are the query's own. */
export type BrowserFilters = Partial<Omit<BrowserQuery, "cursor" | "limit" | "timeZone">>;

const PAGE = 100;

/** The card browser's pages, `PAGE` cards at a time; the next page loads as the student scrolls or asks. */
export function useCardBrowser(filters: BrowserFilters) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.review.all, "browser", filters] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      call((await browserEndpoints()).list, {
        query: {
          ...filters,
          limit: PAGE,
          timeZone: await browserTimeZone(),
          ...(pageParam === undefined ? {} : { cursor: pageParam }),
        },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** A bulk edit changes queues, counts and the sets' cards: every review query and every card list. */
export function useBulkCards() {
  return useMutation({
    mutationFn: async (body: BulkBody) => call((await browserEndpoints()).bulk, { body }),
    meta: { invalidates: [queryKeys.review.all, queryKeys.flashcards.all] },
  });
}

/** Suspend or bury the card on screen (the review page), for this student, and their Undo. */
export function useHoldCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      cardId,
      action,
    }: {
      cardId: number;
      action: "suspend" | "unsuspend" | "bury" | "unbury";
    }) =>
      call((await browserEndpoints()).hold, {
        params: { id: cardId },
        body: { action, timeZone: await browserTimeZone() },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}

export const useReviewPreferences = () =>
  useQuery({
    queryKey: [...queryKeys.review.all, "preferences"] as const,
    queryFn: async () => call((await preferenceEndpoints()).get, {}),
  });

export function useSaveReviewPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewPreferences) => call((await preferenceEndpoints()).save, { body }),
    onSuccess: (saved) => qc.setQueryData([...queryKeys.review.all, "preferences"], saved),
  });
}

/** The student's own flashcard sets, for the exam plans page. */
export const useOwnSets = () =>
  useQuery({
    queryKey: [...queryKeys.review.all, "sets"] as const,
    queryFn: async () => call((await browserEndpoints()).sets, {}),
  });

const fsrsEndpoints = endpointTable(() => import("#shared/review/browser-contract.ts"), "fsrsEndpoints");
const fsrsKey = [...queryKeys.review.all, "fsrs"] as const;

/** Personal FSRS: how many reviews, whether the fit is in use, and its scores. */
export const useFsrsStatus = () =>
  useQuery({ queryKey: fsrsKey, queryFn: async () => call((await fsrsEndpoints()).status, {}) });

export function useFitFsrs() {
  return useMutation({ mutationFn: async () => call((await fsrsEndpoints()).fit, {}) });
}

export function useResetFsrs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await fsrsEndpoints()).reset, {}),
    onSuccess: (status) => {
      qc.setQueryData(fsrsKey, status);
      return qc.invalidateQueries({ queryKey: [...queryKeys.review.all, "queue"] });
    },
  });
}
