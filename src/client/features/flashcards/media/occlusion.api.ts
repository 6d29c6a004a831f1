import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { CreateOcclusionInput } from "#shared/flashcards/media-contract.ts";

const occlusionEndpoints = endpointTable(
  () => import("#shared/flashcards/media-contract.ts"),
  "occlusionEndpoints",
);

export function useCreateOcclusion(setId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOcclusionInput) =>
      call((await occlusionEndpoints()).createOcclusion, { params: { id: setId }, body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.flashcards.all }),
        qc.invalidateQueries({ queryKey: queryKeys.review.all }),
      ]),
  });
}
