import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, authToken, call } from "#client/lib/api.ts";
import type { AuthResponse, LoginInput, RegisterInput, User } from "#shared/auth.ts";

// Loaded on first use: the signed-out landing page must not wait for zod and the auth schemas.
const endpoints = async () => (await import("#shared/auth.ts")).authEndpoints;

export const authKeys = {
  me: ["auth", "me"] as const,
};

/** The signed-in user, or null when there is no token or the lookup fails (which clears the token). */
export function useMe() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: async (): Promise<User | null> => {
      if (!authToken.get()) return null;
      try {
        return await call((await endpoints()).me);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          authToken.clear();
          return null;
        }
        throw err;
      }
    },
  });
}

function useSignIn<I>(fn: (input: I) => Promise<AuthResponse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ token, user }) => {
      authToken.set(token);
      qc.setQueryData(authKeys.me, user);
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
      // Revoke on the server when we can; signing out locally must work even offline.
      await call((await endpoints()).logout).catch(() => undefined);
    },
    onSettled: () => {
      authToken.clear();
      // Signed out now; then drop everything cached for this student so the next one starts clean.
      qc.setQueryData(authKeys.me, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me[0] });
    },
  });
}

export function useUpdateUsername() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => call((await endpoints()).updateMe, { body: { username } }),
    onSuccess: (user) => qc.setQueryData(authKeys.me, user),
  });
}

export function useCompleteOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await endpoints()).completeOnboarding, { body: { isOnboarded: true } }),
    onSuccess: (user) => qc.setQueryData(authKeys.me, user),
  });
}
