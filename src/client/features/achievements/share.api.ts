import { queryOptions, useQuery } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";

const shareEndpoints = endpointTable(() => import("#shared/achievements/share.ts"), "shareEndpoints");

export const shareQueries = {
  detail: (shareCode: string) =>
    queryOptions({
      queryKey: queryKeys.share.detail(shareCode),
      queryFn: async () => call((await shareEndpoints()).get, { params: { shareCode } }),
      // A missing or expired link will not appear by asking again.
      retry: false,
    }),
};

export const useSharedProgress = (shareCode: string) =>
  useQuery({ ...shareQueries.detail(shareCode), enabled: shareCode !== "" });
