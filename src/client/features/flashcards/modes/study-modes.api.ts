import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { StarredCards, StudyMode } from "#shared/flashcards/study-modes.ts";

const endpoints = endpointTable(() => import("#shared/flashcards/study-modes.ts"), "studyModeEndpoints");

export const studyModeQueries = {
  session: (setId: number, mode: StudyMode) =>
    queryOptions({
      queryKey: queryKeys.flashcards.session(setId, mode),
      queryFn: async () => call((await endpoints()).getSession, { params: { id: setId, mode } }),
      // Read once when a mode opens: afterwards the screen's own state is newer than any refetch.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      gcTime: 0,
      retry: 1,
    }),
  stars: (setId: number) =>
    queryOptions({
      queryKey: queryKeys.flashcards.stars(setId),
      queryFn: async () => call((await endpoints()).stars, { params: { id: setId } }),
    }),
};

export const saveSession = async (
  setId: number,
  mode: StudyMode,
  state: Record<string, unknown>,
  version: number,
) => call((await endpoints()).saveSession, { params: { id: setId, mode }, body: { state, version } });

export const loadSession = async (setId: number, mode: StudyMode) =>
  call((await endpoints()).getSession, { params: { id: setId, mode } });

export const useStars = (setId: number) => useQuery(studyModeQueries.stars(setId));

/** Star or unstar a card at once on screen; put back if the server refuses. */
export function useSetStar(setId: number) {
  const qc = useQueryClient();
  const key = queryKeys.flashcards.stars(setId);
  return useMutation({
    mutationFn: async ({ cardId, starred }: { cardId: number; starred: boolean }) =>
      call((await endpoints()).setStar, { params: { id: cardId }, body: { starred } }),
    onMutate: async ({ cardId, starred }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<StarredCards>(key);
      qc.setQueryData<StarredCards>(key, (old) => {
        const rest = (old?.cardIds ?? []).filter((id) => id !== cardId);
        return { cardIds: starred ? [...rest, cardId] : rest };
      });
      return { before };
    },
    onError: (_err, _vars, ctx) => qc.setQueryData(key, ctx?.before),
  });
}
