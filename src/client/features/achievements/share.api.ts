import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { shareEndpoints } from "#shared/achievements/share.ts";

export const shareQueries = {
  detail: (shareCode: string) =>
    queryOptions({
      queryKey: queryKeys.share.detail(shareCode),
      queryFn: () => call(shareEndpoints.get, { params: { shareCode } }),
      // A missing or expired link will not appear by asking again.
      retry: false,
    }),
};

export const useSharedProgress = (shareCode: string) =>
  useQuery({ ...shareQueries.detail(shareCode), enabled: shareCode !== "" });
