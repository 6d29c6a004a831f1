import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authToken, call } from "#client/lib/api.ts";
import { clearSession } from "#client/lib/query-client.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import {
  type AuthResponse,
  authEndpoints,
  type LoginInput,
  type RegisterInput,
  type User,
} from "#shared/auth.ts";

export const authQueries = {
  /**
   * The signed-in user, or null without a token. A token the server no longer knows signs the device out
   * in query-client.ts, which sets this to null too.
   */
  me: () =>
    queryOptions({
      queryKey: queryKeys.auth.me(),
      queryFn: async (): Promise<User | null> => (authToken.get() ? call(authEndpoints.me) : null),
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

export const useLogin = () => useSignIn((body: LoginInput) => call(authEndpoints.login, { body }));
export const useRegister = () => useSignIn((body: RegisterInput) => call(authEndpoints.register, { body }));

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Revoke on the server when we can; signing out locally must work even offline.
      await call(authEndpoints.logout).catch(() => undefined);
    },
    onSettled: () => clearSession(qc),
  });
}

export function useUpdateUsername() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => call(authEndpoints.updateMe, { body: { username } }),
    onSuccess: (user) => qc.setQueryData(meKey, user),
  });
}

export function useCompleteOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(authEndpoints.completeOnboarding, { body: { isOnboarded: true } }),
    onSuccess: (user) => qc.setQueryData(meKey, user),
  });
}
