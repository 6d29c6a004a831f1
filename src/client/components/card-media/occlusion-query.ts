import { useQuery } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";

const occlusionEndpoints = endpointTable(
  () => import("#shared/flashcards/media-contract.ts"),
  "occlusionEndpoints",
);

/** An occlusion card's picture and masks (cached for the session: they never change under a card). */
export const useOcclusion = (cardId: number) =>
  useQuery({
    queryKey: [...queryKeys.flashcards.all, "occlusion", cardId],
    queryFn: async () => call((await occlusionEndpoints()).occlusion, { params: { id: cardId } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
