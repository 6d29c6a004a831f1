import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, authToken, call } from "#client/lib/api.ts";
import {
  type AuthResponse,
  authEndpoints,
  type LoginInput,
  type RegisterInput,
  type User,
} from "#shared/auth.ts";

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
        return await call(authEndpoints.me);
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

export const useLogin = () => useSignIn((body: LoginInput) => call(authEndpoints.login, { body }));
export const useRegister = () => useSignIn((body: RegisterInput) => call(authEndpoints.register, { body }));

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Revoke on the server when we can; signing out locally must work even offline.
      await call(authEndpoints.logout).catch(() => undefined);
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
    mutationFn: (username: string) => call(authEndpoints.updateMe, { body: { username } }),
    onSuccess: (user) => qc.setQueryData(authKeys.me, user),
  });
}

export function useCompleteOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(authEndpoints.completeOnboarding, { body: { isOnboarded: true } }),
    onSuccess: (user) => qc.setQueryData(authKeys.me, user),
  });
}
