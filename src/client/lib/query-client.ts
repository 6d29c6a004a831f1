import { QueryClient } from "@tanstack/react-query";

/** SPEC §4: data is never stale, no automatic refetch, no refetch on focus, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchOnMount: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
