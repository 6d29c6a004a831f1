import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, authToken, call, endpointTable, sessionUser } from "#client/lib/api.ts";
import { flushDeferred } from "#client/lib/deferred-actions.ts";
import { afterFirstScreen } from "#client/lib/first-screen.ts";
import { clearSession } from "#client/lib/query-client.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type {
  AuthResponse,
  LoginInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  RegisterInput,
  User,
} from "#shared/auth/contract.ts";

// Loaded on first use: the signed-out landing page must not wait for zod and the auth schemas.
const endpoints = endpointTable(() => import("#shared/auth/contract.ts"), "authEndpoints");

export const authQueries = {
  /**
   * The signed-in user, or null without a token. A token the server no longer knows signs the device out
   * in query-client.ts, which sets this to null too.
   */
  me: () =>
    queryOptions({
      queryKey: queryKeys.auth.me(),
      queryFn: async (): Promise<User | null> => {
        if (!authToken.get()) return null;
        const saved = sessionUser.get();
        // A saved user is on screen already (placeholderData) and boot.ts sent the request: its answer
        // is parsed (zod and the auth schemas load) once that screen has painted, not before it.
        if (saved) await afterFirstScreen();
        try {
          const user = await call((await endpoints()).me);
          sessionUser.set(user);
          return user;
        } catch (err) {
          // Offline (issue 23): the student last seen with this token, until the server can say.
          if (err instanceof ApiError && err.status === 0 && saved) return saved;
          throw err;
        }
      },
      // Drawn while the check runs: see sessionUser.
      placeholderData: () => sessionUser.get(),
    }),
};

const meKey = authQueries.me().queryKey;

/** Whether this server emails reset links (SMTP_URL): the sign-in form offers 'Forgot password?' only then. */
export const usePasswordResetAvailable = () =>
  useQuery({
    queryKey: queryKeys.auth.passwordReset(),
    queryFn: async () => (await call((await endpoints()).passwordResetAvailability)).available,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: async (body: PasswordResetRequestInput) =>
      call((await endpoints()).requestPasswordReset, { body }),
  });

/** Every session of the student ends with the reset, this device's too if it was signed in. */
export function useConfirmPasswordReset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordResetConfirmInput) =>
      call((await endpoints()).confirmPasswordReset, { body }),
    onSuccess: () => {
      if (authToken.get()) clearSession(qc);
    },
  });
}

/** The signed-in user changed here (signed in, renamed, onboarded): shown now and on the next reload. */
function showUser(qc: QueryClient, user: User) {
  qc.setQueryData(meKey, user);
  sessionUser.set(user);
}

export const useMe = () => useQuery(authQueries.me());

function useSignIn<I>(fn: (input: I) => Promise<AuthResponse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ token, user }) => {
      authToken.set(token);
      showUser(qc, user);
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
      // Changes made offline are sent while the token works, then the device forgets them.
      await (await import("#client/lib/outbox.ts")).closeOutbox();
      // The next person on this browser must not get this student's reminders.
      await (await import("#client/lib/push-device.ts")).forgetPushDevice();
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
    onSuccess: (user) => showUser(qc, user),
  });
}

export function useCompleteOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await endpoints()).completeOnboarding, { body: { isOnboarded: true } }),
    onSuccess: (user) => showUser(qc, user),
  });
}
