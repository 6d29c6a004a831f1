import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, download } from "#client/lib/api.ts";
import { clearSession } from "#client/lib/query-client.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { ChangePasswordInput, DeleteAccountInput } from "#shared/auth/contract.ts";

// The account controls of Settings (issue 27); the schemas load with the tab.
const endpoints = async () => (await import("#shared/auth/contract.ts")).authEndpoints;

export const deviceQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.settings.devices(),
      queryFn: async () => call((await endpoints()).sessions),
    }),
};

export const useDevices = () => useQuery(deviceQueries.list());

function useDeviceMutation<I>(fn: (input: I) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.settings.devices() }),
  });
}

export const useChangePassword = () =>
  useDeviceMutation(async (body: ChangePasswordInput) => call((await endpoints()).changePassword, { body }));
export const useSignOutDevice = () =>
  useDeviceMutation(async (id: number) => call((await endpoints()).revokeSession, { params: { id } }));
export const useSignOutOtherDevices = () =>
  useDeviceMutation(async () => call((await endpoints()).revokeOtherSessions));

/** Downloads the ZIP of all the student's data and saves it with the server's file name. */
export function useDownloadData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await download((await endpoints()).exportData);
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return filename;
    },
  });
}

/** Deletes the account; this device is then signed out like any other. */
export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeleteAccountInput) => call((await endpoints()).deleteAccount, { body }),
    onSuccess: () => clearSession(qc),
  });
}
