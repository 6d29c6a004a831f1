import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authToken, call } from "#client/lib/api.ts";
import { flushDeferred } from "#client/lib/deferred-actions.ts";
import { clearSession } from "#client/lib/query-client.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { AuthResponse, LoginInput, RegisterInput, User } from "#shared/auth.ts";

// Loaded on first use: the signed-out landing page must not wait for zod and the auth schemas.
const endpoints = async () => (await import("#shared/auth.ts")).authEndpoints;

export const authQueries = {
  /**
   * The signed-in user, or null without a token. A token the server no longer knows signs the device out
   * in query-client.ts, which sets this to null too.
   */
  me: () =>
    queryOptions({
      queryKey: queryKeys.auth.me(),
      queryFn: async (): Promise<User | null> => (authToken.get() ? call((await endpoints()).me) : null),
    }),
};

const meKey = authQueries.me().queryKey;

export const useMe = () => useQuery(authQueries.me());

function useSignIn<I>(fn: (input: I) => Promise<AuthResponse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ token, user }) => {
      authToken.set(token);
      qc.setQueryData(meKey, user);
    },
  });
}

export const useLogin = () =>
  useSignIn(async (body: LoginInput) => call((await endpoints()).login, { body }));
export const useRegister = () =>
  useSignIn(async (body: RegisterInput) => call((await endpoints()).register, { body }));

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // An Undo window still open (a deleted task) is closed while the token still works.
      await flushDeferred();
      // Revoke on the server when we can; signing out locally must work even offline.
      await call((await endpoints()).logout).catch(() => undefined);
    },
    onSettled: () => clearSession(qc),
  });
}

export function useUpdateUsername() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => call((await endpoints()).updateMe, { body: { username } }),
    onSuccess: (user) => qc.setQueryData(meKey, user),
  });
}

export function useCompleteOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await endpoints()).completeOnboarding, { body: { isOnboarded: true } }),
    onSuccess: (user) => qc.setQueryData(meKey, user),
  });
}
