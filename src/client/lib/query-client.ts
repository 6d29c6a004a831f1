import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError, authToken } from "./api.ts";
import { dropDeferred } from "./deferred-actions.ts";
import { queryKeys } from "./query-keys.ts";
import { forgetTheme } from "./theme.ts";
import { toast } from "./toast.tsx";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * Other features' data this mutation changes (query-key prefixes from query-keys.ts), refreshed once
       * it succeeds; a function when it depends on the answer.
       */
      invalidates?: readonly QueryKey[] | ((data: unknown) => readonly QueryKey[]);
    };
  }
}

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";

/**
 * Signed out on this device: no token, no user (the router shows onboarding), nothing cached, no theme
 * and no waiting Undo action, so the next student on a shared computer starts clean.
 */
export function clearSession(qc: QueryClient) {
  authToken.clear();
  dropDeferred();
  forgetTheme();
  // The user first, so the router switches to onboarding before the screens that held the data unmount.
  qc.setQueryData(queryKeys.auth.me(), null);
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.auth.all[0] });
}

/** Any call that finds its session gone (expired, or signed out elsewhere) signs this device out too. */
function onError(err: unknown) {
  if (!(err instanceof ApiError) || err.code !== "session_expired" || !authToken.get()) return;
  clearSession(queryClient);
  toast({ title: SESSION_EXPIRED_MESSAGE, variant: "destructive" });
}

/**
 * Refetches what is on screen and drops the rest, so it loads fresh when next shown (queries never go
 * stale by themselves here, and a stale query would not refetch on mount).
 */
async function refresh(keys: readonly QueryKey[]) {
  await Promise.all(
    keys.map(async (queryKey) => {
      await queryClient.invalidateQueries({ queryKey, refetchType: "active" });
      queryClient.removeQueries({ queryKey, type: "inactive" });
    }),
  );
}

/** SPEC §4: data is never stale, no automatic refetch, no refetch on focus, no retries. */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({
    onError,
    onSuccess: (data, _vars, _ctx, mutation) => {
      const declared = mutation.meta?.invalidates;
      const keys = typeof declared === "function" ? declared(data) : declared;
      return keys?.length ? refresh(keys) : undefined;
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchOnMount: false,
      retry: false,
      // Offline, a query still runs (issue 23): the ones with an offline answer give it, the rest fail
      // with 'Could not reach Studyhall' instead of waiting without a word.
      networkMode: "always",
    },
    mutations: { retry: false, networkMode: "always" },
  },
});
